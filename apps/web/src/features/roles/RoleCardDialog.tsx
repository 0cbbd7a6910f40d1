import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { RoleCard } from '@mc/contract';
import { Badge, Dialog, Spinner, LoadError } from '../../components/ui';
import { paths } from '../../lib/paths';
import { roleCardQuery } from './rolesApi';
import { InviteFromCard } from './InviteFromCard';

interface PersonNameProps {
  userId: string;
  /** What the list showed before: the name as text. */
  children: ReactNode;
  className?: string;
  /** The whole name on hover, where a list cuts it short. */
  title?: string;
}

/** A person's name that opens their role card (docs/product.md#role-card). */
export function PersonName({ userId, children, className, title }: PersonNameProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        title={title}
        onClick={() => setOpen(true)}
        className={`cursor-pointer rounded-sm text-left underline decoration-slate-500 underline-offset-4 hover:decoration-sky-300 focus-visible:outline-2 focus-visible:outline-sky-300 ${className ?? ''}`}
      >
        {children}
      </button>
      <RoleCardDialog userId={userId} open={open} onOpenChange={setOpen} />
    </>
  );
}

interface RoleCardDialogProps {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the reader may do from the card (an owner's "Invite"), at its foot. */
  actions?: (card: RoleCard) => ReactNode;
}

export function RoleCardDialog({ userId, open, onOpenChange, actions }: RoleCardDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Role card" className="max-w-xl">
      {open ? <RoleCardBody userId={userId} actions={actions} /> : null}
    </Dialog>
  );
}

const SECTIONS: readonly { label: string; value: (card: RoleCard) => string }[] = [
  { label: 'Intention', value: (card) => card.intention },
  { label: 'Skills & Resources', value: (card) => card.skills_and_resources },
  { label: 'Knowledge & Experience', value: (card) => card.knowledge_and_experience },
  { label: 'Community Need', value: (card) => card.community_need },
  { label: 'How they will serve', value: (card) => card.contribution },
];

function RoleCardBody({ userId, actions }: { userId: string; actions: RoleCardDialogProps['actions'] }) {
  const card = useQuery(roleCardQuery(userId));
  if (card.isPending) return <Spinner label="Loading role card..." />;
  if (card.isError) return <LoadError className="mt-4" message={card.error.message} retrying={card.isFetching} onRetry={() => void card.refetch()} />;
  if (!card.data) return <p className="mt-4 text-slate-300">This person’s role card is not shared with you.</p>;
  return (
    <div className="mt-4 flex min-h-0 flex-col gap-4 overflow-y-auto" data-testid="role-card">
      <div className="flex flex-col gap-4" data-testid="role-card-body">
        <RoleCardView card={card.data} />
      </div>
      {actions ? actions(card.data) : <InviteFromCard card={card.data} />}
    </div>
  );
}

/**
 * A role card's contents as the server answered them for the reader (get_role_card): the dialog
 * shows it, and the account page's "What others see of me" shows the person's own card with it.
 */
export function RoleCardView({ card: person }: { card: RoleCard }) {
  return (
    <>
      <div>
        <p className="text-xl font-semibold break-words text-slate-50">{`${person.first_name} ${person.last_name}`.trim()}</p>
        <p className="text-slate-200">{person.role_title}</p>
        <div className="mt-2 flex flex-wrap gap-2">
          {person.role_archype ? <Badge tone="accent">{person.role_archype}</Badge> : null}
          {person.high_objective ? <Badge tone="info">{person.high_objective}</Badge> : null}
        </div>
      </div>
      <dl className="flex flex-col gap-3">
        {SECTIONS.map(({ label, value }) => (
          <div key={label}>
            <dt className="text-sm font-semibold text-slate-300">{label}</dt>
            <dd className="break-words whitespace-pre-line text-slate-100">{value(person)}</dd>
          </div>
        ))}
        {person.email ? (
          <div>
            <dt className="text-sm font-semibold text-slate-300">Contact</dt>
            <dd className="break-all text-slate-100">
              {person.email}
              {person.mobile ? ` · ${person.mobile}` : ''}
            </dd>
          </div>
        ) : null}
      </dl>
      <div>
        <h3 className="text-sm font-semibold text-slate-300">Missions</h3>
        {person.missions.length === 0 ? (
          <p className="text-slate-100">Not on a team yet.</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {person.missions.map((mission) => (
              <li key={mission.mission_id}>
                <Link to={paths.mission(mission.mission_id)} className="text-sky-300 underline underline-offset-4 hover:text-sky-200">
                  {mission.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
