import { MISSIONS_TOPIC, ROUNDS_TOPIC } from '@mc/contract';
import { MissionsFeed } from './features/missions/live.ts';
import { RoundsFeed } from './features/rounds/live.ts';
import type { LiveFeeds } from './live/service.ts';

/**
 * The composition root: the one place that knows every feature and hands each its place in the
 * server (docs/ARCHITECTURE.md). Below it nothing imports a feature it does not own: the live
 * channel gets its feeds from here.
 */

/** Each live topic a feature coalesces itself; other topics go to the clients as they are published. */
export const LIVE_FEEDS: LiveFeeds = {
  [MISSIONS_TOPIC]: (db, hub, log) => new MissionsFeed(db, hub, log),
  [ROUNDS_TOPIC]: (db, hub, log) => new RoundsFeed(db, hub, log),
};
