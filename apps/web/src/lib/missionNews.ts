import type { Mission, MissionDetails } from '@mc/contract';

/**
 * What this page learnt about a mission while a read of the missions may have been on its way:
 * counts from the live channel, a mission gone from view, and the person's own vote or follow once
 * its answer came. A read's
 * answer was put together when the read started or later, so anything learnt after it started may
 * be newer than the answer, and is laid over it. Without this, a list read that crossed a vote
 * would take that vote's count back until the mission's next change.
 *
 * A value learnt after the read started but older than its answer does no lasting harm: whatever
 * changed in between reaches the page as a later live message.
 */
type CountOrFlag = 'vote_count' | 'subscription_count' | 'team_count' | 'is_voted' | 'is_subscribed';
/** `removed`: hidden by the organisers or deleted; counts learnt later mean it is back in view. */
export type MissionNews = Partial<Pick<Mission, CountOrFlag>> & { removed?: true };
type NewsField = keyof MissionNews;

/** When each field of each mission was last learnt, and its value then (a few fields per mission: no pruning needed). */
const learnt = new Map<string, Map<NewsField, { at: number; value: number | boolean }>>();

/** The one clock for reads' starts and news: the page's monotonic clock. */
export function newsClock(): number {
  return performance.now();
}

export function noteMissionNews(missionId: string, news: MissionNews, at: number = newsClock()): void {
  let fields = learnt.get(missionId);
  if (!fields) learnt.set(missionId, (fields = new Map()));
  for (const [field, value] of Object.entries(news) as [NewsField, number | boolean | undefined][]) {
    if (value !== undefined) fields.set(field, { at, value });
  }
  if (news.vote_count !== undefined) fields.delete('removed');
}

/** What was learnt about the mission since `startedAt`, or null when nothing was. */
function newsSince(missionId: string, startedAt: number): MissionNews | null {
  const fields = learnt.get(missionId);
  if (!fields) return null;
  const news = [...fields].filter(([, { at }]) => at > startedAt).map(([field, { value }]) => [field, value]);
  return news.length ? (Object.fromEntries(news) as MissionNews) : null;
}

/** Only the fields the row has: a mission's details carry no team count of their own, and no row has `removed`. */
function laidOver<T extends object>(row: T, news: MissionNews): T {
  const present = Object.entries(news).filter(([field]) => field in row);
  return present.length ? { ...row, ...Object.fromEntries(present) } : row;
}

/** A list read's answer, with what was learnt since the read started: a mission gone since then is left out. */
export function listWithNewsSince(startedAt: number, missions: Mission[]): Mission[] {
  return missions.flatMap((mission) => {
    const news = newsSince(mission.mission_id, startedAt);
    if (news?.removed) return [];
    return news ? [laidOver(mission, news)] : [mission];
  });
}

/** A details read's answer, with what was learnt since the read started (a mission gone is the details page's own to say). */
export function detailsWithNewsSince(startedAt: number, details: MissionDetails | null): MissionDetails | null {
  if (!details) return details;
  const news = newsSince(details.mission.mission_id, startedAt);
  return news ? { ...laidOver(details, news), mission: laidOver(details.mission, news) } : details;
}
