import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { toast } from 'sonner';
import { REMINDER_MINUTES } from '@mc/contract';
import { useAuth } from '../../../lib/auth';
import { callRpc } from '../../../lib/rpc';

/** "Remind me 10 minutes before my starred sessions": off unless the person switches it on; kept on the server. */
export function ReminderToggle() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const queryClient = useQueryClient();
  const key = ['session-reminders', userId] as const;
  const setting = useQuery({ queryKey: key, enabled: userId !== null, queryFn: () => callRpc('get_session_reminders', {}) });
  const change = useMutation({
    mutationFn: (on: boolean) => callRpc('set_session_reminders', { p_on: on }),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      toast.success(saved.on ? `You will be reminded ${REMINDER_MINUTES} minutes before your starred sessions` : 'Session reminders are off');
    },
    onError: (error) => toast.error(error.message),
  });
  const on = setting.data?.on ?? false;
  return (
    <button
      type="button"
      aria-pressed={on}
      disabled={setting.isPending || change.isPending}
      onClick={() => change.mutate(!on)}
      className="inline-flex min-h-10 items-center gap-1.5 rounded-xl border border-slate-700 px-3 text-sm font-medium text-slate-100 hover:border-indigo-400 disabled:opacity-60 aria-pressed:border-indigo-400 aria-pressed:bg-indigo-500/20"
    >
      <BellRing aria-hidden="true" className="size-4" />
      Remind me {REMINDER_MINUTES} minutes before my starred sessions
    </button>
  );
}
