/** What other features may use of the conference screens (the organiser console's programme editor). */
export { SpeakerPhoto } from './ConferenceBits.tsx';
export { scheduledParts, zoneCity } from './programme.ts';
export { fetchProgramme, formatDayMonth, programmeOf, useProgramme, useVenueTimeZone, type Programme } from './programme.ts';
export { orderSessions } from './schedule.ts';
export { useCalendarFeed } from './myAgenda.ts';
export { describeChange, describeShift } from './programmeTexts.ts';
