/** What other features may use of voting rounds; everything else in this folder is its own business. */
export { default as VoteRoundBanner } from './VoteRoundBanner';
export { currentRoundQuery, roundPreviewQuery, roundResultQuery, venueTime } from './roundsApi';
export { default as LiveRoundPanel } from './LiveRoundPanel';
export { default as BellVoteLink } from './BellVoteLink';
