import { queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { ProcedureParams, ProgrammeResponse } from '@mc/contract';
import { PHOTO_TYPES, PROGRAMME_LIMITS } from '@mc/contract/programme.ts';
import { callRpc, RpcError } from '../../../lib/rpc';
import { queryKeys } from '../../../lib/queryKeys';
import { supabase } from '../../../lib/supabase';
import { programmeOf, type Programme } from '../../conference';
import { i18n } from '../../../i18n/i18n';

export type ProgrammeProcedure =
  'save_programme_settings' | 'save_speaker' | 'delete_speaker' | 'reorder_speakers' | 'save_session' | 'delete_session' | 'import_programme';

/** A failed save: the server's message and, for a programme that breaks rules, every problem. */
export interface SaveProblem {
  message: string;
  problems: string[];
}

export function saveProblemOf(error: unknown): SaveProblem {
  if (error instanceof RpcError) return { message: error.message, problems: error.details ? error.details.split('\n').filter(Boolean) : [] };
  return { message: error instanceof Error ? error.message : i18n._('organiser.programme.saveFailed'), problems: [] };
}

export const previewProgrammePublish = () => callRpc('preview_programme_publish', {});
export const publishProgramme = (note: string, draftVersion: number) => callRpc('publish_programme', { p_note: note, p_draft_version: draftVersion });

export function programmeDraftQuery() {
  return queryOptions({
    queryKey: queryKeys.programmeDraft,
    queryFn: () => callRpc('get_programme_draft', {}),
    staleTime: 0,
    select: programmeOf,
  });
}

/** The organisers' draft, which attendees do not see until it is published. */
export function useProgrammeDraft(): Programme {
  return useSuspenseQuery(programmeDraftQuery()).data;
}

/**
 * One change of the draft through its procedure. The answer is the draft as saved, which replaces
 * the cached draft at once; attendees' screens keep the published version until a publish.
 */
export function useProgrammeChange<N extends ProgrammeProcedure>(name: N, success: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: ProcedureParams<N>) => callRpc(name, params) as Promise<ProgrammeResponse>,
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKeys.programmeDraft, saved);
      toast.success(success);
      await queryClient.invalidateQueries({ queryKey: queryKeys.organiser });
    },
  });
}

/** Uploads a speaker photo and answers its address; the server checks type and size again. */
export async function uploadSpeakerPhoto(file: File): Promise<string> {
  if (!(file.type in PHOTO_TYPES)) throw new Error(i18n._('programme.photo.type'));
  if (file.size > PROGRAMME_LIMITS.photoBytes) throw new Error(i18n._('programme.photo.size', { megabytes: PROGRAMME_LIMITS.photoBytes / 1024 / 1024 }));
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  const response = await fetch('/content/v1/speaker-photos', {
    method: 'POST',
    headers: { 'content-type': file.type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: file,
  });
  const body = (await response.json().catch(() => ({}))) as { url?: string; message?: string };
  if (!response.ok || !body.url) throw new Error(body.message ?? i18n._('organiser.speakers.uploadFailedStatus', { status: response.status }));
  return body.url;
}

/** "Grace Hopper" → "grace-hopper", for a new speaker's id. */
export function slugOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
