import { useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, XCircle } from 'lucide-react';
import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react';
import type { MissionRole } from '@mc/contract';
import { Badge, Button, Card, QueryState } from '../../components/ui';
import { notify } from '../../lib/notify';
import { closeRole, invalidateRoles, missionRolesQuery } from './rolesApi';
import { RoleFormDialog } from './RoleFormDialog';
import { archetypeLabel } from './optionLabels';

interface OpenRolesCardProps {
  missionId: string;
  /** Owners add, edit and close roles here. */
  canManage: boolean;
  /** What a reader may do about one role (ask to join), beside it. */
  roleAction?: (role: MissionRole) => ReactNode;
}

/** A mission's open roles, on its details and on My Mission (docs/product.md#open-roles). */
export function OpenRolesCard({ missionId, canManage, roleAction }: OpenRolesCardProps) {
  const { _ } = useLingui();
  const roles = useQuery(missionRolesQuery(missionId));
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<MissionRole | null>(null);
  const [formOpen, setFormOpen] = useState(false);

  function openForm(role: MissionRole | null) {
    setEditing(role);
    setFormOpen(true);
  }

  async function close(role: MissionRole) {
    try {
      await closeRole(role.role_id);
      await invalidateRoles(queryClient);
      notify.success(_('roles.open.closed', { title: role.title }));
    } catch (error) {
      notify.error(error instanceof Error ? error.message : _('roles.open.closeFailed'));
    }
  }

  return (
    <Card className="mb-6" data-testid="open-roles">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-50">{_('roles.open.title')}</h2>
        {canManage ? (
          <Button size="sm" icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => openForm(null)}>
            {_('roles.open.add')}
          </Button>
        ) : null}
      </div>
      <QueryState query={roles} loading={_('roles.open.loading')}>
        {(data) =>
          data.length === 0 ? (
            <p className="text-slate-300">{_('roles.open.none')}</p>
          ) : (
            <ul className="flex flex-col gap-4">
              {data.map((role) => (
                <li key={role.role_id} className="flex flex-col gap-2 rounded-xl border border-slate-700 p-4" data-testid="open-role">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h3 className="font-semibold break-words text-slate-50">{role.title}</h3>
                    <span className="text-sm text-slate-300">{placesLabel(_, role)}</span>
                  </div>
                  {role.description ? <p className="break-words whitespace-pre-line text-slate-300">{role.description}</p> : null}
                  <p className="text-sm text-slate-300">
                    <Trans
                      id="roles.open.skills"
                      values={{ skills: role.skills.join(', ') }}
                      components={{ 0: <span className="font-semibold text-slate-100" /> }}
                    />
                  </p>
                  {role.archetype ? (
                    <p className="text-sm text-slate-300">
                      <Trans id="roles.open.archetype" values={{ archetype: archetypeLabel(_, role.archetype) }} components={{ 0: <Badge tone="accent" /> }} />
                    </p>
                  ) : null}
                  <div className="flex flex-wrap gap-2">
                    {roleAction?.(role)}
                    {canManage ? (
                      <>
                        <Button size="sm" variant="secondary" icon={<Pencil aria-hidden="true" className="size-4" />} onClick={() => openForm(role)}>
                          <Trans id="roles.open.edit" values={{ title: role.title }} components={{ 0: <span className="sr-only" /> }} />
                        </Button>
                        <Button size="sm" variant="ghost" icon={<XCircle aria-hidden="true" className="size-4" />} onClick={() => void close(role)}>
                          <Trans id="roles.open.close" values={{ title: role.title }} components={{ 0: <span className="sr-only" /> }} />
                        </Button>
                      </>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      {canManage ? <RoleFormDialog missionId={missionId} role={editing} open={formOpen} onOpenChange={setFormOpen} /> : null}
    </Card>
  );
}

/** "1 of 3 places filled", or "2 places" while none is. */
function placesLabel(_: I18n['_'], role: MissionRole): string {
  if (role.filled === 0) return _('roles.open.places', { places: role.places });
  return _('roles.open.placesFilled', { filled: role.filled, places: role.places });
}
