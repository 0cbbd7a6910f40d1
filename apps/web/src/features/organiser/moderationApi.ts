import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { EXPORTS, exportPath, type ExportName, type ProcedureParams } from '@mc/contract';
import { callRpc } from '../../lib/rpc';
import { queryKeys } from '../../lib/queryKeys';
import { screenKeys } from '../../lib/screenKeys';
import { supabase } from '../../lib/supabase';
import { i18n } from '../../i18n/i18n';

/** The Overview, Missions and People sections' reads; errors are thrown for each screen to show. */

/** The Overview refreshes itself this often while it is open, so its figures stay live. */
export const OVERVIEW_REFRESH_MS = 15_000;

export function overviewQuery(timeZone: string) {
  return queryOptions({
    queryKey: screenKeys.organiserOverview(timeZone),
    queryFn: () => callRpc('get_event_overview', { p_time_zone: timeZone }),
    refetchInterval: OVERVIEW_REFRESH_MS,
  });
}

export function organiserMissionsQuery() {
  return queryOptions({
    queryKey: screenKeys.organiserMissions,
    queryFn: () => callRpc('list_missions_for_organisers', {}),
  });
}

export function attendeesQuery(term: string) {
  return queryOptions({
    queryKey: screenKeys.organiserAttendees(term),
    queryFn: () => callRpc('find_attendees', { p_search_term: term }),
  });
}

export function attendeeActivityQuery(userId: string) {
  return queryOptions({
    queryKey: screenKeys.organiserAttendee(userId),
    queryFn: () => callRpc('get_attendee_activity', { p_user_id: userId }),
  });
}

export const deleteAttendeeAccount = (params: ProcedureParams<'delete_attendee_account'>) => callRpc('delete_attendee_account', params);
export const hideMission = (missionId: string, reason: string) => callRpc('hide_mission', { p_mission_id: missionId, p_reason: reason });
export const unhideMission = (missionId: string) => callRpc('unhide_mission', { p_mission_id: missionId });

/**
 * After any change in the console, everything it shows may be stale (a hidden mission changes the
 * Overview's ranking, a deleted account the mission list); attendee screens read missions again too.
 */
export async function refreshAfterChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.organiser }), queryClient.invalidateQueries({ queryKey: queryKeys.missions })]);
}

/**
 * Downloads one export: the server streams it with the organiser's access token (a plain link
 * could not carry it), then the browser saves it under the server's file name.
 */
export async function downloadExport(name: ExportName): Promise<string> {
  return downloadCsv(exportPath(name), EXPORTS[name].file);
}

/** Any CSV download of the console (exports, a round's result): the file name is the server's, or `fallbackName`. */
export async function downloadCsv(path: string, fallbackName: string): Promise<string> {
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new Error(i18n._('organiser.exports.sessionEnded'));
  const response = await fetch(path, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    const message = typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' ? body.message : null;
    throw new Error(message ?? i18n._('organiser.exports.failed', { status: response.status }));
  }
  const blob = await response.blob();
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked after the click has handed the file to the browser's download.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return fileName;
}

export function personName(person: { first_name: string; last_name: string; email: string }): string {
  return `${person.first_name} ${person.last_name}`.trim() || person.email;
}
