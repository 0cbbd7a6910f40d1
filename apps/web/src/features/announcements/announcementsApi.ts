import { callRpc } from '../../lib/rpc';

/** The procedures the dashboard's banners call (docs/product.md#procedures), each in one place. */
export const getMyAnnouncements = () => callRpc('get_my_announcements', {});
export const dismissAnnouncement = (announcementId: string) => callRpc('dismiss_announcement', { p_announcement_id: announcementId });
