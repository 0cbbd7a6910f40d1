/**
 * The live channel: one WebSocket per browser at LIVE_SOCKET_PATH that carries changes any signed-in
 * attendee may see (counts, not who voted). Messages are JSON text frames. It is built on topics so
 * a later feature can send per-person messages on the same connection (topic `user:<id>`, which the
 * server delivers only to that person's connections).
 */
export const LIVE_SOCKET_PATH = '/live/v1/websocket';

/** The public topic of mission counts and changes. */
export const MISSIONS_TOPIC = 'missions';

/**
 * The public topic that says check-in figures changed (docs/product.md#check-in-at-the-door): at
 * most every two seconds per server instance, carrying no person and no count; the console's
 * Overview then reads organiser_checkin_figures again.
 */
export const CHECKINS_TOPIC = 'checkins';
/** What the checkins topic sends. */
export interface CheckinsLiveEvent {
  changed: true;
}

/** Close codes the server uses; the client reconnects after each with a fresh access token. */
export const LIVE_CLOSE = {
  /** No valid access token in time, or it expired without a new one. */
  unauthorised: 4401,
  /** The client could not keep up with its messages: reconnect and read afresh. */
  tooSlow: 4408,
  /** The client kept sending messages that are not ours (not JSON, wrong shape, binary). */
  badMessages: 4400,
} as const;

/** One mission's public counts as they are now (the same numbers get_all_missions answers). */
export interface LiveMissionCounts {
  mission_id: string;
  vote_count: number;
  subscription_count: number;
  team_count: number;
}

/**
 * What the missions topic sends, at most a few times a second: the current counts of the missions
 * that changed since the last message, the missions whose content or team changed (read them again
 * when shown), and the missions gone from view (deleted, or hidden by the organisers).
 */
export interface MissionsLiveEvent {
  counts: LiveMissionCounts[];
  changed: string[];
  removed: string[];
}

export type LiveClientMessage = { type: 'auth'; token: string } | { type: 'subscribe'; topics: string[] } | { type: 'unsubscribe'; topics: string[] };

export type LiveServerMessage =
  /** The token was accepted: subscriptions may follow. */
  | { type: 'ready' }
  /**
   * A subscribe message was taken: from now on every change on these topics (the ones it may
   * follow) reaches this connection. What changed before may not have: a screen reads afresh what
   * it shows once this arrives, so nothing made while it was connecting is missed.
   */
  | { type: 'subscribed'; topics: string[] }
  /** Something on a subscribed topic. */
  | { type: 'event'; topic: string; data: unknown }
  /** The server may have missed changes (its database listener reconnected): read everything afresh. */
  | { type: 'resync' }
  | { type: 'error'; message: string };
