/**
 * What `npm start` logs (its "msg") once the server listens and its database is ready: whatever
 * starts the server and waits for it (the browser journeys' set-up) watches its log for this.
 */
export const READY_LOG_TEXT = 'Mission Control is ready';
