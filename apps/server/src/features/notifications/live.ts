import type { FastifyBaseLogger } from 'fastify';
import { userTopic, type UserLiveEvent } from '@mc/contract';
import type { Db } from '../../db/db.ts';
import type { LiveHub } from '../../live/hub.ts';
import { MISSIONS_FLUSH_INTERVAL_MS } from '../../kernel/missions-live.ts';
import { readBells } from './procedures.ts';

/** Events newer than this are looked at; a change's transaction is far shorter. */
const LOOK_BACK_SECONDS = 60;

/**
 * Tells the people connected to THIS instance that they have new notifications, on their own
 * topic (`user:<id>`). Every change that records notifications declares it (kernel/effects.ts),
 * which after its commit puts NEW_NOTIFICATIONS_TOPIC on the bus, naming also the people whose
 * bell changed without a new notification (a request they were asked to answer, withdrawn or
 * answered by someone else); vote milestones come with the missions event of the vote counts.
 * Either wakes it. It then reads, once per interval and instance, which recent notifications have
 * readers connected here, and sends each of them (and each person named) their bell as
 * get_my_notifications would answer it (in the language of their account, as no request names
 * one here), all read at once by the same query (readBells), which alone decides what each reader
 * may see.
 */
export class NotificationsFeed {
  private readonly sent = new Map<string, number>();
  /** People named by a change whose bell changed without a new notification of theirs. */
  private readonly named = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private again = false;

  constructor(
    private readonly db: Db,
    private readonly hub: LiveHub,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** These people's bells changed (and maybe others', by new notifications): read them soon. */
  bellsChanged(userIds: readonly string[]): void {
    for (const id of userIds) if (typeof id === 'string') this.named.add(id);
    this.poke();
  }

  poke(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, MISSIONS_FLUSH_INTERVAL_MS);
  }

  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async flush(): Promise<void> {
    const named = [...this.named];
    this.named.clear();
    if (this.hub.size === 0) return;
    this.running = true;
    try {
      const cutoff = Date.now() - 2 * LOOK_BACK_SECONDS * 1000;
      for (const [key, at] of this.sent) if (at < cutoff) this.sent.delete(key);
      // A mission event's readers are known by the event ("e<id>"), a notification without one
      // (programme alerts, announcements, reminders) by itself ("n<id>"); each read uses its
      // creation-time index.
      const sentIds = (prefix: string) => [...this.sent.keys()].filter((key) => key.startsWith(prefix)).map((key) => key.slice(1));
      const rows = await this.db.query<{ key: string; user_id: string }>(
        `select 'e' || e.id as key, n.user_id
           from mission_events e join notifications n on n.event_id = e.id
          where e.created_at > now() - make_interval(secs => ${LOOK_BACK_SECONDS}) and not (e.id = any($1::bigint[]))
         union all
         select 'n' || n.id, n.user_id
           from notifications n
          where n.event_id is null and n.created_at > now() - make_interval(secs => ${LOOK_BACK_SECONDS}) and not (n.id = any($2::bigint[]))`,
        [sentIds('e'), sentIds('n')],
      );
      const readers = new Set<string>(named.filter((id) => this.hub.hasSubscribers(userTopic(id))));
      for (const row of rows) {
        this.sent.set(row.key, Date.now());
        if (this.hub.hasSubscribers(userTopic(row.user_id))) readers.add(row.user_id);
      }
      if (readers.size === 0) return;
      // Their bells in one read, rather than each open app reading its own at the same moment.
      for (const [userId, list] of await readBells(this.db, [...readers])) {
        this.hub.publish(userTopic(userId), { notifications: true, list } satisfies UserLiveEvent);
      }
    } catch (error) {
      // The bell reads again when the window regains focus or the next change arrives.
      this.log.warn({ err: error }, 'new notifications could not be read for the live channel');
    } finally {
      this.running = false;
      if (this.again) {
        this.again = false;
        this.poke();
      }
    }
  }
}
