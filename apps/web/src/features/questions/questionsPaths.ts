/**
 * The projector screen of a part's questions. It is served by the /live route (its splat), whose
 * screen hands this path to the questions feature: a route of its own would add to the first
 * download, which /signin's budget has no room for (docs/decisions/050-the-room-talks-back.md).
 */
export const LIVE_QUESTIONS_PREFIX = '/live/questions/';

export const liveQuestionsPath = (partId: string): string => `${LIVE_QUESTIONS_PREFIX}${encodeURIComponent(partId)}`;
