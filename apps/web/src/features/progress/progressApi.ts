import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { PROGRESS_LIMITS, PROGRESS_MESSAGES, UPDATE_PHOTO_UPLOAD_PATH, type Milestone, type MissionStatus, type UploadedPhoto } from '@mc/contract';
import { callRpc } from '../../lib/rpc';
import { queryKeys } from '../../lib/queryKeys';
import { supabase } from '../../lib/supabase';

/** The calls of a mission's updates, status, milestones and public page (docs/product.md#mission-updates). */

export function missionUpdatesQuery(missionId: string) {
  return queryOptions({
    queryKey: queryKeys.missionUpdates(missionId),
    queryFn: () => callRpc('get_mission_updates', { p_mission_id: missionId }),
  });
}

/** After a change: the updates and every copy of the mission (details, list) read again. */
export async function refreshMission(queryClient: QueryClient, missionId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.missionDetailsOfAnyViewer(missionId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.missionListOfAnyViewer }),
    queryClient.invalidateQueries({ queryKey: queryKeys.missionUpdates(missionId) }),
  ]);
}

/** Sends a photo to the server, which re-encodes it without its metadata; answers its id. */
export async function uploadPhoto(file: File): Promise<UploadedPhoto> {
  // Checked here too, so a large file is not sent over a phone's connection only to be refused.
  if (file.size > PROGRESS_LIMITS.photoBytes) throw new Error(PROGRESS_MESSAGES.photoTooLarge);
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token ?? '';
  const response = await fetch(UPDATE_PHOTO_UPLOAD_PATH, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': file.type || 'application/octet-stream' },
    body: file,
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' ? body.message : null;
    throw new Error(message ?? PROGRESS_MESSAGES.photoNotImage);
  }
  return body as UploadedPhoto;
}

export interface UpdateInput {
  title: string;
  text: string;
  link: string;
}

export const postUpdate = (missionId: string, input: UpdateInput, photoId: string | null) =>
  callRpc('post_mission_update', { p_mission_id: missionId, p_title: input.title, p_text: input.text, p_link: input.link || null, p_photo_id: photoId });

export const editUpdate = (updateId: string, input: UpdateInput) =>
  callRpc('edit_mission_update', { p_update_id: updateId, p_title: input.title, p_text: input.text, p_link: input.link || null });

export const deleteUpdate = (updateId: string) => callRpc('delete_mission_update', { p_update_id: updateId });

export const setStatus = (missionId: string, status: MissionStatus, reason: string) =>
  callRpc('set_mission_status', { p_mission_id: missionId, p_status: status, p_reason: reason || null });

export const setMilestones = (missionId: string, milestones: Milestone[]) =>
  callRpc('set_mission_milestones', { p_mission_id: missionId, p_milestones: milestones });

export const setPublicPage = (missionId: string, slug: string | null) => callRpc('set_mission_public_page', { p_mission_id: missionId, p_slug: slug });
