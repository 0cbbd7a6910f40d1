import { useDeferredValue, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ShieldCheck, ShieldOff, Trash2, UserRound, UsersRound } from 'lucide-react';
import { DELETION_REASON_MAX, type AccountDeletionPlan, type AttendeeActivity, type AttendeeSummary } from '@mc/contract';
import { Badge, Button, Card, Dialog, EmailText, SearchInput, Spinner, TextAreaField, QueryState, LoadError } from '../../../components/ui';
import { callRpc } from '../../../lib/rpc';
import { OrganisersPanel } from '../OrganisersPanel';
import { SectionHeading } from '../SectionHeading';
import { attendeeActivityQuery, attendeesQuery, personName, refreshAfterChange } from '../moderationApi';
import { countLabel } from '../../../lib/format';
import { formatVenueDateTime } from '../../../lib/formatVenue';
import { useVenueTimeZone } from '../../conference';

const ANONYMITY_LABELS: Record<AttendeeSummary['anonymity'], string> = {
  anonymous: 'Anonymous',
  sharing: 'Sharing their details',
  not_chosen: 'Not chosen yet',
};

/** Find an attendee, see what they have done, change their organiser role, delete their account on request. */
export default function PeopleSection() {
  const [term, setTerm] = useState('');
  const deferredTerm = useDeferredValue(term.trim());
  const people = useQuery(attendeesQuery(deferredTerm));
  const [selected, setSelected] = useState<string | null>(null);

  return (
    <section aria-labelledby="section-title" className="flex flex-col gap-6">
      <SectionHeading
        title="People"
        description="Find an attendee and see what they have done. Survey answers and dates of birth are never shown: the app does not keep them."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] lg:items-start">
        <div className="flex flex-col gap-3">
          <SearchInput label="Find an attendee" value={term} onChange={setTerm} placeholder="Name or e-mail..." />
          <QueryState query={people} loading="Searching..." errorTitle="The search failed">
            {(data) =>
              data.length === 0 ? (
                <Card className="flex items-center gap-3 text-slate-300">
                  <UsersRound aria-hidden="true" className="size-5 shrink-0" />
                  <p>{deferredTerm ? 'Nobody matches this search.' : 'Nobody has signed up yet.'}</p>
                </Card>
              ) : (
                <>
                  <p className="text-sm text-slate-400">{deferredTerm ? `${data.length} found` : 'Newest sign-ups'}</p>
                  <ul aria-label="People found" className="flex flex-col gap-2">
                    {data.map((person) => (
                      <li key={person.user_id}>
                        <button
                          type="button"
                          aria-pressed={selected === person.user_id}
                          onClick={() => setSelected(person.user_id)}
                          className="flex w-full min-w-0 flex-col items-start rounded-lg border border-slate-700 bg-slate-900/60 px-3 py-2 text-left hover:border-sky-400/60 aria-pressed:border-sky-300 aria-pressed:bg-sky-400/10"
                        >
                          <span className="font-medium break-words text-slate-50">{personName(person)}</span>
                          <span className="text-sm break-words text-slate-300">
                            <EmailText email={person.email} />
                          </span>
                        </button>
                      </li>
                    ))}
                  </ul>
                </>
              )
            }
          </QueryState>
        </div>
        {selected ? (
          <PersonPanel userId={selected} onDeleted={() => setSelected(null)} />
        ) : (
          <Card className="flex items-center gap-3 text-slate-300">
            <UserRound aria-hidden="true" className="size-5 shrink-0" />
            <p>Choose a person to see what they have done.</p>
          </Card>
        )}
      </div>
      <OrganisersPanel />
    </section>
  );
}

function PersonPanel({ userId, onDeleted }: { userId: string; onDeleted: () => void }) {
  const timeZone = useVenueTimeZone();
  const activity = useQuery(attendeeActivityQuery(userId));
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const role = useMutation({
    mutationFn: (person: AttendeeActivity) => callRpc(person.is_organiser ? 'revoke_organiser' : 'grant_organiser', { p_email: person.email }),
    onSuccess: async (change) => {
      toast.success(change.is_organiser ? `${change.email} is now an organiser.` : `${change.email} is no longer an organiser.`);
      await refreshAfterChange(queryClient);
    },
    onError: (failure) => toast.error(failure.message),
  });

  if (activity.isPending) return <Spinner label="Loading what this person has done..." />;
  if (activity.isError) {
    return (
      <LoadError
        title="This person could not be loaded"
        message={activity.error.message}
        retrying={activity.isFetching}
        onRetry={() => void activity.refetch()}
      />
    );
  }
  const person = activity.data;
  const facts: [string, string][] = [
    ['Registered', formatVenueDateTime(person.registered_at, timeZone)],
    ['Last sign-in', person.last_sign_in_at ? formatVenueDateTime(person.last_sign_in_at, timeZone) : 'Never'],
    ['Anonymity', ANONYMITY_LABELS[person.anonymity]],
    ['Pre-conference survey', person.pre_survey_completed ? 'Done' : 'Not done'],
    ['Post-conference survey', person.post_survey_completed ? 'Done' : 'Not done'],
    ['Role profile', person.role_profile ? `Written: ${person.role_profile.role_title}` : 'Not written'],
    ['Votes', String(person.votes)],
    ['Subscriptions', String(person.subscriptions)],
  ];
  return (
    <Card className="flex flex-col gap-5" aria-labelledby="person-title" role="region">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="person-title" className="text-xl font-semibold break-words text-slate-50">
            {personName(person)}
          </h2>
          <p className="break-words text-slate-300" data-testid="person-email">
            <EmailText email={person.email} />
          </p>
        </div>
        {person.is_organiser ? <Badge tone="accent">Organiser</Badge> : <Badge>Attendee</Badge>}
      </div>
      <dl className="grid gap-3 sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{label}</dt>
            <dd className="text-slate-100">{value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <h3 className="text-sm font-semibold tracking-wide text-slate-400 uppercase">Missions and teams</h3>
        {person.teams.length === 0 ? (
          <p className="text-slate-300">Not on any team.</p>
        ) : (
          <ul className="mt-1 flex flex-col gap-1 text-slate-100">
            {person.teams.map((team) => (
              <li key={team.mission_id} className="flex flex-wrap items-center gap-2">
                <span className="break-words">{team.name}</span>
                <Badge tone={team.role_in_team === 'owner' ? 'info' : 'neutral'}>
                  {team.role_in_team === 'owner' ? 'Creator' : team.is_co_owner ? 'Co-owner' : 'Member'}
                </Badge>
                {team.hidden ? <Badge tone="warning">Hidden</Badge> : null}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-wrap gap-2 border-t border-slate-700/70 pt-4">
        <Button
          variant="secondary"
          size="sm"
          busy={role.isPending}
          busyLabel="Saving..."
          icon={person.is_organiser ? <ShieldOff aria-hidden="true" className="size-4" /> : <ShieldCheck aria-hidden="true" className="size-4" />}
          onClick={() => role.mutate(person)}
        >
          {person.is_organiser ? 'Revoke organiser role' : 'Make organiser'}
        </Button>
        <Button variant="danger" size="sm" icon={<Trash2 aria-hidden="true" className="size-4" />} onClick={() => setDeleting(true)}>
          Delete account
        </Button>
      </div>
      <DeleteDialog person={deleting ? person : null} onClose={() => setDeleting(false)} onDeleted={onDeleted} />
    </Card>
  );
}

/** What deleting will do to the person's mission, said before anything happens. */
function missionOutcomeText(plan: AccountDeletionPlan): string {
  if (plan.mission_outcome === 'transferred' && plan.mission && plan.new_owner) {
    return `Their mission "${plan.mission.name}" passes to its co-owner ${personName(plan.new_owner)} (${plan.new_owner.email}).`;
  }
  if (plan.mission_outcome === 'hidden' && plan.mission) {
    return `Their mission "${plan.mission.name}" has no co-owner who can take it over, so it is hidden, with a note for its team.`;
  }
  return 'They did not create a mission.';
}

function DeleteDialog({ person, onClose, onDeleted }: { person: AttendeeActivity | null; onClose: () => void; onDeleted: () => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const remove = useMutation({
    mutationFn: (target: AttendeeActivity) =>
      callRpc('delete_attendee_account', { p_user_id: target.user_id, p_mission_outcome: target.deletion.mission_outcome, p_reason: reason }),
    onSuccess: async (deleted) => {
      toast.success(`The account ${deleted.email} is deleted.`);
      setReason('');
      onClose();
      onDeleted();
      await refreshAfterChange(queryClient);
    },
    onError: async (failure) => {
      toast.error(failure.message);
      // The plan may have changed: show the current one.
      await refreshAfterChange(queryClient);
    },
  });
  const plan = person?.deletion;
  return (
    <Dialog
      open={person !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Delete the account ${person?.email ?? ''}?`}
      description="Only do this when the person asked for it. It cannot be undone."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            busy={remove.isPending}
            busyLabel="Deleting..."
            disabled={reason.trim() === ''}
            onClick={() => person && remove.mutate(person)}
          >
            Delete account
          </Button>
        </>
      }
    >
      {plan ? (
        <ul className="flex list-disc flex-col gap-2 pl-5 text-sm text-slate-200">
          <li data-testid="mission-outcome">{missionOutcomeText(plan)}</li>
          <li>
            Their {countLabel(plan.votes, 'vote', 'votes')}, {countLabel(plan.subscriptions, 'subscription', 'subscriptions')} and{' '}
            {countLabel(plan.memberships, 'team membership', 'team memberships')} are removed.
          </li>
          <li>Their role profile and sessions go too; they are signed out everywhere.</li>
        </ul>
      ) : null}
      <TextAreaField
        label="Reason"
        hint="Kept in the audit log, which keeps nothing else of this person: for example how and when they asked."
        required
        maxLength={DELETION_REASON_MAX}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
    </Dialog>
  );
}
