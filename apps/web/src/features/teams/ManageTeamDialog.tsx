import { useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import type { MissionMember, UserSearchResult } from '@mc/contract';
import { Button, Dialog, DialogClose } from '../../components/ui';
import { useAuth } from '../../lib/auth';
import { BUSINESS_ERROR_CODE, RpcError } from '../../lib/rpc';
import { FindPeople } from './FindPeople';
import { TeamMembers } from './TeamMembers';
import { isTeamOwner } from './teamRules';
import { addMember, invalidateTeam, missionMembersQuery, removeMember } from './teamsApi';

export interface ManageTeamDialogProps {
  missionId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Manage Team (docs/product.md#manage-team-dialog), opened from the dashboard's mission card: find people with a
 * role profile, add them, see the team and remove members. Owners carry a badge and cannot be
 * removed here. The body mounts only while the dialog is open, so each opening starts afresh.
 */
export default function ManageTeamDialog({ missionId, open, onOpenChange }: ManageTeamDialogProps) {
  const { _ } = useLingui();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={_('teams.manage.title')}
      showCloseButton={false}
      footer={
        <DialogClose asChild>
          <Button variant="secondary">{_('teams.manage.close')}</Button>
        </DialogClose>
      }
    >
      <ManageTeamBody missionId={missionId} />
    </Dialog>
  );
}

function ManageTeamBody({ missionId }: { missionId: string }) {
  const { _ } = useLingui();
  const { user } = useAuth();
  const currentUserId = user?.id ?? null;
  const queryClient = useQueryClient();

  const membersQuery = useQuery({ ...missionMembersQuery(missionId), enabled: missionId !== '' });
  const members = useMemo(() => membersQuery.data ?? [], [membersQuery.data]);
  const memberIds = useMemo(() => new Set(members.map((member) => member.user_id)), [members]);

  const [adding, setAdding] = useState<ReadonlySet<string>>(new Set());
  const [removing, setRemoving] = useState<ReadonlySet<string>>(new Set());
  /** After a removal, the member whose remove button takes focus (the next row that has one). */
  const [focusAfterRemoval, setFocusAfterRemoval] = useState<string | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const refresh = () => invalidateTeam(queryClient);

  async function onAdd(person: UserSearchResult) {
    if (!missionId) {
      toast.error(_('teams.manage.missionIdRequired'));
      return;
    }
    if (memberIds.has(person.id)) {
      // The contract's text, as the server says it for the same rule.
      toast.error(_('teams.manage.alreadyMember'));
      return;
    }
    setAdding((ids) => new Set(ids).add(person.id));
    let added = false;
    try {
      const member = await addMember(missionId, person.id);
      added = member !== null;
      if (member) toast.success(_('teams.manage.added'));
      else toast.error(_('teams.manage.addFailed'));
    } catch (error) {
      console.error('Adding a member failed', error);
      // A broken rule (already a member, additions refused…) is said by the server, in the person's language.
      toast.error(error instanceof RpcError && error.code === BUSINESS_ERROR_CODE ? error.message : _('teams.manage.addFailed'));
    } finally {
      await refresh();
      setAdding((ids) => without(ids, person.id));
    }
    // The Add Member button became "Already a member": focus goes back to the search, ready for the next person.
    if (added) searchRef.current?.focus();
  }

  async function onRemove(member: MissionMember) {
    if (!missionId || !currentUserId) {
      toast.error(_('teams.manage.removeMissingInfo'));
      return;
    }
    // Where focus goes once the row is gone: the next row's remove button, or the search box.
    const after = members.slice(members.findIndex((candidate) => candidate.user_id === member.user_id) + 1).find((candidate) => !isTeamOwner(candidate));
    setFocusAfterRemoval(null);
    setRemoving((ids) => new Set(ids).add(member.user_id));
    let removed = false;
    try {
      const outcome = await removeMember(missionId, member.user_id, currentUserId);
      removed = outcome.ok;
      if (outcome.ok) toast.success(outcome.message);
      else toast.error(outcome.message);
    } catch (error) {
      console.error('Removing a member failed', error);
      toast.error(error instanceof Error && error.message ? error.message : _('teams.manage.removeFailed'));
    } finally {
      await refresh();
      setRemoving((ids) => without(ids, member.user_id));
    }
    if (!removed) return;
    if (after) setFocusAfterRemoval(after.user_id);
    else searchRef.current?.focus();
  }

  return (
    <div className="flex flex-col gap-6 p-1">
      <FindPeople currentUserId={currentUserId} memberIds={memberIds} adding={adding} onAdd={(person) => void onAdd(person)} searchRef={searchRef} />
      <TeamMembers
        members={members}
        loading={membersQuery.isPending && missionId !== ''}
        loadError={
          membersQuery.data === undefined && membersQuery.error
            ? { message: membersQuery.error.message, retrying: membersQuery.isFetching, onRetry: () => void membersQuery.refetch() }
            : null
        }
        removing={removing}
        focusAfterRemoval={focusAfterRemoval}
        onAsk={() => setFocusAfterRemoval(null)}
        onRemove={(member) => void onRemove(member)}
      />
    </div>
  );
}

function without(ids: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(ids);
  next.delete(id);
  return next;
}
