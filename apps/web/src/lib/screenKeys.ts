/*
 * The second half of the key factory (lib/queryKeys.ts has the first): the keys only screens loaded
 * later read (the organisers' console, the account page, matching, the live rounds and requests),
 * in a file of their own so that the app's first download, the sign-in page's included, does not
 * carry them. Every key is still written in one of these two files only (eslint.web-once.js).
 */
export const screenKeys = {
  teamRoles: (missionId: string) => ['missions', 'team-roles', missionId] as const,
  /** The current round as every viewer has it cached (a live message updates all of them). */
  currentRoundOfAnyViewer: ['vote-rounds', 'current'] as const,
  /** Every viewer's bell (an answer to a request changes someone's). */
  notificationsOfAnyViewer: ['notifications'] as const,
  sessionReminders: (userId: string | null) => ['session-reminders', userId] as const,
  /** The signed-in devices of Sign-in and security. */
  mySessions: (userId: string | null) => ['account', 'sessions', userId] as const,
  /** "What others see of me": profile and settings changes refresh it. */
  seenByOthers: (userId: string | null) => ['account', 'seen-by-others', userId] as const,
  /** The privacy page in every language; an organiser's edit refreshes them all. */
  privacyPage: ['privacy-page'] as const,
  privacyPageIn: (language: string) => ['privacy-page', language] as const,
  missionsForMe: (userId: string | null, limit: number) => ['missions', 'for-me', userId, limit] as const,
  peopleForRole: (roleId: string) => ['missions', 'people-for-role', roleId] as const,
  teamBuilderOverview: ['missions', 'team-builder', 'overview'] as const,
  teamBuilderLeftOut: ['missions', 'team-builder', 'left-out'] as const,
  /** The signed-in person's badge (docs/product.md#my-badge). */
  myBadge: (userId: string | null) => ['badge', userId] as const,
  /** What a door needs to check codes (the keys and the event), or null for someone who is not door staff. */
  doorKeys: (userId: string | null) => ['checkin', 'keys', userId] as const,
  doorStaffStatus: (userId: string | null) => ['checkin', 'door-staff', userId] as const,
  checkinFind: (term: string) => ['checkin', 'find', term] as const,
  /** The organiser console's reads, each under organiser. */
  organiserOverview: (timeZone: string) => ['organiser', 'overview', timeZone] as const,
  organiserMissions: ['organiser', 'missions'] as const,
  organiserAttendees: (term: string) => ['organiser', 'attendees', term] as const,
  organiserAttendee: (userId: string) => ['organiser', 'attendee', userId] as const,
  organisers: ['organiser', 'organisers'] as const,
  offeredLanguages: ['organiser', 'offered-languages'] as const,
  privacyPageSource: ['organiser', 'privacy-page'] as const,
  auditLog: (actor: string, kind: string) => ['organiser', 'audit-log', actor, kind] as const,
  auditLogAll: ['organiser', 'audit-log'] as const,
  translationsAll: ['organiser', 'translations'] as const,
  translations: (language: string, filter: string, search: string, page: number) => ['organiser', 'translations', language, filter, search, page] as const,
  organiserRounds: ['organiser', 'rounds'] as const,
  organiserAnnouncements: ['organiser', 'announcements'] as const,
  /** Door staff (the People section) and the check-in figures (the Overview; the live channel's checkins topic refreshes them). */
  doorStaff: ['organiser', 'door-staff'] as const,
  checkinFiguresAll: ['organiser', 'checkin-figures'] as const,
  checkinFigures: (timeZone: string) => ['organiser', 'checkin-figures', timeZone] as const,
  publishPreview: ['organiser', 'publish-preview'] as const,
  /** The person's own feedback on a part, and whether they may give it. */
  myPartFeedback: (partId: string, userId: string | null) => ['part-feedback', partId, userId] as const,
  /** Every part's feedback in the console (under organiser). */
  organiserFeedback: ['organiser', 'feedback'] as const,
  /** A mission's check-ins as its owners read them. */
  missionCheckins: (missionId: string) => ['missions', 'checkins', missionId] as const,
  /** The console's "After the event" (under organiser), all missions or only those without news. */
  organiserAfterEvent: (noNewsOnly: boolean) => ['organiser', 'after-event', noNewsOnly] as const,
  /** Every part's polls as every viewer has them cached (a live message updates them all). */
  polls: ['polls'] as const,
  /** One part's polls as every viewer has them cached. */
  partPollsOfAnyViewer: (partId: string) => ['polls', partId] as const,
  /** One part's polls as this viewer sees them (with their own answers; the drafts for a host). */
  partPolls: (partId: string, userId: string | null) => ['polls', partId, userId] as const,
  /** A part's questions as one viewer reads them, in one order; every viewer's and order's copy starts with partQuestionsOfPart. */
  partQuestions: (partId: string, userId: string | null, sort: string) => ['questions', partId, userId, sort] as const,
  partQuestionsOfPart: (partId: string) => ['questions', partId] as const,
  /** The parts the person hosts (their moderation controls). */
  myHostedParts: (userId: string | null) => ['hosted-parts', userId] as const,
  /** A part's hosts in the console. */
  partHosts: (partId: string) => ['organiser', 'part-hosts', partId] as const,
  announcementRecipients: (audience: string, part: string | null) => ['organiser', 'announcement-recipients', audience, part] as const,
  announcementRecipientList: (audience: string, part: string | null) => ['organiser', 'announcement-recipient-list', audience, part] as const,
} as const;
