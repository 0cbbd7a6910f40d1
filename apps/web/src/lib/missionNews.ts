import type { Mission, MissionDetails } from '@mc/contract';

/**
 * What this page learnt about a mission while a read of the missions may have been on its way:
 * counts from the live channel, a mission gone from view, and a person's own vote or follow once
 * its answer came. A read's answer was put together when the read started or later, so anything
 * learnt after it started may be newer than the answer, and is laid over it. Without this, a list
 * read that crossed a vote would take that vote's count back until the mission's next change.
 *
 * Counts are the same for everyone; a vote or follow is one person's, kept under who made it, so a
 * toggle answer that comes after a sign-out never shows on the next person's read in the same tab.
 *
 * A value learnt after the read started but older than its answer does no lasting harm: whatever
 * changed in between reaches the page as a later live message.
 */
type Count = 'vote_count' | 'subscription_count' | 'team_count';
type OwnFlag = 'is_voted' | 'is_subscribed';
/** `removed`: hidden by the organisers or deleted; counts learnt later mean it is back in view. */
export type MissionNews = Partial<Pick<Mission, Count>> & { removed?: true };
export type OwnNews = Partial<Pick<Mission, OwnFlag>>;
type NewsField = keyof MissionNews | OwnFlag;

/**
 * When each field was last learnt, and its value then: under the mission's id for what everyone
 * shares, under the viewer's and the mission's for a person's own flags (a few fields per mission
 * and person: no pruning needed).
 */
const learnt = new Map<string, Map<NewsField, { at: number; value: number | boolean }>>();

function ownKey(viewerId: string | null, missionId: string): string {
  return `${viewerId ?? 'anonymous'} ${missionId}`;
}

/** The one clock for reads' starts and news: the page's monotonic clock. */
export function newsClock(): number {
  return performance.now();
}

function note(key: string, news: Partial<Record<NewsField, number | boolean>>, at: number): Map<NewsField, { at: number; value: number | boolean }> {
  let fields = learnt.get(key);
  if (!fields) learnt.set(key, (fields = new Map()));
  for (const [field, value] of Object.entries(news) as [NewsField, number | boolean | undefined][]) {
    if (value !== undefined) fields.set(field, { at, value });
  }
  return fields;
}

/** Counts or a removal, the same for everyone. */
export function noteMissionNews(missionId: string, news: MissionNews, at: number = newsClock()): void {
  const fields = note(missionId, news, at);
  if (news.vote_count !== undefined) fields.delete('removed');
}

/** The viewer's own vote or follow, as a toggle's answer or a check left it. */
export function noteOwnNews(viewerId: string | null, missionId: string, news: OwnNews, at: number = newsClock()): void {
  note(ownKey(viewerId, missionId), news, at);
}

/** What was learnt about the mission since `startedAt`, for everyone and for this viewer, or null when nothing was. */
function newsSince(missionId: string, viewerId: string | null, startedAt: number): (MissionNews & OwnNews) | null {
  const fields = [...(learnt.get(missionId) ?? []), ...(learnt.get(ownKey(viewerId, missionId)) ?? [])];
  const news = fields.filter(([, { at }]) => at > startedAt).map(([field, { value }]) => [field, value]);
  return news.length ? (Object.fromEntries(news) as MissionNews & OwnNews) : null;
}

/** Only the fields the row has: a mission's details carry no team count of their own, and no row has `removed`. */
function laidOver<T extends object>(row: T, news: MissionNews & OwnNews): T {
  const present = Object.entries(news).filter(([field]) => field in row);
  return present.length ? { ...row, ...Object.fromEntries(present) } : row;
}

/** A list read's answer for `viewerId`, with what was learnt since the read started: a mission gone since then is left out. */
export function listWithNewsSince(startedAt: number, viewerId: string | null, missions: Mission[]): Mission[] {
  return missions.flatMap((mission) => {
    const news = newsSince(mission.mission_id, viewerId, startedAt);
    if (news?.removed) return [];
    return news ? [laidOver(mission, news)] : [mission];
  });
}

/** A details read's answer for `viewerId`, with what was learnt since the read started (a mission gone is the details page's own to say). */
export function detailsWithNewsSince(startedAt: number, viewerId: string | null, details: MissionDetails | null): MissionDetails | null {
  if (!details) return details;
  const news = newsSince(details.mission.mission_id, viewerId, startedAt);
  return news ? { ...laidOver(details, news), mission: laidOver(details.mission, news) } : details;
}
