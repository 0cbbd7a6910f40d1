// News that check-in figures changed, on the live channel (the console's Overview reads them again).
import { CHECKINS_TOPIC, type CheckinsLiveEvent } from '@mc/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveHub } from '../../live/hub.ts';
import { CoalescingFeed } from '../../live/coalescing-feed.ts';

/**
 * How long check-ins gather before the one message about them goes out: four doors scanning as
 * fast as they can are a message every two seconds per instance, not one per scan, and the
 * Overview's figures stay within seconds of the doors.
 */
export const CHECKINS_FLUSH_INTERVAL_MS = 2_000;

/**
 * Check-in changes per instance, as one message per interval. The message carries no person and
 * no count: only that the figures changed, which the console (organisers only) then reads with
 * organiser_checkin_figures.
 */
export function checkinsFeed(hub: LiveHub, log: FastifyBaseLogger): CoalescingFeed {
  return new CoalescingFeed({
    intervalMs: () => hub.pace(CHECKINS_TOPIC, CHECKINS_FLUSH_INTERVAL_MS),
    changeOf: () => ({ key: CHECKINS_TOPIC, now: false }),
    log,
    failure: 'check-in news could not be sent on the live channel',
    send: async () => hub.publish(CHECKINS_TOPIC, { changed: true } satisfies CheckinsLiveEvent),
  });
}
