import { useId, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { ROUND_VOTES_MAX, venueInstant, type OrganiserRound, type ProcedureParams } from '@mc/contract';
import { Alert, Button, Card, Select, TextField } from '../../../components/ui';
import { LocaleDateField } from '../../../components/ui/LocaleDateTimeFields';
import { LocaleTimeField } from '../../../components/ui/LocaleTimeField';
import { appConfig } from '../../../lib/appConfig';
import { organiserMissionsQuery, refreshAfterChange } from '../moderationApi';
import { saveVoteRound } from '../organiserApi';

/** A day and a time ("2025-12-06", "17:30") read as the venue's wall clock; null when both are empty, undefined when only one is given. */
function venueIso({ day, time }: { day: string; time: string }): string | null | undefined {
  if (!day && !time) return null;
  if (!day || !time) return undefined;
  return venueInstant(day, time, appConfig.conferenceTimeZone).toISOString();
}

const venueParts = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: appConfig.conferenceTimeZone,
});

/** A stored moment as the day and time fields show it: the venue's wall clock ("2025-12-06", "17:30"). */
function venueMoment(iso: string | null): { day: string; time: string } {
  if (!iso) return { day: '', time: '' };
  const part = Object.fromEntries(venueParts.formatToParts(new Date(iso)).map(({ type, value }) => [type, value]));
  return { day: `${part.year ?? ''}-${part.month ?? ''}-${part.day ?? ''}`, time: `${part.hour ?? ''}:${part.minute ?? ''}` };
}

const checkbox = 'size-5 accent-sky-400';

const VOTE_OPTIONS = Array.from({ length: ROUND_VOTES_MAX }, (_, index) => ({ value: String(index + 1), label: String(index + 1) }));

/**
 * Creating a round, or changing one that has not opened (`round`): its name, votes per person,
 * missions, rules and optional schedule (venue time).
 */
export function RoundForm({ round, onDone }: { round?: OrganiserRound; onDone: () => void }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const id = useId();
  // A new round's suggested name, in the organiser's language; it is the round's name once saved.
  const [name, setName] = useState(() => round?.name ?? _('organiser.roundForm.defaultName'));
  const [votes, setVotes] = useState(String(round?.votes_per_person ?? 3));
  const [shortlist, setShortlist] = useState<Set<string> | null>(() =>
    round && !round.all_missions ? new Set(round.missions.map((mission) => mission.mission_id)) : null,
  );
  const [allowOwn, setAllowOwn] = useState(round?.allow_own_mission ?? false);
  const [showCounts, setShowCounts] = useState(round?.show_counts_while_open ?? false);
  const [allowRepeat, setAllowRepeat] = useState(round?.allow_repeat_votes ?? false);
  const [checkedInOnly, setCheckedInOnly] = useState(round?.checked_in_only ?? false);
  const [opensAt, setOpensAt] = useState(() => venueMoment(round?.opens_at ?? null));
  const [closesAt, setClosesAt] = useState(() => venueMoment(round?.closes_at ?? null));
  const [halfGiven, setHalfGiven] = useState(false);
  const create = useMutation({
    mutationFn: (params: ProcedureParams<'create_vote_round'>) => saveVoteRound(round?.round_id ?? null, params),
    onSuccess: async (saved) => {
      toast.success(_(round ? 'organiser.roundForm.saved' : 'organiser.roundForm.created', { name: saved.name }));
      await refreshAfterChange(queryClient);
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const opens = venueIso(opensAt);
    const closes = venueIso(closesAt);
    setHalfGiven(opens === undefined || closes === undefined);
    if (opens === undefined || closes === undefined) return;
    create.mutate({
      p_name: name,
      p_votes_per_person: Number(votes),
      p_allow_own_mission: allowOwn,
      p_show_counts_while_open: showCounts,
      p_allow_repeat_votes: allowRepeat,
      p_checked_in_only: checkedInOnly,
      p_mission_ids: shortlist ? [...shortlist] : null,
      p_opens_at: opens,
      p_closes_at: closes,
    });
  };
  return (
    <Card>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-50">
          {round ? _('organiser.rounds.changeLabel', { name: round.name }) : _('organiser.rounds.new')}
        </h2>
        <TextField label={_('organiser.roundForm.name')} value={name} onChange={(event) => setName(event.target.value)} required maxLength={120} />
        <Select label={_('organiser.roundForm.votesPerPerson')} options={VOTE_OPTIONS} value={votes} onChange={(event) => setVotes(event.target.value)} />
        <MissionsInRound name={`${id}-missions`} shortlist={shortlist} onChange={setShortlist} />
        <label className="flex items-center gap-2 text-sm text-slate-200">
          <input type="checkbox" className={checkbox} checked={allowOwn} onChange={(event) => setAllowOwn(event.target.checked)} />
          {_('organiser.roundForm.allowOwn')}
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-200">
          <input type="checkbox" className={checkbox} checked={showCounts} onChange={(event) => setShowCounts(event.target.checked)} />
          {_('organiser.roundForm.showCounts')}
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-200">
          <input type="checkbox" className={checkbox} checked={allowRepeat} onChange={(event) => setAllowRepeat(event.target.checked)} />
          {_('organiser.roundForm.allowRepeat')}
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-200">
          <input type="checkbox" className={checkbox} checked={checkedInOnly} onChange={(event) => setCheckedInOnly(event.target.checked)} />
          {_('organiser.roundForm.checkedInOnly')}
        </label>
        <RoundSchedule opensAt={opensAt} closesAt={closesAt} onOpensAt={setOpensAt} onClosesAt={setClosesAt} />
        {halfGiven ? <Alert tone="error">{_('organiser.roundForm.halfAMoment')}</Alert> : null}
        {create.isError ? <Alert tone="error">{create.error.message}</Alert> : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" busy={create.isPending} busyLabel={_(round ? 'organiser.common.saving' : 'organiser.roundForm.creating')}>
            {_(round ? 'organiser.roundForm.save' : 'organiser.roundForm.create')}
          </Button>
          <Button type="button" variant="secondary" onClick={onDone}>
            {_('organiser.common.cancel')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** All visible missions, or a shortlist of finalists (`shortlist`) ticked from them. */
function MissionsInRound({ name, shortlist, onChange }: { name: string; shortlist: Set<string> | null; onChange: (shortlist: Set<string> | null) => void }) {
  const { _ } = useLingui();
  const missions = useQuery(organiserMissionsQuery());
  const visible = (missions.data ?? []).filter((mission) => mission.hidden === null);
  const toggle = (missionId: string, on: boolean) => {
    const next = new Set(shortlist);
    if (on) next.add(missionId);
    else next.delete(missionId);
    onChange(next);
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-200">{_('organiser.roundForm.missions')}</legend>
      <label className="flex items-center gap-2 text-sm text-slate-200">
        <input type="radio" name={name} className={checkbox} checked={shortlist === null} onChange={() => onChange(null)} />
        {_('organiser.roundForm.allVisible')}
      </label>
      <label className="flex items-center gap-2 text-sm text-slate-200">
        <input type="radio" name={name} className={checkbox} checked={shortlist !== null} onChange={() => onChange(new Set())} />
        {_('organiser.roundForm.shortlist')}
      </label>
      {shortlist !== null ? (
        <ul className="ml-7 flex max-h-64 flex-col gap-1 overflow-y-auto" aria-label={_('organiser.roundForm.finalists')}>
          {visible.map((mission) => (
            <li key={mission.mission_id}>
              <label className="flex items-center gap-2 text-sm text-slate-200">
                <input
                  type="checkbox"
                  className={checkbox}
                  checked={shortlist.has(mission.mission_id)}
                  onChange={(event) => toggle(mission.mission_id, event.target.checked)}
                />
                <span className="break-words">{mission.name}</span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}

type VenueMoment = { day: string; time: string };

interface RoundScheduleProps {
  opensAt: VenueMoment;
  closesAt: VenueMoment;
  onOpensAt: Dispatch<SetStateAction<VenueMoment>>;
  onClosesAt: Dispatch<SetStateAction<VenueMoment>>;
}

/** When the round opens and closes by itself, on the venue's clock; both optional. */
function RoundSchedule({ opensAt, closesAt, onOpensAt, onClosesAt }: RoundScheduleProps) {
  const { _ } = useLingui();
  const venueTimeHint = _('organiser.roundForm.venueTime', { zone: appConfig.conferenceTimeZone });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <LocaleDateField label={_('organiser.roundForm.opensOn')} value={opensAt.day} onValueChange={(day) => onOpensAt((at) => ({ ...at, day }))} />
      <LocaleTimeField
        label={_('organiser.roundForm.opensAt')}
        value={opensAt.time}
        onValueChange={(time) => onOpensAt((at) => ({ ...at, time }))}
        hint={venueTimeHint}
      />
      <LocaleDateField label={_('organiser.roundForm.closesOn')} value={closesAt.day} onValueChange={(day) => onClosesAt((at) => ({ ...at, day }))} />
      <LocaleTimeField
        label={_('organiser.roundForm.closesAt')}
        value={closesAt.time}
        onValueChange={(time) => onClosesAt((at) => ({ ...at, time }))}
        hint={venueTimeHint}
      />
    </div>
  );
}
