import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import type { RoleCard } from '@mc/contract';
import { Badge, Dialog, Spinner, LoadError } from '../../components/ui';
import { paths } from '../../lib/paths';
import { roleCardQuery } from './rolesApi';
import { InviteFromCard } from './InviteFromCard';
import { archetypeLabel, objectiveLabel } from './optionLabels';
import { shownFullName } from '../../i18n/personNames';

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
  const { _ } = useLingui();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={_('roles.card.title')} className="max-w-xl">
      {open ? <RoleCardBody userId={userId} actions={actions} /> : null}
    </Dialog>
  );
}

const SECTIONS: readonly { messageId: string; value: (card: RoleCard) => string }[] = [
  { messageId: 'roles.card.intention', value: (card) => card.intention },
  { messageId: 'roles.card.skills', value: (card) => card.skills_and_resources },
  { messageId: 'roles.card.knowledge', value: (card) => card.knowledge_and_experience },
  { messageId: 'roles.card.communityNeed', value: (card) => card.community_need },
  { messageId: 'roles.card.serve', value: (card) => card.contribution },
];

function RoleCardBody({ userId, actions }: { userId: string; actions: RoleCardDialogProps['actions'] }) {
  const { _ } = useLingui();
  const card = useQuery(roleCardQuery(userId));
  if (card.isPending) return <Spinner label={_('roles.card.loading')} />;
  if (card.isError) return <LoadError className="mt-4" message={card.error.message} retrying={card.isFetching} onRetry={() => void card.refetch()} />;
  if (!card.data) return <p className="mt-4 text-slate-300">{_('roles.card.notShared')}</p>;
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
  const { _ } = useLingui();
  return (
    <>
      <div>
        <p className="text-xl font-semibold break-words text-slate-50">{shownFullName(person)}</p>
        <p className="text-slate-200">{person.role_title}</p>
        <div className="mt-2 flex flex-wrap gap-2">
          {person.role_archype ? <Badge tone="accent">{archetypeLabel(_, person.role_archype)}</Badge> : null}
          {person.high_objective ? <Badge tone="info">{objectiveLabel(_, person.high_objective)}</Badge> : null}
        </div>
      </div>
      <dl className="flex flex-col gap-3">
        {SECTIONS.map(({ messageId, value }) => (
          <div key={messageId}>
            <dt className="text-sm font-semibold text-slate-300">{_(messageId)}</dt>
            <dd className="break-words whitespace-pre-line text-slate-100">{value(person)}</dd>
          </div>
        ))}
        {person.email ? (
          <div>
            <dt className="text-sm font-semibold text-slate-300">{_('roles.card.contact')}</dt>
            <dd className="break-all text-slate-100">
              {person.email}
              {person.mobile ? ` · ${person.mobile}` : ''}
            </dd>
          </div>
        ) : null}
      </dl>
      <div>
        <h3 className="text-sm font-semibold text-slate-300">{_('roles.card.missions')}</h3>
        {person.missions.length === 0 ? (
          <p className="text-slate-100">{_('roles.card.noTeam')}</p>
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
