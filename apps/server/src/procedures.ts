import type { ProcedureName } from '@mc/contract';
import { agendaProcedures } from './features/agenda/procedures.ts';
import { mfaProcedures } from './features/mfa/procedures.ts';
import { missionsProcedures } from './features/missions/procedures.ts';
import { moderationProcedures } from './features/moderation/procedures.ts';
import { notificationsProcedures } from './features/notifications/procedures.ts';
import { privacyProcedures } from './features/privacy/procedures.ts';
import { privacyPageProcedures } from './features/privacy/privacy-page.ts';
import { sessionProcedures } from './features/privacy/sessions.ts';
import { organiserProcedures } from './features/organiser/procedures.ts';
import { programmeProcedures } from './features/programme/procedures.ts';
import { versionProcedures } from './features/programme/version-procedures.ts';
import { announcementProcedures } from './features/announcements/procedures.ts';
import { reminderProcedures } from './features/notifications/reminders.ts';
import { rolesProcedures } from './features/roles/procedures.ts';
import { requestProcedures } from './features/roles/requests.ts';
import { matchingProcedures } from './features/matching/procedures.ts';
import { builderProcedures } from './features/matching/builder-procedures.ts';
import { cardProcedures } from './features/profiles/card-procedures.ts';
import { profilesProcedures } from './features/profiles/procedures.ts';
import { roundsProcedures } from './features/rounds/procedures.ts';
import { surveysProcedures } from './features/surveys/procedures.ts';
import { teamsProcedures } from './features/teams/procedures.ts';
import { usersProcedures } from './features/users/procedures.ts';
import { languageProcedures } from './features/languages/procedures.ts';
import type { Procedure } from './rpc/procedure.ts';

/**
 * Every procedure of the contract with its handler: part of the root (docs/ARCHITECTURE.md), the
 * one place that knows every feature; the RPC route gets `findProcedure` from here. The `satisfies` makes this complete by type:
 * a procedure added to the contract without a handler here does not compile, and a handler
 * filed under another procedure's name does not either.
 */
export const procedures = {
  ...usersProcedures,
  ...surveysProcedures,
  ...profilesProcedures,
  ...missionsProcedures,
  ...teamsProcedures,
  ...mfaProcedures,
  ...agendaProcedures,
  ...organiserProcedures,
  ...programmeProcedures,
  ...versionProcedures,
  ...announcementProcedures,
  ...reminderProcedures,
  ...moderationProcedures,
  ...notificationsProcedures,
  ...roundsProcedures,
  ...rolesProcedures,
  ...cardProcedures,
  ...requestProcedures,
  ...privacyProcedures,
  ...sessionProcedures,
  ...privacyPageProcedures,
  ...matchingProcedures,
  ...builderProcedures,
  ...languageProcedures,
} satisfies { [N in ProcedureName]: Procedure<N> };

/** The handler for a name from the URL, or undefined (also for inherited names such as "toString"). */
export function findProcedure(name: string): Procedure | undefined {
  return Object.hasOwn(procedures, name) ? procedures[name as ProcedureName] : undefined;
}
