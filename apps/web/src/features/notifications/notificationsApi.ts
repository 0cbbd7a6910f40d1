import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { NotificationList, NotificationSettings } from '@mc/contract/notifications.ts';
import { callRpc } from '../../lib/rpc';
import { queryKeys } from '../../lib/queryKeys';
import { getLiveStatus } from '../../lib/live/status';

/**
 * The bell's and the profile page's calls (docs/product.md#notifications). The list is read again
 * when the live channel says it changed (app/layout/LiveUpdates.tsx); while the channel is not
 * live, when the window regains focus instead.
 */
export function notificationsQuery(userId: string | null) {
  return queryOptions({
    queryKey: queryKeys.notifications(userId),
    enabled: userId !== null,
    queryFn: (): Promise<NotificationList> => callRpc('get_my_notifications', {}),
    refetchOnWindowFocus: () => getLiveStatus() !== 'live',
  });
}

/** Marks one notification read (or every one, with null) and keeps the cached list in step. */
export async function markRead(queryClient: QueryClient, userId: string | null, notificationId: string | null): Promise<void> {
  const { unread } = await callRpc('mark_notifications_read', { p_notification_id: notificationId });
  queryClient.setQueryData(queryKeys.notifications(userId), (list: NotificationList | undefined) =>
    list
      ? {
          unread,
          items: list.items.map((item) => (notificationId === null || item.id === notificationId ? { ...item, read: true } : item)),
        }
      : list,
  );
}

/** Accept or Decline under a request in the bell. */
export const answerTeamRequest = (requestId: string, accept: boolean) =>
  callRpc('answer_team_request', { p_request_id: requestId, p_accept: accept, p_reason: null });

export function notificationSettingsQuery(userId: string | null) {
  return queryOptions({
    queryKey: queryKeys.notificationSettings(userId),
    enabled: userId !== null,
    queryFn: (): Promise<NotificationSettings> => callRpc('get_notification_settings', {}),
  });
}

export async function saveSettings(settings: NotificationSettings): Promise<NotificationSettings> {
  return callRpc('save_notification_settings', { p_email_digest: settings.email_digest, p_allow_team_additions: settings.allow_team_additions });
}
