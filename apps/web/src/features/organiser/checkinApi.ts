import { queryOptions } from '@tanstack/react-query';
import { badgesPdfPath, type BadgeLayout } from '@mc/contract';
import { callRpc } from '../../lib/rpc';
import { screenKeys } from '../../lib/screenKeys';
import { downloadCsv } from './moderationApi';

/*
 * The console's check-in procedures (docs/product.md#check-in-at-the-door): door staff in the
 * People section, the figures on the Overview, the badges to print in Exports.
 */
export const listDoorStaff = () => callRpc('organiser_list_door_staff', {});
export const setDoorStaff = (email: string, doorStaff: boolean) => callRpc('organiser_set_door_staff', { p_email: email, p_door_staff: doorStaff });

export function checkinFiguresQuery(timeZone: string) {
  return queryOptions({
    queryKey: screenKeys.checkinFigures(timeZone),
    queryFn: () => callRpc('organiser_checkin_figures', { p_time_zone: timeZone }),
  });
}

/** Downloads the badges as a PDF; answers the file's name. */
export const downloadBadges = (layout: BadgeLayout, since: string | null) => downloadCsv(badgesPdfPath(layout, since), `badges-${layout}.pdf`);
