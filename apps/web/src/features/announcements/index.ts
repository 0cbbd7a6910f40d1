/** What other features may use of announcements: the dashboard's banners, and one banner as the organisers' preview draws it. */
export { AnnouncementBanners } from './AnnouncementBanners';
export { AnnouncementCard } from './AnnouncementCard';
