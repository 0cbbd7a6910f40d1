import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CardVisibility, RoleCardSettings } from '@mc/contract';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react';
import { Alert, Card, cn, QueryState } from '../../components/ui';
import { paths } from '../../lib/paths';
import { queryKeys } from '../../lib/queryKeys';
import { useAuth } from '../../lib/auth';
import { roleCardSettingsQuery, saveRoleCardSettings } from './rolesApi';

const CHOICES: readonly { value: CardVisibility; label: { messageId: string }; hint: { messageId: string } }[] = [
  { value: 'everyone', label: { messageId: 'roles.visibility.everyone' }, hint: { messageId: 'roles.visibility.everyoneHint' } },
  { value: 'team', label: { messageId: 'roles.visibility.team' }, hint: { messageId: 'roles.visibility.teamHint' } },
];

function useSaveVisibility() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return async (visibility: CardVisibility): Promise<RoleCardSettings> => {
    const saved = await saveRoleCardSettings(visibility);
    queryClient.setQueryData(queryKeys.roleCardSettings(user?.id ?? null), saved);
    return saved;
  };
}

function VisibilityChoices({ value, onChoose, name }: { value: CardVisibility | null; onChoose: (choice: CardVisibility) => void; name: string }) {
  const { _ } = useLingui();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-medium text-slate-100">{_('roles.visibility.legend')}</legend>
      {CHOICES.map((choice) => (
        <label
          key={choice.value}
          className={cn(
            'flex cursor-pointer items-start gap-3 rounded-xl border px-3 py-2.5',
            value === choice.value ? 'border-sky-400/70 bg-sky-400/10' : 'border-slate-700 hover:border-slate-500',
          )}
        >
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChoose(choice.value)}
            className="mt-1 size-4 accent-sky-400"
          />
          <span>
            <span className="block text-sm font-medium text-slate-100">{_(choice.label.messageId)}</span>
            <span className="block text-sm text-slate-300">{_(choice.hint.messageId)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The profile page's choice of who reads the role card (docs/product.md#role-card). */
export function CardVisibilityCard() {
  const { _ } = useLingui();
  const { user } = useAuth();
  const settings = useQuery(roleCardSettingsQuery(user?.id ?? null));
  const save = useSaveVisibility();
  const [status, setStatus] = useState('');
  // The choice shows at once; the saved answer follows.
  const [picked, setPicked] = useState<CardVisibility | null>(null);
  if (!settings.data) {
    return (
      <Card>
        <h2 className="mb-2 text-lg font-semibold text-slate-50">{_('roles.visibility.heading')}</h2>
        <QueryState query={settings} loading={_('roles.visibility.loading')}>
          {() => null}
        </QueryState>
      </Card>
    );
  }
  return (
    <Card>
      <h2 className="mb-2 text-lg font-semibold text-slate-50">{_('roles.visibility.heading')}</h2>
      {settings.data.must_choose ? (
        <p className="mb-4 text-sm text-slate-200" data-testid="card-visibility-question">
          {_('roles.visibility.mustChoose')}
        </p>
      ) : (
        <p className="mb-4 text-sm text-slate-300">{_('roles.visibility.where')}</p>
      )}
      <VisibilityChoices
        name="card-visibility"
        value={picked ?? (settings.data.must_choose ? null : settings.data.visibility)}
        onChoose={(choice) => {
          setPicked(choice);
          setStatus(_('roles.visibility.saving'));
          save(choice).then(
            () => setStatus(_('roles.visibility.saved')),
            (error: unknown) => setStatus(error instanceof Error ? error.message : _('roles.visibility.saveFailed')),
          );
        }}
      />
      <p role="status" className="mt-2 text-sm text-slate-300">
        {status}
      </p>
    </Card>
  );
}

/**
 * People who stay anonymous for the surveys are asked once (until they choose, only teammates read
 * their card): the dashboard points them to the choice on their profile page.
 */
export function CardVisibilityReminder() {
  const { user } = useAuth();
  const settings = useQuery(roleCardSettingsQuery(user?.id ?? null));
  if (settings.data?.must_choose !== true) return null;
  return (
    <Alert tone="info">
      <Trans id="roles.visibility.reminder" components={{ 0: <Link to={paths.viewRoleProfile()} className="font-semibold underline underline-offset-4" /> }} />
    </Alert>
  );
}
