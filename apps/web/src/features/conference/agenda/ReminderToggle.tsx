import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { REMINDER_MINUTES } from '@mc/contract';
import { useAuth } from '../../../lib/auth';
import { askForDeviceNotifications, deviceNotificationState, type DeviceNotificationState } from '../../notifications';
import { screenKeys } from '../../../lib/screenKeys';
import { getSessionReminders, setSessionReminders } from '../conferenceApi';

/** What the line under the switch says about this device's own notifications (docs/product.md#session-reminders). */
export const DEVICE_REMINDER_TEXT: Record<DeviceNotificationState, { messageId: string }> = {
  granted: { messageId: 'calendar.reminders.device.granted' },
  denied: { messageId: 'calendar.reminders.device.denied' },
  default: { messageId: 'calendar.reminders.device.default' },
  unsupported: { messageId: 'calendar.reminders.device.unsupported' },
};

/**
 * "Remind me 10 minutes before my starred sessions": off unless the person switches it on; kept on
 * the server. Switching it on also asks the browser, from that press, whether this device may show
 * the reminders itself.
 */
export function ReminderToggle() {
  const { _ } = useLingui();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const queryClient = useQueryClient();
  const key = screenKeys.sessionReminders(userId);
  const [device, setDevice] = useState(deviceNotificationState);
  const setting = useQuery({ queryKey: key, enabled: userId !== null, queryFn: getSessionReminders });
  const change = useMutation({
    mutationFn: setSessionReminders,
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      toast.success(saved.on ? _('calendar.reminders.on', { minutes: REMINDER_MINUTES }) : _('calendar.reminders.off'));
    },
    onError: (error) => toast.error(error.message),
  });
  const on = setting.data?.on ?? false;
  const press = () => {
    // Browsers answer a permission request only during the person's own press.
    if (!on) void askForDeviceNotifications().then(setDevice);
    change.mutate(!on);
  };
  return (
    <>
      <button
        type="button"
        aria-pressed={on}
        disabled={setting.isPending || change.isPending}
        onClick={press}
        className="inline-flex min-h-10 items-center gap-1.5 rounded-xl border border-slate-700 px-3 text-sm font-medium text-slate-100 hover:border-indigo-400 disabled:opacity-60 aria-pressed:border-indigo-400 aria-pressed:bg-indigo-500/20"
      >
        <BellRing aria-hidden="true" className="size-4" />
        {_('calendar.reminders.toggle', { minutes: REMINDER_MINUTES })}
      </button>
      <p aria-live="polite" className="mt-2 text-sm text-slate-300">
        {on ? _(DEVICE_REMINDER_TEXT[device].messageId) : ''}
      </p>
    </>
  );
}
