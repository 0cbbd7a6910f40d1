import { useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, RotateCcw, XCircle } from 'lucide-react';
import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react';
import type { MissionRole, TeamRole } from '@mc/contract';
import { Badge, Button, Card, Dialog, QueryState } from '../../components/ui';
import { notify } from '../../lib/notify';
import { closeRole, invalidateRoles, missionRolesQuery, reopenRole, teamRolesQuery } from './rolesApi';
import { RoleFormDialog } from './RoleFormDialog';
import { archetypeLabel } from './optionLabels';
import { shownFullName } from '../../i18n/personNames';

interface OpenRolesCardProps {
  missionId: string;
  /** Owners add, edit, close and reopen roles here, and also see the filled and closed ones. */
  canManage: boolean;
  /** What a reader may do about one role (ask to join), beside it. */
  roleAction?: (role: MissionRole) => ReactNode;
}

/** A role as listed: owners also know when it is closed and who filled it. */
type ListedRole = MissionRole & Partial<Pick<TeamRole, 'closed_at' | 'filled_by'>>;

/** A mission's open roles, on its details and on My Mission (docs/product.md#open-roles). */
export function OpenRolesCard({ missionId, canManage, roleAction }: OpenRolesCardProps) {
  const { _ } = useLingui();
  const openRoles = useQuery({ ...missionRolesQuery(missionId), enabled: !canManage });
  const teamRoles = useQuery(teamRolesQuery(missionId, canManage));
  const [editing, setEditing] = useState<MissionRole | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [closing, setClosing] = useState<MissionRole | null>(null);

  function openForm(role: MissionRole | null) {
    setEditing(role);
    setFormOpen(true);
  }

  const list = (data: readonly ListedRole[]) =>
    data.length === 0 ? (
      <p className="text-slate-300">{_('roles.open.none')}</p>
    ) : (
      <ul className="flex flex-col gap-4">
        {data.map((role) => (
          <RoleItem key={role.role_id} role={role}>
            {roleAction?.(role)}
            {canManage ? <OwnerActions role={role} onEdit={() => openForm(role)} onClose={() => setClosing(role)} /> : null}
          </RoleItem>
        ))}
      </ul>
    );

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
      {canManage ? (
        <QueryState query={teamRoles} loading={_('roles.open.loading')}>
          {list}
        </QueryState>
      ) : (
        <QueryState query={openRoles} loading={_('roles.open.loading')}>
          {list}
        </QueryState>
      )}
      {canManage ? (
        <>
          <RoleFormDialog missionId={missionId} role={editing} open={formOpen} onOpenChange={setFormOpen} />
          <CloseRoleDialog role={closing} onDone={() => setClosing(null)} />
        </>
      ) : null}
    </Card>
  );
}

function RoleItem({ role, children }: { role: ListedRole; children: ReactNode }) {
  const { _ } = useLingui();
  const closed = Boolean(role.closed_at);
  const full = role.filled >= role.places;
  const names = (role.filled_by ?? []).map((person) => shownFullName(person)).join(', ');
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-700 p-4" data-testid="open-role">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-semibold break-words text-slate-50">{role.title}</h3>
        <span className="flex flex-wrap items-center gap-2 text-sm text-slate-300">
          {closed ? <Badge tone="neutral">{_('roles.open.closedBadge')}</Badge> : full ? <Badge tone="success">{_('roles.open.filledBadge')}</Badge> : null}
          {placesLabel(_, role)}
        </span>
      </div>
      {names ? <p className="text-sm break-words text-slate-300">{_('roles.open.filledBy', { names })}</p> : null}
      {role.description ? <p className="break-words whitespace-pre-line text-slate-300">{role.description}</p> : null}
      <p className="text-sm text-slate-300">
        <Trans id="roles.open.skills" values={{ skills: role.skills.join(', ') }} components={{ 0: <span className="font-semibold text-slate-100" /> }} />
      </p>
      {role.archetype ? (
        <p className="text-sm text-slate-300">
          <Trans id="roles.open.archetype" values={{ archetype: archetypeLabel(_, role.archetype) }} components={{ 0: <Badge tone="accent" /> }} />
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">{children}</div>
    </li>
  );
}

/** Edit and Close role on a role that is not closed; Reopen role on one that is. */
function OwnerActions({ role, onEdit, onClose }: { role: ListedRole; onEdit: () => void; onClose: () => void }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function reopen() {
    setBusy(true);
    try {
      await reopenRole(role.role_id);
      await invalidateRoles(queryClient);
      notify.success(_('roles.open.reopened', { title: role.title }));
    } catch (error) {
      notify.error(error instanceof Error && error.message ? error.message : _('roles.open.reopenFailed'));
    } finally {
      setBusy(false);
    }
  }
  if (role.closed_at) {
    return (
      <Button size="sm" variant="secondary" busy={busy} icon={<RotateCcw aria-hidden="true" className="size-4" />} onClick={() => void reopen()}>
        <Trans id="roles.open.reopen" values={{ title: role.title }} components={{ 0: <span className="sr-only" /> }} />
      </Button>
    );
  }
  return (
    <>
      <Button size="sm" variant="secondary" icon={<Pencil aria-hidden="true" className="size-4" />} onClick={onEdit}>
        <Trans id="roles.open.edit" values={{ title: role.title }} components={{ 0: <span className="sr-only" /> }} />
      </Button>
      <Button size="sm" variant="ghost" icon={<XCircle aria-hidden="true" className="size-4" />} onClick={onClose}>
        <Trans id="roles.open.close" values={{ title: role.title }} components={{ 0: <span className="sr-only" /> }} />
      </Button>
    </>
  );
}

/** "Close role" asks first: a closed role takes nobody more until its owners reopen it. */
function CloseRoleDialog({ role, onDone }: { role: MissionRole | null; onDone: () => void }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function close(closing: MissionRole) {
    setBusy(true);
    try {
      await closeRole(closing.role_id);
      await invalidateRoles(queryClient);
      notify.success(_('roles.open.closed', { title: closing.title }));
      onDone();
    } catch (error) {
      notify.error(error instanceof Error && error.message ? error.message : _('roles.open.closeFailed'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog
      open={role !== null}
      onOpenChange={(open) => (open ? undefined : onDone())}
      title={role ? _('roles.open.closeTitle', { title: role.title }) : ''}
      description={_('roles.open.closeBody')}
      footer={
        <>
          <Button variant="secondary" onClick={onDone}>
            {_('roles.open.closeCancel')}
          </Button>
          <Button busy={busy} onClick={() => (role ? void close(role) : undefined)}>
            {_('roles.open.closeConfirm')}
          </Button>
        </>
      }
    />
  );
}

/** "1 of 3 places filled", or "2 places" while none is. */
function placesLabel(_: I18n['_'], role: MissionRole): string {
  if (role.filled === 0) return _('roles.open.places', { places: role.places });
  return _('roles.open.placesFilled', { filled: role.filled, places: role.places });
}
