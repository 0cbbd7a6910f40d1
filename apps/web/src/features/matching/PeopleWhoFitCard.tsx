import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react';
import type { PersonFit } from '@mc/contract';
import { Badge, Button, Card, Select, QueryState } from '../../components/ui';
import { notify } from '../../lib/notify';
import { invalidateRequests, inviteToRole, missionRolesQuery, PersonName } from '../roles';
import { peopleForRoleQuery } from './matchingApi';
import { fitReasonText } from './fitReason';

/**
 * "People who fit your mission" (docs/product.md#matching), for a mission's owners: for one open
 * role at a time, the attendees who fit it best, each with the line that says why and "Invite".
 */
export function PeopleWhoFitCard({ missionId }: { missionId: string }) {
  const { _ } = useLingui();
  const roles = useQuery(missionRolesQuery(missionId));
  const [chosen, setChosen] = useState('');
  const roleId = chosen || roles.data?.[0]?.role_id || '';
  const people = useQuery(peopleForRoleQuery(roleId, roleId !== ''));
  if (roles.data?.length === 0) return null;
  return (
    <Card className="mb-6" data-testid="people-who-fit">
      <h2 className="mb-1 text-lg font-semibold text-slate-50">{_('matching.people.title')}</h2>
      <p className="mb-4 text-sm text-slate-300">{_('matching.people.intro')}</p>
      <QueryState query={roles} loading={_('matching.people.loadingRoles')}>
        {(data) => (
          <div className="flex flex-col gap-4">
            <Select
              label={_('matching.people.forRole')}
              options={data.map((role) => ({ value: role.role_id, label: role.title }))}
              value={roleId}
              onChange={(event) => setChosen(event.target.value)}
            />
            <QueryState query={people} loading={_('matching.people.loading')}>
              {(found) =>
                found.length === 0 ? (
                  <p className="text-slate-300">{_('matching.people.none')}</p>
                ) : (
                  <ul className="flex flex-col gap-3">
                    {found.map((person) => (
                      <PersonLine key={person.user_id} person={person} roleId={roleId} />
                    ))}
                  </ul>
                )
              }
            </QueryState>
          </div>
        )}
      </QueryState>
    </Card>
  );
}

function PersonLine({ person, roleId }: { person: PersonFit; roleId: string }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const name = `${person.first_name} ${person.last_name}`;
  async function invite() {
    setBusy(true);
    try {
      await inviteToRole(roleId, person.user_id);
      notify.success(_('matching.people.invited', { name: person.first_name }));
    } catch (error) {
      notify.error(error instanceof Error && error.message ? error.message : _('matching.people.inviteFailed'));
    } finally {
      await invalidateRequests(queryClient);
      setBusy(false);
    }
  }
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-700 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="person-fit">
      <div className="min-w-0">
        <p className="font-semibold break-words text-slate-50">
          <PersonName userId={person.user_id}>{name}</PersonName>
          <span className="font-normal text-slate-300"> · {person.role_title}</span>
        </p>
        <p className="text-sm break-words text-slate-300">{fitReasonText(_, person, 'they')}</p>
        <Badge tone={person.no_team ? 'success' : 'neutral'}>{person.no_team ? _('matching.people.noTeam') : _('matching.people.onTeam')}</Badge>
      </div>
      {person.pending ? (
        <Badge tone="info">{_('matching.people.invitationOpen')}</Badge>
      ) : (
        <Button
          size="sm"
          busy={busy}
          busyLabel={_('matching.people.inviting')}
          icon={<UserPlus aria-hidden="true" className="size-4" />}
          onClick={() => void invite()}
        >
          <Trans id="matching.people.invite" values={{ name }} components={{ 0: <span className="sr-only" /> }} />
        </Button>
      )}
    </li>
  );
}
