import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Switch } from 'radix-ui';
import { BellRing } from 'lucide-react';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { EMAIL_DIGESTS, type EmailDigest, type NotificationSettings } from '@mc/contract/notifications.ts';
import { Card, QueryState } from '../../components/ui';
import { cn } from '../../components/ui/cn';
import { currentFormattingLocale } from '../../i18n/i18n';
import { dateTimeFormat } from '../../i18n/formats';
import { appConfig } from '../../lib/appConfig';
import { useAuth } from '../../lib/auth';
import { queryKeys } from '../../lib/queryKeys';
import { notificationSettingsQuery, saveSettings } from './notificationsApi';

/** An hour of the day as the interface's locale writes a time ("07:00", "7:00 AM"); the hour is the venue's, so no time zone applies. */
function venueHour(hour: number): string {
  return dateTimeFormat(currentFormattingLocale(), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(Date.UTC(2000, 0, 1, hour));
}

/** The e-mail choices as the profile page names them (docs/product.md#my-role-profile); the daily hint is given the {time}. */
const DIGEST_MESSAGES: Record<EmailDigest, { messageId: string; hint: { messageId: string } }> = {
  off: { messageId: 'notifications.digest.off', hint: { messageId: 'notifications.digest.offHint' } },
  immediate: { messageId: 'notifications.digest.immediate', hint: { messageId: 'notifications.digest.immediateHint' } },
  daily: { messageId: 'notifications.digest.daily', hint: { messageId: 'notifications.digest.dailyHint' } },
};

/** The settings' outcome said under them: none yet, saving, saved or refused. */
type SaveStatus = '' | 'saving' | 'saved' | 'failed';

const STATUS_MESSAGES: Record<Exclude<SaveStatus, ''>, { messageId: string }> = {
  saving: { messageId: 'common.saving' },
  // The contract's NOTIFICATION_TEXT, in the interface's language.
  saved: { messageId: 'notifications.settings.saved' },
  failed: { messageId: 'notifications.settings.failed' },
};

/**
 * The profile page's "Notifications" card: whether others may add me to their team, and how
 * notifications reach my mailbox. Each change is saved at once and says so.
 */
export function NotificationSettingsCard() {
  const { _ } = useLingui();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const settings = useQuery(notificationSettingsQuery(userId));
  const headingId = useId();

  return (
    <Card aria-labelledby={headingId}>
      <div className="mb-4 flex items-start gap-3">
        <BellRing aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-sky-300" />
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-50">
            {_('notifications.settings.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-300">{_('notifications.settings.intro')}</p>
        </div>
      </div>
      <QueryState query={settings} loading={_('notifications.settings.loading')} errorMessage={_('notifications.settings.loadFailed')}>
        {(data) => <SettingsForm saved={data} userId={userId} />}
      </QueryState>
    </Card>
  );
}

function SettingsForm({ saved, userId }: { saved: NotificationSettings; userId: string | null }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const switchId = useId();
  const switchHintId = useId();
  // The choice being saved, drawn in the same frame as the click (the cache tells its readers a
  // moment later), then the server's answer.
  const [saving, setSaving] = useState<NotificationSettings | null>(null);
  const [status, setStatus] = useState<SaveStatus>('');
  const shown = saving ?? saved;

  const save = async (next: NotificationSettings) => {
    if (saving) return;
    setSaving(next);
    setStatus('saving');
    // A read still on its way would land after the click and undo it on screen; the same holds for
    // the person's other screens, so the cache shows the choice at once too (put back if refused).
    void queryClient.cancelQueries({ queryKey: queryKeys.notificationSettings(userId) });
    queryClient.setQueryData(queryKeys.notificationSettings(userId), next);
    try {
      const answer = await saveSettings(next);
      queryClient.setQueryData(queryKeys.notificationSettings(userId), answer);
      setStatus('saved');
      toast.success(_(STATUS_MESSAGES.saved.messageId));
    } catch (error) {
      console.error('Saving the notification settings failed', error);
      queryClient.setQueryData(queryKeys.notificationSettings(userId), saved);
      setStatus('failed');
      toast.error(_(STATUS_MESSAGES.failed.messageId));
    } finally {
      setSaving(null);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <label htmlFor={switchId} className="font-medium text-slate-100">
            {_('notifications.settings.allowAdditions')}
          </label>
          <p id={switchHintId} className="mt-1 text-sm text-slate-300">
            {_('notifications.settings.allowAdditionsHint')}
          </p>
        </div>
        <Switch.Root
          id={switchId}
          checked={shown.allow_team_additions}
          aria-describedby={switchHintId}
          aria-busy={saving !== null || undefined}
          onCheckedChange={(checked) => void save({ ...shown, allow_team_additions: checked })}
          className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border border-slate-500 bg-slate-700 transition-colors data-[state=checked]:border-sky-300 data-[state=checked]:bg-sky-500"
        >
          <Switch.Thumb className="block size-5 translate-x-1 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-6" />
        </Switch.Root>
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-medium text-slate-100">{_('notifications.settings.emails')}</legend>
        {EMAIL_DIGESTS.map((choice) => (
          <label
            key={choice}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-xl border px-3 py-2.5',
              shown.email_digest === choice ? 'border-sky-400/70 bg-sky-400/10' : 'border-slate-700 hover:border-slate-500',
            )}
          >
            <input
              type="radio"
              name="email-digest"
              value={choice}
              checked={shown.email_digest === choice}
              onChange={() => void save({ ...shown, email_digest: choice })}
              className="mt-1 size-4 accent-sky-400"
            />
            <span>
              <span className="block text-sm font-medium text-slate-100">{_(DIGEST_MESSAGES[choice].messageId)}</span>
              <span className="block text-sm text-slate-300">
                {_(DIGEST_MESSAGES[choice].hint.messageId, { time: venueHour(Number(appConfig.dailyDigestHour)) })}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <p role="status" className={cn('text-sm', status === 'failed' ? 'text-rose-200' : 'text-slate-300')}>
        {status ? _(STATUS_MESSAGES[status].messageId) : ''}
      </p>
    </div>
  );
}
