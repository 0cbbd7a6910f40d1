/** Business constants shared by the server and the web app (docs/product.md#constants). */
export const MIN_AGE = 18;
/** Oldest plausible age: a date of birth further back is a typing slip (a year 0100 or 1000), not a person. */
export const MAX_AGE = 120;
export const MIN_MOBILE_LENGTH = 10;
export const DEFAULT_COUNTRY = { code: 'ZA', dialCode: '+27' } as const;
export const USER_SEARCH_DEBOUNCE_MS = 500;
export const MISSION_TEXT_MAX = 1000;
/** Short single-line fields (names, titles, core message) are capped so nobody stores a novel. */
export const SHORT_TEXT_MAX = 200;
/** Role profile free-text answers. */
export const PROFILE_TEXT_MAX = 2000;
export const TOAST_DURATION_MS = 4000;
export const TITLE_TYPING_MS = 80;
export const PRE_SURVEY_FRAME_HEIGHT = 900;
export const POST_SURVEY_FRAME_HEIGHT = 1400;

export const OBJECTIVES = [
  'Faith / Spirituality',
  'Life & Well-being',
  'Intellect & Knowledge',
  'Family & Care',
  'Wealth & Economic Justice',
  'Dignity & Honour',
  'Not sure yet',
] as const;
export type Objective = (typeof OBJECTIVES)[number];

export const ROLE_ARCHETYPES = ['Visionary', 'Leader', 'Architect', 'Teacher', 'Connector', 'Creator', 'Storyteller'] as const;
export type RoleArchetype = (typeof ROLE_ARCHETYPES)[number];

export const SURVEY_TYPES = ['pre_survey_completed', 'post_survey_completed'] as const;
export type SurveyType = (typeof SURVEY_TYPES)[number];

export const CONSENT_ANONYMOUS = 'I prefer my responses to remain anonymous.';
export const CONSENT_SHARE = 'I am happy to share my name and contact details.';

/**
 * The interface's languages (docs/product.md#languages), English first and the default. An
 * account keeps one in its metadata (`language`), which the server's mails follow.
 */
export const LANGUAGE_CODES = ['en', 'af', 'zu', 'xh'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

/** How many years before or after the event's year a date or moment a person sends may fall (moments.ts). */
export const MOMENT_YEARS_AROUND_EVENT = 5;
