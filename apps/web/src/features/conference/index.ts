/** What other features may use of the conference screens (the organiser console's programme editor). */
export { SpeakerPhoto } from './ConferenceBits.tsx';
export { fetchProgramme, formatDayMonth, useProgramme, type Programme } from './programme.ts';
export { orderSessions } from './schedule.ts';
export { useCalendarFeed } from './myAgenda.ts';
