import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgendaFavourite, CalendarFeedStatus } from '@mc/contract';
import { callRpc } from '../../lib/rpc';
import { queryKeys } from '../../lib/queryKeys';
import { useAuth } from '../../lib/auth';

/** The signed-in person's favourite parts (get_my_agenda), as the agenda reads and preloads them. */
export function myAgendaQuery(authId: string | null) {
  return queryOptions({
    queryKey: queryKeys.myAgenda(authId),
    enabled: authId !== null,
    queryFn: () => callRpc('get_my_agenda', {}),
  });
}

/** The signed-in person's favourite part ids, kept on the server so they follow them to any device. */
export function useMyAgenda() {
  const { user } = useAuth();
  const authId = user?.id ?? null;
  const queryClient = useQueryClient();
  const key = queryKeys.myAgenda(authId);

  const favourites = useQuery(myAgendaQuery(authId));

  const setFavourite = useMutation({
    mutationFn: ({ partId, starred }: { partId: string; starred: boolean }) => callRpc('set_agenda_favourite', { p_part_id: partId, p_starred: starred }),
    // The star changes at once; a refusal (offline, server error) puts it back and says why.
    onMutate: async ({ partId, starred }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<AgendaFavourite[]>(key);
      queryClient.setQueryData<AgendaFavourite[]>(key, (rows = []) =>
        starred
          ? rows.some((row) => row.part_id === partId)
            ? rows
            : [...rows, { part_id: partId, added_at: new Date().toISOString() }]
          : rows.filter((row) => row.part_id !== partId),
      );
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });

  const starredIds = new Set((favourites.data ?? []).map((row) => row.part_id));
  return { favourites, starredIds, setFavourite };
}

/** Downloads an .ics the server wrote (one part, or the whole programme without a part id). */
export async function downloadCalendar(partId: string | null): Promise<string> {
  const file = await callRpc('get_agenda_calendar', partId ? { p_part_id: partId } : {});
  const url = URL.createObjectURL(new Blob([file.ics], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return file.filename;
}

export function useCalendarFeed(enabled: boolean) {
  const { user } = useAuth();
  const authId = user?.id ?? null;
  const queryClient = useQueryClient();
  const key = queryKeys.calendarFeed(authId);
  const status = useQuery({ queryKey: key, enabled: enabled && authId !== null, queryFn: () => callRpc('get_calendar_feed', {}) });
  const create = useMutation({
    mutationFn: () => callRpc('create_calendar_feed', {}),
    onSuccess: (created) => queryClient.setQueryData<CalendarFeedStatus>(key, { active: created.active, created_at: created.created_at }),
  });
  const revoke = useMutation({
    mutationFn: () => callRpc('revoke_calendar_feed', {}),
    onSuccess: (left) => queryClient.setQueryData<CalendarFeedStatus>(key, left),
  });
  return { status, create, revoke };
}
