import { useDeferredValue, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { ShieldCheck, ShieldOff, Trash2, UserRound, UsersRound } from 'lucide-react';
import { DELETION_REASON_MAX, type AccountDeletionPlan, type AttendeeActivity, type AttendeeSummary } from '@mc/contract';
import { Badge, Button, Card, Dialog, EmailText, SearchInput, Spinner, TextAreaField, QueryState, LoadError } from '../../../components/ui';
import { OrganisersPanel } from '../OrganisersPanel';
import { DoorStaffPanel } from '../DoorStaffPanel';
import { SectionHeading } from '../SectionHeading';
import { attendeeActivityQuery, attendeesQuery, deleteAttendeeAccount, personName, refreshAfterChange } from '../moderationApi';
import { grantOrganiser, revokeOrganiser } from '../organiserApi';
import { formatVenueDateTime } from '../../../lib/formatVenue';
import { useVenueTimeZone } from '../../conference';

const ANONYMITY_LABELS: Record<AttendeeSummary['anonymity'], { messageId: string }> = {
  anonymous: { messageId: 'organiser.people.anonymous' },
  sharing: { messageId: 'organiser.people.sharing' },
  not_chosen: { messageId: 'organiser.people.notChosen' },
};

/** Find an attendee, see what they have done, change their organiser role, delete their account on request. */
export default function PeopleSection() {
  const { _ } = useLingui();
  const [term, setTerm] = useState('');
  const deferredTerm = useDeferredValue(term.trim());
  const people = useQuery(attendeesQuery(deferredTerm));
  const [selected, setSelected] = useState<string | null>(null);

  return (
    <section aria-labelledby="section-title" className="flex flex-col gap-6">
      <SectionHeading title={_('organiser.sections.people')} description={_('organiser.people.description')} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] lg:items-start">
        <div className="flex flex-col gap-3">
          <SearchInput label={_('organiser.people.find')} value={term} onChange={setTerm} placeholder={_('organiser.people.findPlaceholder')} />
          <QueryState query={people} loading={_('organiser.people.searching')} errorTitle={_('organiser.people.searchFailed')}>
            {(data) =>
              data.length === 0 ? (
                <Card className="flex items-center gap-3 text-slate-300">
                  <UsersRound aria-hidden="true" className="size-5 shrink-0" />
                  <p>{_(deferredTerm ? 'organiser.people.noMatch' : 'organiser.people.none')}</p>
                </Card>
              ) : (
                <>
                  <p className="text-sm text-slate-400">{deferredTerm ? _('organiser.people.found', { count: data.length }) : _('organiser.people.newest')}</p>
                  <ul aria-label={_('organiser.people.results')} className="flex flex-col gap-2">
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
            <p>{_('organiser.people.choose')}</p>
          </Card>
        )}
      </div>
      <OrganisersPanel />
      <DoorStaffPanel />
    </section>
  );
}

function PersonPanel({ userId, onDeleted }: { userId: string; onDeleted: () => void }) {
  const { _ } = useLingui();
  const timeZone = useVenueTimeZone();
  const activity = useQuery(attendeeActivityQuery(userId));
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const role = useMutation({
    mutationFn: (person: AttendeeActivity) => (person.is_organiser ? revokeOrganiser(person.email) : grantOrganiser(person.email)),
    onSuccess: async (change) => {
      toast.success(_(change.is_organiser ? 'organiser.people.nowOrganiser' : 'organiser.people.noLongerOrganiser', { email: change.email }));
      await refreshAfterChange(queryClient);
    },
    onError: (failure) => toast.error(failure.message),
  });

  if (activity.isPending) return <Spinner label={_('organiser.people.loading')} />;
  if (activity.isError) {
    return (
      <LoadError
        title={_('organiser.people.loadFailed')}
        message={activity.error.message}
        retrying={activity.isFetching}
        onRetry={() => void activity.refetch()}
      />
    );
  }
  const person = activity.data;
  const surveyState = (done: boolean) => _(done ? 'organiser.people.done' : 'organiser.people.notDone');
  const facts: [string, string][] = [
    [_('organiser.people.registered'), formatVenueDateTime(person.registered_at, timeZone)],
    [_('organiser.people.lastSignIn'), person.last_sign_in_at ? formatVenueDateTime(person.last_sign_in_at, timeZone) : _('organiser.people.never')],
    [_('organiser.people.anonymity'), _(ANONYMITY_LABELS[person.anonymity].messageId)],
    [_('organiser.people.preSurvey'), surveyState(person.pre_survey_completed)],
    [_('organiser.people.postSurvey'), surveyState(person.post_survey_completed)],
    [
      _('organiser.people.roleProfile'),
      person.role_profile ? _('organiser.people.roleProfileWritten', { title: person.role_profile.role_title }) : _('organiser.people.roleProfileNotWritten'),
    ],
    [_('organiser.common.votes'), String(person.votes)],
    [_('organiser.common.subscriptions'), String(person.subscriptions)],
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
        {person.is_organiser ? <Badge tone="accent">{_('organiser.people.organiser')}</Badge> : <Badge>{_('organiser.people.attendee')}</Badge>}
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
        <h3 className="text-sm font-semibold tracking-wide text-slate-400 uppercase">{_('organiser.people.missionsAndTeams')}</h3>
        {person.teams.length === 0 ? (
          <p className="text-slate-300">{_('organiser.people.noTeam')}</p>
        ) : (
          <ul className="mt-1 flex flex-col gap-1 text-slate-100">
            {person.teams.map((team) => (
              <li key={team.mission_id} className="flex flex-wrap items-center gap-2">
                <span className="break-words">{team.name}</span>
                <Badge tone={team.role_in_team === 'owner' ? 'info' : 'neutral'}>
                  {_(team.role_in_team === 'owner' ? 'organiser.people.creator' : team.is_co_owner ? 'organiser.people.coOwner' : 'organiser.people.member')}
                </Badge>
                {team.hidden ? <Badge tone="warning">{_('organiser.common.hidden')}</Badge> : null}
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
          busyLabel={_('organiser.common.saving')}
          icon={person.is_organiser ? <ShieldOff aria-hidden="true" className="size-4" /> : <ShieldCheck aria-hidden="true" className="size-4" />}
          onClick={() => role.mutate(person)}
        >
          {_(person.is_organiser ? 'organiser.people.revokeRole' : 'organiser.people.makeOrganiser')}
        </Button>
        <Button variant="danger" size="sm" icon={<Trash2 aria-hidden="true" className="size-4" />} onClick={() => setDeleting(true)}>
          {_('organiser.people.deleteAccount')}
        </Button>
      </div>
      <DeleteDialog person={deleting ? person : null} onClose={() => setDeleting(false)} onDeleted={onDeleted} />
    </Card>
  );
}

/** What deleting will do to the person's mission, said before anything happens. */
function missionOutcomeText(plan: AccountDeletionPlan, _: I18n['_']): string {
  if (plan.mission_outcome === 'transferred' && plan.mission && plan.new_owner) {
    return _('organiser.people.outcomeTransferred', { mission: plan.mission.name, name: personName(plan.new_owner), email: plan.new_owner.email });
  }
  if (plan.mission_outcome === 'hidden' && plan.mission) {
    return _('organiser.people.outcomeHidden', { mission: plan.mission.name });
  }
  return _('organiser.people.outcomeNone');
}

function DeleteDialog({ person, onClose, onDeleted }: { person: AttendeeActivity | null; onClose: () => void; onDeleted: () => void }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const remove = useMutation({
    mutationFn: (target: AttendeeActivity) =>
      deleteAttendeeAccount({ p_user_id: target.user_id, p_mission_outcome: target.deletion.mission_outcome, p_reason: reason }),
    onSuccess: async (deleted) => {
      toast.success(_('organiser.people.deleted', { email: deleted.email }));
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
      title={_('organiser.people.deleteTitle', { email: person?.email ?? '' })}
      description={_('organiser.people.deleteDescription')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {_('organiser.common.cancel')}
          </Button>
          <Button
            variant="danger"
            busy={remove.isPending}
            busyLabel={_('organiser.common.deleting')}
            disabled={reason.trim() === ''}
            onClick={() => person && remove.mutate(person)}
          >
            {_('organiser.people.deleteAccount')}
          </Button>
        </>
      }
    >
      {plan ? (
        <ul className="flex list-disc flex-col gap-2 pl-5 text-sm text-slate-200">
          <li data-testid="mission-outcome">{missionOutcomeText(plan, _)}</li>
          <li>{_('organiser.people.removed', { votes: plan.votes, subscriptions: plan.subscriptions, memberships: plan.memberships })}</li>
          <li>{_('organiser.people.profileAndSessions')}</li>
        </ul>
      ) : null}
      <TextAreaField
        label={_('organiser.people.reason')}
        hint={_('organiser.people.reasonHint')}
        required
        maxLength={DELETION_REASON_MAX}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
    </Dialog>
  );
}
