import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnnouncementAudience, LanguageCode, ProcedureParams } from '@mc/contract';
import { callRpc } from '../../lib/rpc';
import { queryKeys } from '../../lib/queryKeys';
import { useAuth } from '../../lib/auth';

/**
 * Whether the signed-in person is an organiser. This only shows or hides the console's menu entry
 * and its screens: the server checks the role on every organiser call, whatever the browser thinks.
 */
export function organiserStatusQuery(userId: string | null) {
  return queryOptions({
    queryKey: queryKeys.organiserStatus(userId),
    enabled: userId !== null,
    queryFn: async () => (await callRpc('get_my_organiser_status', {})).is_organiser,
    staleTime: 60_000,
  });
}

export function useOrganiserStatus() {
  const { user } = useAuth();
  return useQuery(organiserStatusQuery(user?.id ?? null));
}

/*
 * The procedures the console's screens call (docs/product.md#procedures), each in one place; the
 * moderation and programme ones are in moderationApi.ts and programme/programmeApi.ts.
 */
export const listOrganisers = () => callRpc('list_organisers', {});
export const grantOrganiser = (email: string) => callRpc('grant_organiser', { p_email: email });
export const revokeOrganiser = (email: string) => callRpc('revoke_organiser', { p_email: email });
export const resetMfa = (email: string) => callRpc('reset_mfa', { p_email: email });
export const getOfferedLanguages = () => callRpc('get_offered_languages', {});
export const setLanguageOffered = (language: LanguageCode, offered: boolean) => callRpc('set_language_offered', { p_language: language, p_offered: offered });
export const getPrivacyPageSource = () => callRpc('get_privacy_page_source', {});
/** Saves the organisers' privacy page; null goes back to the built-in template. */
export const savePrivacyPage = (body: string | null) => callRpc('save_privacy_page', { p_body: body });
export const listAuditLog = (params: ProcedureParams<'list_audit_log'>) => callRpc('list_audit_log', params);
export const listVoteRounds = () => callRpc('list_vote_rounds', {});
/** A part's session hosts (docs/product.md#session-hosts). */
export const listPartHosts = (partId: string) => callRpc('list_part_hosts', { p_part_id: partId });
export const addPartHost = (partId: string, email: string) => callRpc('add_part_host', { p_part_id: partId, p_email: email });
export const removePartHost = (partId: string, userId: string) => callRpc('remove_part_host', { p_part_id: partId, p_user_id: userId });
/** Creates a round, or changes the one with `roundId`. */
export const saveVoteRound = (roundId: string | null, params: ProcedureParams<'create_vote_round'>) =>
  roundId ? callRpc('update_vote_round', { p_round_id: roundId, ...params }) : callRpc('create_vote_round', params);
/** Moves a round on: opens, closes or reveals it. */
export const moveVoteRound = (step: 'open_vote_round' | 'close_vote_round' | 'reveal_vote_round', roundId: string) => callRpc(step, { p_round_id: roundId });
export const listAnnouncements = () => callRpc('list_announcements', {});
export const createAnnouncement = (params: ProcedureParams<'create_announcement'>) => callRpc('create_announcement', params);
export const countAnnouncementRecipients = (audience: AnnouncementAudience, partId: string | null) =>
  callRpc('count_announcement_recipients', { p_audience: audience, p_part_id: partId });
export const listAnnouncementRecipients = (audience: AnnouncementAudience, partId: string | null) =>
  callRpc('list_announcement_recipients', { p_audience: audience, p_part_id: partId });
/** The console's Translations section (docs/product.md#languages). */
export const listTranslations = (params: ProcedureParams<'list_translations'>) => callRpc('list_translations', params);
export const correctTranslation = (params: ProcedureParams<'correct_translation'>) => callRpc('correct_translation', params);
export const setTranslationReviewed = (params: ProcedureParams<'set_translation_reviewed'>) => callRpc('set_translation_reviewed', params);
export const exportTranslationCorrections = (language: ProcedureParams<'export_translation_corrections'>['p_language']) =>
  callRpc('export_translation_corrections', { p_language: language });
