/** What other features may use of surveys; everything else in this folder is its own business. */
export { madeAnonymityChoice } from './anonymity';
export type { PreConferenceState } from './PreConferencePage';
export { newGuid, preSurveyUrl, type SurveyAnonymity } from './surveyUrls';
