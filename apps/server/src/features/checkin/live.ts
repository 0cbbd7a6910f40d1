// News that check-in figures changed, on the live channel (the console's Overview reads them again).
import { CHECKINS_TOPIC, type CheckinsLiveEvent } from '@mc/contract';
import type { LiveHub } from '../../live/hub.ts';

/**
 * How long check-ins gather before the one message about them goes out: four doors scanning as
 * fast as they can are a message every two seconds per instance, not one per scan, and the
 * Overview's figures stay within seconds of the doors.
 */
export const CHECKINS_FLUSH_INTERVAL_MS = 2_000;

/**
 * Coalesces check-in changes per instance. The message carries no person and no count: only that
 * the figures changed, which the console (organisers only) then reads with organiser_checkin_figures.
 */
export class CheckinsFeed {
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly hub: LiveHub) {}

  receive(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.hub.publish(CHECKINS_TOPIC, { changed: true } satisfies CheckinsLiveEvent);
    }, CHECKINS_FLUSH_INTERVAL_MS);
  }

  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
