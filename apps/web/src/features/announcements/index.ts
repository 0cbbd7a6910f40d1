/** What other features may use of announcements: the dashboard's banners. */
export { AnnouncementBanners } from './AnnouncementBanners';
