import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgendaFavourite, CalendarFeedStatus } from '@mc/contract';
import { queryKeys } from '../../lib/queryKeys';
import { useAuth } from '../../lib/auth';
import { createCalendarFeed, getAgendaCalendar, getCalendarFeed, getMyAgenda, revokeCalendarFeed, setAgendaFavourite } from './conferenceApi';

/** The signed-in person's favourite parts (get_my_agenda), as the agenda reads and preloads them. */
export function myAgendaQuery(authId: string | null) {
  return queryOptions({
    queryKey: queryKeys.myAgenda(authId),
    enabled: authId !== null,
    queryFn: getMyAgenda,
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
    mutationFn: ({ partId, starred }: { partId: string; starred: boolean }) => setAgendaFavourite(partId, starred),
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
  const file = await getAgendaCalendar(partId);
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
  const status = useQuery({ queryKey: key, enabled: enabled && authId !== null, queryFn: getCalendarFeed });
  const create = useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: (created) => queryClient.setQueryData<CalendarFeedStatus>(key, { active: created.active, created_at: created.created_at }),
  });
  const revoke = useMutation({
    mutationFn: revokeCalendarFeed,
    onSuccess: (left) => queryClient.setQueryData<CalendarFeedStatus>(key, left),
  });
  return { status, create, revoke };
}
