import { agendaFeature } from './features/agenda/index.ts';
import { announcementsFeature } from './features/announcements/index.ts';
import { checkinFeature } from './features/checkin/index.ts';
import { languagesFeature } from './features/languages/index.ts';
import { matchingFeature } from './features/matching/index.ts';
import { mfaFeature } from './features/mfa/index.ts';
import { missionsFeature } from './features/missions/index.ts';
import { moderationFeature } from './features/moderation/index.ts';
import { notificationsFeature } from './features/notifications/index.ts';
import { pollsFeature } from './features/polls/index.ts';
import { feedbackFeature } from './features/feedback/index.ts';
import { organiserFeature } from './features/organiser/index.ts';
import { privacyFeature } from './features/privacy/index.ts';
import { progressFeature } from './features/progress/index.ts';
import { profilesFeature } from './features/profiles/index.ts';
import { programmeFeature } from './features/programme/index.ts';
import { questionsFeature } from './features/questions/index.ts';
import { rolesFeature } from './features/roles/index.ts';
import { roundsFeature } from './features/rounds/index.ts';
import { surveysFeature } from './features/surveys/index.ts';
import { teamsFeature } from './features/teams/index.ts';
import { translationsFeature } from './features/translations/index.ts';
import { usersFeature } from './features/users/index.ts';
import type { FeatureManifest } from './kernel/manifest.ts';

/**
 * Every server feature, by its manifest (features/<name>/index.ts): part of the root
 * (docs/ARCHITECTURE.md), the one list that knows them all. procedures.ts, app.ts and server.ts
 * loop over it; a new feature is one line here.
 */
export const FEATURES = [
  usersFeature,
  surveysFeature,
  profilesFeature,
  missionsFeature,
  teamsFeature,
  mfaFeature,
  agendaFeature,
  organiserFeature,
  programmeFeature,
  announcementsFeature,
  moderationFeature,
  notificationsFeature,
  roundsFeature,
  rolesFeature,
  privacyFeature,
  matchingFeature,
  languagesFeature,
  translationsFeature,
  pollsFeature,
  questionsFeature,
  checkinFeature,
  progressFeature,
  feedbackFeature,
] as const;

/** The same list, for loops over what any manifest may hold. */
export const MANIFESTS: readonly FeatureManifest[] = FEATURES;
