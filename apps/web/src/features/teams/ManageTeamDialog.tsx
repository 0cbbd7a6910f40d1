import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Search, UserMinus, UserPlus } from 'lucide-react';
import { TEAM_MESSAGES, USER_SEARCH_DEBOUNCE_MS, type MissionMember, type UserSearchResult } from '@mc/contract';
import { Badge, Button, Dialog, DialogClose, EmailText, Spinner, LoadError } from '../../components/ui';
import { fieldControlClasses } from '../../components/ui/TextField';
import { useAuth } from '../../lib/auth';
import { RpcError } from '../../lib/rpc';
import { PersonName } from '../roles';
import { displayName, isTeamOwner, TEAM_TEXT } from './teamRules';
import { addMember, invalidateTeam, missionMembersQuery, removeMember, searchUsers } from './teamsApi';

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
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Manage Team"
      showCloseButton={false}
      footer={
        <DialogClose asChild>
          <Button variant="secondary">Close</Button>
        </DialogClose>
      }
    >
      <ManageTeamBody missionId={missionId} />
    </Dialog>
  );
}

type SearchState = { status: 'idle' } | { status: 'searching' } | { status: 'done'; results: UserSearchResult[] };

function ManageTeamBody({ missionId }: { missionId: string }) {
  const { user } = useAuth();
  const currentUserId = user?.id ?? null;
  const queryClient = useQueryClient();
  const searchId = useId();
  const membersHeadingId = useId();

  const membersQuery = useQuery({ ...missionMembersQuery(missionId), enabled: missionId !== '' });
  const members = useMemo(() => membersQuery.data ?? [], [membersQuery.data]);
  const memberIds = useMemo(() => new Set(members.map((member) => member.user_id)), [members]);

  const [term, setTerm] = useState('');
  const [search, setSearch] = useState<SearchState>({ status: 'idle' });
  const [adding, setAdding] = useState<ReadonlySet<string>>(new Set());
  const [removing, setRemoving] = useState<ReadonlySet<string>>(new Set());
  /** The member whose removal waits for a second press ("Remove" or "Keep"). */
  const [confirming, setConfirming] = useState<string | null>(null);
  const lastAsked = useRef<string | null>(null);
  /** After a removal, the member whose remove button takes focus (the next row that has one). */
  const [focusAfterRemoval, setFocusAfterRemoval] = useState<string | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  // Search USER_SEARCH_DEBOUNCE_MS after the last keystroke; a newer keystroke cancels the older search.
  useEffect(() => {
    const text = term.trim();
    if (text === '') return undefined;
    let current = true;
    const timer = window.setTimeout(() => {
      searchUsers(text, currentUserId).then(
        (results) => {
          if (current) setSearch({ status: 'done', results });
        },
        (error: unknown) => {
          if (!current) return;
          console.error('User search failed', error);
          toast.error(TEAM_TEXT.searchFailed);
          setSearch({ status: 'idle' });
        },
      );
    }, USER_SEARCH_DEBOUNCE_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [term, currentUserId]);

  function onTermChange(event: ChangeEvent<HTMLInputElement>) {
    const value = event.target.value;
    setTerm(value);
    // Empty text clears the results at once.
    setSearch(value.trim() === '' ? { status: 'idle' } : { status: 'searching' });
  }

  const refresh = () => invalidateTeam(queryClient);

  async function onAdd(person: UserSearchResult) {
    if (!missionId) {
      toast.error(TEAM_TEXT.missionIdRequired);
      return;
    }
    if (memberIds.has(person.id)) {
      toast.error(TEAM_TEXT.alreadyMember);
      return;
    }
    setAdding((ids) => new Set(ids).add(person.id));
    let added = false;
    try {
      const member = await addMember(missionId, person.id);
      added = member !== null;
      if (member) toast.success(TEAM_TEXT.added);
      else toast.error(TEAM_TEXT.addFailed);
    } catch (error) {
      console.error('Adding a member failed', error);
      // The server's own messages for these rules (from the contract) are shown as they are.
      const known: string[] = [TEAM_MESSAGES.alreadyMember, TEAM_MESSAGES.additionsRefused];
      toast.error(error instanceof RpcError && known.includes(error.message) ? error.message : TEAM_TEXT.addFailed);
    } finally {
      await refresh();
      setAdding((ids) => without(ids, person.id));
    }
    // The Add Member button became "Already a member": focus goes back to the search, ready for the next person.
    if (added) searchRef.current?.focus();
  }

  async function onRemove(member: MissionMember) {
    if (!missionId || !currentUserId) {
      toast.error(TEAM_TEXT.removeMissingInfo);
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
      toast.error(error instanceof Error && error.message ? error.message : TEAM_TEXT.removeFailed);
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
      <section aria-label="Find people" className="flex flex-col gap-3">
        <label htmlFor={searchId} className="sr-only">
          Search users by name or email
        </label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
          <input
            ref={searchRef}
            id={searchId}
            type="search"
            value={term}
            onChange={onTermChange}
            placeholder="Search by name or email..."
            autoComplete="off"
            spellCheck={false}
            className={`${fieldControlClasses} pl-9`}
          />
        </div>
        <div aria-live="polite" className="flex flex-col gap-2">
          {search.status === 'searching' ? <Spinner size="sm" label="Searching..." className="text-sm" /> : null}
          {search.status === 'done' && search.results.length === 0 ? (
            <div className="text-sm text-slate-300">
              <p>No users found</p>
              <p className="mt-1">Only people who have created a role profile can be found and added.</p>
            </div>
          ) : null}
        </div>
        {search.status === 'done' && search.results.length > 0 ? (
          <ul aria-label="Search results" className="flex flex-col divide-y divide-slate-700/70 rounded-xl border border-slate-700 bg-slate-950/40">
            {search.results.map((person) => (
              <li key={person.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 px-3 py-2.5">
                <PersonLabel name={displayName(person)} email={person.email} userId={person.id} />
                {memberIds.has(person.id) ? (
                  <Badge tone="success">Already a member</Badge>
                ) : !person.accepts_additions ? (
                  <Badge tone="neutral">{TEAM_TEXT.refusesAdditions}</Badge>
                ) : (
                  <Button
                    size="sm"
                    icon={<UserPlus aria-hidden="true" className="size-4" />}
                    busy={adding.has(person.id)}
                    busyLabel="Adding..."
                    aria-label={adding.has(person.id) ? undefined : `Add Member ${displayName(person)}`}
                    onClick={() => void onAdd(person)}
                  >
                    Add Member
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section aria-labelledby={membersHeadingId} className="flex flex-col gap-3">
        <h3 id={membersHeadingId} className="text-base font-semibold text-slate-50">
          Current Team Members{membersQuery.data ? ` (${members.length})` : ''}
        </h3>
        {membersQuery.isPending && missionId !== '' ? (
          <Spinner size="sm" label="Loading team members..." className="text-sm" />
        ) : membersQuery.data === undefined && membersQuery.error ? (
          // A team that could not be read is not an empty team.
          <LoadError message={membersQuery.error.message} retrying={membersQuery.isFetching} onRetry={() => void membersQuery.refetch()} />
        ) : members.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-600 px-4 py-6 text-center text-sm text-slate-300">
            No team members added yet. Search above to add members.
          </p>
        ) : (
          <ul aria-labelledby={membersHeadingId} className="flex flex-col divide-y divide-slate-700/70 rounded-xl border border-slate-700 bg-slate-950/40">
            {members.map((member) => {
              const name = displayName(member);
              const asking = confirming === member.user_id;
              return (
                <li key={member.user_id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 px-3 py-2.5">
                  <PersonLabel name={name} email={member.email} userId={member.user_id} />
                  {isTeamOwner(member) ? (
                    <Badge tone="accent">Owner</Badge>
                  ) : asking ? (
                    <ConfirmRemoval
                      name={name}
                      onRemove={() => {
                        setConfirming(null);
                        void onRemove(member);
                      }}
                      onKeep={() => setConfirming(null)}
                    />
                  ) : (
                    <RemoveButton
                      name={name}
                      busy={removing.has(member.user_id)}
                      // Back here after "Keep": focus returns to the button that asked; after a
                      // removal, to the next row's.
                      focusOnMount={lastAsked.current === member.user_id || focusAfterRemoval === member.user_id}
                      onClick={() => {
                        setFocusAfterRemoval(null);
                        lastAsked.current = member.user_id;
                        setConfirming(member.user_id);
                      }}
                    />
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The remove icon button of a member's row; the removal itself waits for ConfirmRemoval. */
function RemoveButton({ name, busy, focusOnMount, onClick }: { name: string; busy: boolean; focusOnMount: boolean; onClick: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <Button
      ref={ref}
      variant="ghost"
      size="sm"
      title="Remove member"
      aria-label={`Remove member ${name}`}
      className="text-rose-200 hover:bg-rose-500/15 hover:text-rose-100"
      busy={busy}
      onClick={onClick}
    >
      {busy ? null : <UserMinus aria-hidden="true" className="size-4" />}
    </Button>
  );
}

/** "Remove {name}?" with Remove and Keep, in place of the remove button; focus starts on Keep. */
function ConfirmRemoval({ name, onRemove, onKeep }: { name: string; onRemove: () => void; onKeep: () => void }) {
  const keepRef = useRef<HTMLButtonElement>(null);
  useEffect(() => keepRef.current?.focus(), []);
  return (
    <div role="group" aria-label={`Remove ${name} from the team?`} className="flex basis-full flex-wrap items-center justify-end gap-2">
      <p className="mr-auto text-sm text-slate-200">Remove from the team?</p>
      <Button ref={keepRef} variant="secondary" size="sm" onClick={onKeep}>
        Keep
      </Button>
      <Button variant="danger" size="sm" onClick={onRemove}>
        Remove
      </Button>
    </div>
  );
}

/**
 * A name on one line (cut short with an ellipsis, whole in its tooltip) and an e-mail address
 * that, when it must wrap, wraps before its "@" or a dot, never inside a word.
 */
/** A person's name (opening their role card) and e-mail. */
function PersonLabel({ name, email, userId }: { name: string; email: string; userId: string }) {
  return (
    <div className="min-w-0 flex-[1_1_12rem]">
      <p className="truncate font-medium text-slate-100" title={name}>
        <PersonName userId={userId} title={name} className="block max-w-full truncate">
          {name}
        </PersonName>
      </p>
      <p className="text-sm break-words text-slate-300" title={email}>
        <EmailText email={email} />
      </p>
    </div>
  );
}

function without(ids: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(ids);
  next.delete(id);
  return next;
}
