import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useLingui } from '@lingui/react';
import type { RoleCard } from '@mc/contract';
import { Alert, Button, Select } from '../../components/ui';
import { notify } from '../../lib/notify';
import { userMissionsQuery } from '../../lib/queries';
import { useAuth } from '../../lib/auth';
import { inviteToRole, missionRolesQuery } from './rolesApi';
import { invalidateRequests } from './requestsApi';

/** The mission the signed-in person owns (their first as owner or co-owner), if any. */
function useOwnedMissionId(): string | null {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const mine = useQuery(userMissionsQuery(userId));
  return mine.data?.find((row) => row.is_co_owner || row.role_in_team === 'owner')?.mission_id ?? null;
}

/** On a role card, for owners of a mission with open roles: invite this person to one of them. */
export function InviteFromCard({ card }: { card: RoleCard }) {
  const { _ } = useLingui();
  const missionId = useOwnedMissionId();
  const roles = useQuery({ ...missionRolesQuery(missionId ?? ''), enabled: missionId !== null });
  const queryClient = useQueryClient();
  const [roleId, setRoleId] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { user } = useAuth();
  if (!missionId || !roles.data?.length || card.user_id === user?.id || card.missions.some((mission) => mission.mission_id === missionId)) return null;
  const chosen = roleId || roles.data[0]?.role_id || '';

  async function invite() {
    setBusy(true);
    setFailure(null);
    try {
      await inviteToRole(chosen, card.user_id);
      await invalidateRequests(queryClient);
      notify.success(_('roles.invite.invited', { name: card.first_name }));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : _('roles.invite.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-3 border-t border-slate-700 pt-4">
      <Select
        label={_('roles.invite.label')}
        options={roles.data.map((role) => ({ value: role.role_id, label: role.title }))}
        value={chosen}
        onChange={(event) => setRoleId(event.target.value)}
      />
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <Button
        className="self-start"
        busy={busy}
        busyLabel={_('roles.invite.inviting')}
        icon={<UserPlus aria-hidden="true" className="size-4" />}
        onClick={() => void invite()}
      >
        {_('roles.invite.invite')}
      </Button>
    </div>
  );
}
