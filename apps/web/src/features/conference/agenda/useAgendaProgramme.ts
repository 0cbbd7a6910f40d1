import { useMemo } from 'react';
import { roomsInUse } from '../agendaSearch.ts';
import { scheduledParts, useProgramme } from '../programme.ts';
import { sessionsByDay } from '../schedule.ts';

/**
 * The programme (the page waits for it) and what the agenda reads of it: every part with its day
 * and real moments, the sessions grouped by day, and the rooms that parts are in.
 */
export function useAgendaProgramme() {
  const programme = useProgramme();
  const parts = useMemo(() => scheduledParts(programme), [programme]);
  const days = useMemo(() => sessionsByDay(programme.agenda), [programme]);
  const rooms = useMemo(
    () =>
      roomsInUse(
        parts.map((entry) => entry.part),
        programme.settings.rooms,
      ),
    [parts, programme],
  );
  return { programme, parts, days, rooms };
}
