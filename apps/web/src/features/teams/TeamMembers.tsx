import { useEffect, useId, useRef, useState } from 'react';
import { UserMinus } from 'lucide-react';
import { useLingui } from '@lingui/react';
import type { MissionMember } from '@mc/contract';
import { Badge, Button, LoadError, Spinner } from '../../components/ui';
import { PersonLabel } from './PersonLabel';
import { displayName, isTeamOwner } from './teamRules';

export interface TeamMembersProps {
  members: MissionMember[];
  loading: boolean;
  /** Why the team could not be read, with a way to try again: a team that could not be read is not an empty team. */
  loadError: { message: string; retrying: boolean; onRetry: () => void } | null;
  /** Members being removed right now. */
  removing: ReadonlySet<string>;
  /** After a removal, the member whose remove button takes focus. */
  focusAfterRemoval: string | null;
  /** A remove button was pressed: the removal now waits for Remove or Keep. */
  onAsk: () => void;
  onRemove: (member: MissionMember) => void;
}

/** Manage Team's list of members: owners carry a badge; anyone else is removed after a second press. */
export function TeamMembers({ members, loading, loadError, removing, focusAfterRemoval, onAsk, onRemove }: TeamMembersProps) {
  const { _ } = useLingui();
  const membersHeadingId = useId();
  /** The member whose removal waits for a second press ("Remove" or "Keep"). */
  const [confirming, setConfirming] = useState<string | null>(null);
  const lastAsked = useRef<string | null>(null);
  return (
    <section aria-labelledby={membersHeadingId} className="flex flex-col gap-3">
      <h3 id={membersHeadingId} className="text-base font-semibold text-slate-50">
        {/* A count only for a team that was read: one that could not be is not an empty team. */}
        {loading || loadError ? _('teams.members.heading') : _('teams.members.headingCount', { count: members.length })}
      </h3>
      {loading ? (
        <Spinner size="sm" label={_('teams.members.loading')} className="text-sm" />
      ) : loadError ? (
        <LoadError message={loadError.message} retrying={loadError.retrying} onRetry={loadError.onRetry} />
      ) : members.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-600 px-4 py-6 text-center text-sm text-slate-300">{_('teams.members.empty')}</p>
      ) : (
        <ul aria-labelledby={membersHeadingId} className="flex flex-col divide-y divide-slate-700/70 rounded-xl border border-slate-700 bg-slate-950/40">
          {members.map((member) => {
            const name = displayName(member);
            const asking = confirming === member.user_id;
            return (
              <li key={member.user_id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 px-3 py-2.5">
                <PersonLabel name={name} email={member.email} userId={member.user_id} />
                {isTeamOwner(member) ? (
                  <Badge tone="accent">{_('teams.members.owner')}</Badge>
                ) : asking ? (
                  <ConfirmRemoval
                    name={name}
                    onRemove={() => {
                      setConfirming(null);
                      onRemove(member);
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
                      onAsk();
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
  );
}

/** The remove icon button of a member's row; the removal itself waits for ConfirmRemoval. */
function RemoveButton({ name, busy, focusOnMount, onClick }: { name: string; busy: boolean; focusOnMount: boolean; onClick: () => void }) {
  const { _ } = useLingui();
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <Button
      ref={ref}
      variant="ghost"
      size="sm"
      title={_('teams.members.removeTitle')}
      aria-label={_('teams.members.removeLabel', { name })}
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
  const { _ } = useLingui();
  const keepRef = useRef<HTMLButtonElement>(null);
  useEffect(() => keepRef.current?.focus(), []);
  return (
    <div role="group" aria-label={_('teams.members.confirmLabel', { name })} className="flex basis-full flex-wrap items-center justify-end gap-2">
      <p className="mr-auto text-sm text-slate-200">{_('teams.members.confirmQuestion')}</p>
      <Button ref={keepRef} variant="secondary" size="sm" onClick={onKeep}>
        {_('teams.members.keep')}
      </Button>
      <Button variant="danger" size="sm" onClick={onRemove}>
        {_('teams.members.remove')}
      </Button>
    </div>
  );
}
