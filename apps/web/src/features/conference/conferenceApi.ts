import { callRpc } from '../../lib/rpc';

/** The procedures the agenda screens call (docs/product.md#procedures), each in one place. */
export const getMyAgenda = () => callRpc('get_my_agenda', {});
export const setAgendaFavourite = (partId: string, starred: boolean) => callRpc('set_agenda_favourite', { p_part_id: partId, p_starred: starred });
/** One part's calendar file, or the whole programme's without a part id. */
export const getAgendaCalendar = (partId: string | null) => callRpc('get_agenda_calendar', partId ? { p_part_id: partId } : {});
export const getCalendarFeed = () => callRpc('get_calendar_feed', {});
export const createCalendarFeed = () => callRpc('create_calendar_feed', {});
export const revokeCalendarFeed = () => callRpc('revoke_calendar_feed', {});
export const getSessionReminders = () => callRpc('get_session_reminders', {});
export const setSessionReminders = (on: boolean) => callRpc('set_session_reminders', { p_on: on });
export const listProgrammeVersions = () => callRpc('list_programme_versions', {});
