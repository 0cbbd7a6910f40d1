/** What other features may use of notifications; everything else in this folder is its own business. */
export { NotificationBell } from './NotificationBell';
export { NotificationSettingsCard } from './NotificationSettingsCard';
export { askForDeviceNotifications, deviceNotificationState, type DeviceNotificationState } from './deviceReminders';
