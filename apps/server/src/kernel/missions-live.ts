import type { FastifyBaseLogger } from 'fastify';
import { MISSIONS_TOPIC, type LiveMissionCounts, type MissionsLiveEvent } from '@mc/contract';
import type { Db } from '../db/db.ts';
import type { LiveHub } from '../live/hub.ts';
import { missionVisibleSql } from './visibility.ts';
import type { MissionChange } from './effects.ts';

/**
 * THE one place that decides which missions the live channel may show. Its messages go to every
 * attendee alike, and the closing-panel ranking is shown to a whole room, so a mission the
 * organisers hid must fail this test even for its own team: it is then sent as "removed", never
 * with its counts. It is the missions' own visibility rule, for a viewer who is nobody in
 * particular (in no team, not an organiser). Whatever hides or shows a mission declares it
 * changed (`tx.effects.missionsChanged([id])`, kernel/effects.ts), so open screens drop or regain
 * it at once.
 */
export function liveVisibleSql(alias: string): string {
  return missionVisibleSql(alias, 'null::uuid');
}

/**
 * At most one missions message per this interval, per instance, whatever the number of votes. The
 * first change after a quiet interval goes at once. Each message costs one socket write per open
 * screen (the benchmark measured about 12 µs of server CPU each, so some 25 ms for 2,000 screens):
 * two a second keep that near 5 % of a core during the spike, and a vote still reaches every
 * screen well within a second (docs/performance.md). With many more screens the hub stretches the
 * interval (LiveHub.pace, up to SLOWEST_PACE_MS) so sending stays a small share of the instance's time.
 */
export const MISSIONS_FLUSH_INTERVAL_MS = 500;

/**
 * Coalesces mission changes per instance: the ids that arrive within an interval are read once
 * (one query for all of them, current counts) and sent as ONE message to every follower. A
 * thousand votes a second on one mission become two messages a second per screen, and 2,000
 * screens cost one query and 2,000 writes of the same bytes per interval.
 */
export class MissionsFeed {
  private readonly counts = new Set<string>();
  private readonly changed = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private flushing = false;
  private lastFlush = 0;

  constructor(
    private readonly db: Db,
    private readonly hub: LiveHub,
    private readonly log: FastifyBaseLogger,
  ) {}

  receive(data: unknown): void {
    const change = data as MissionChange;
    for (const id of change.counts ?? []) if (typeof id === 'string') this.counts.add(id);
    for (const id of change.changed ?? []) if (typeof id === 'string') this.changed.add(id);
    this.schedule();
  }

  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    if (this.timer || this.flushing || (this.counts.size === 0 && this.changed.size === 0)) return;
    const wait = Math.max(0, this.lastFlush + this.hub.pace(MISSIONS_TOPIC, MISSIONS_FLUSH_INTERVAL_MS) - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, wait);
  }

  private async flush(): Promise<void> {
    this.lastFlush = Date.now();
    const changed = [...this.changed];
    const ids = [...new Set([...this.counts, ...changed])];
    this.counts.clear();
    this.changed.clear();
    if (!this.hub.hasSubscribers(MISSIONS_TOPIC)) return;
    this.flushing = true;
    try {
      const rows = await this.db.query<LiveMissionCounts>(
        `select m.mission_id, m.vote_count, m.subscription_count,
                (select count(*) from mission_members mm where mm.mission_id = m.mission_id)::int as team_count
           from missions m
          where m.mission_id = any($1::uuid[]) and ${liveVisibleSql('m')}`,
        [ids],
      );
      const visible = new Set(rows.map((row) => row.mission_id));
      const event: MissionsLiveEvent = {
        counts: rows,
        changed: changed.filter((id) => visible.has(id)),
        removed: ids.filter((id) => !visible.has(id)),
      };
      this.hub.publish(MISSIONS_TOPIC, event);
    } catch (error) {
      // The browsers miss this change; the next one, or their next read, brings the right counts.
      this.log.warn({ err: error }, 'live mission counts could not be read');
    } finally {
      this.flushing = false;
      this.schedule();
    }
  }
}
