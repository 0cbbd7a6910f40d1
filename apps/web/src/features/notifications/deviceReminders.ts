import { REMINDER_MINUTES } from '@mc/contract';
import type { NotificationItem } from '@mc/contract/notifications.ts';
import { paths } from '../../lib/paths';
import { readStoredStrings, STORAGE_KEYS, writeStored } from '../../lib/storage';

/**
 * Session reminders as the device's own notifications (docs/product.md#session-reminders): when a
 * reminder reaches the bell of an open app (the live channel tells it at once) and the person
 * allowed notifications, the device shows it too, through the service worker where there is one
 * (an installed app on a phone shows notifications only so). No push service is involved, so a
 * closed app shows none: the bell keeps every reminder.
 */

export type DeviceNotificationState = NotificationPermission | 'unsupported';

/** The person's own agenda: where a reminder (and a programme change) leads. */
export const MY_AGENDA_PATH = `${paths.agendaSchedule()}?filter=mine`;

/** Ids kept of reminders already shown: far more than a day of starred parts. */
const SHOWN_KEPT = 50;

export function deviceNotificationState(): DeviceNotificationState {
  return typeof window !== 'undefined' && 'Notification' in window ? window.Notification.permission : 'unsupported';
}

/** Asks the browser once (only from a person's own press: browsers ignore it otherwise). */
export async function askForDeviceNotifications(): Promise<DeviceNotificationState> {
  const state = deviceNotificationState();
  if (state !== 'default') return state;
  return window.Notification.requestPermission();
}

function shownIds(): string[] {
  return readStoredStrings(STORAGE_KEYS.remindersShown);
}

/** The reminders the device should show now: unread, still before their part starts, never shown here. */
export function remindersToShow(items: readonly NotificationItem[], shown: readonly string[], now: number): NotificationItem[] {
  const fresh = now - REMINDER_MINUTES * 60_000;
  return items.filter((item) => item.kind === 'session_reminder' && !item.read && Date.parse(item.created_at) >= fresh && !shown.includes(item.id));
}

async function showOne(item: NotificationItem): Promise<void> {
  const options: NotificationOptions = { body: item.text, tag: `reminder-${item.id}`, data: { url: MY_AGENDA_PATH }, icon: '/icons/icon-192.png' };
  const registration = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined;
  if (registration?.active) {
    await registration.showNotification('Mission Control', options);
    return;
  }
  const shown = new window.Notification('Mission Control', options);
  shown.onclick = () => {
    window.focus();
    window.location.assign(MY_AGENDA_PATH);
  };
}

/** Shows each new reminder of the bell's list once on this device, when the person allowed it. */
export async function showDeviceReminders(items: readonly NotificationItem[], now: number = Date.now()): Promise<void> {
  if (deviceNotificationState() !== 'granted') return;
  const shown = shownIds();
  const due = remindersToShow(items, shown, now);
  if (due.length === 0) return;
  // Remembered before showing, so a second tab reading the same list does not show them again.
  writeStored(STORAGE_KEYS.remindersShown, JSON.stringify([...due.map((item) => item.id), ...shown].slice(0, SHOWN_KEPT)));
  for (const item of due) {
    await showOne(item).catch((error: unknown) => console.warn('A reminder could not be shown as a notification', error));
  }
}
