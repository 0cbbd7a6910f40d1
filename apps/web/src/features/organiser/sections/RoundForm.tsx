import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ROUND_VOTES_MAX, venueInstant, type OrganiserRound, type ProcedureParams } from '@mc/contract';
import { Alert, Button, Card, Select, TextField } from '../../../components/ui';
import { appConfig } from '../../../lib/appConfig';
import { callRpc } from '../../../lib/rpc';
import { organiserMissionsQuery, refreshAfterChange } from '../moderationApi';

/** A datetime-local value ("2025-12-06T17:30") read as the venue's wall clock, or null when empty. */
function venueIso(value: string): string | null {
  if (!value) return null;
  const [date = '', time = ''] = value.split('T');
  return venueInstant(date, time, appConfig.conferenceTimeZone).toISOString();
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

/** A stored moment as the datetime-local field shows it: the venue's wall clock ("2025-12-06T17:30"). */
function venueInput(iso: string | null): string {
  if (!iso) return '';
  const part = Object.fromEntries(venueParts.formatToParts(new Date(iso)).map(({ type, value }) => [type, value]));
  return `${part.year ?? ''}-${part.month ?? ''}-${part.day ?? ''}T${part.hour ?? ''}:${part.minute ?? ''}`;
}

const VOTE_OPTIONS = Array.from({ length: ROUND_VOTES_MAX }, (_, index) => ({ value: String(index + 1), label: String(index + 1) }));

/**
 * Creating a round, or changing one that has not opened (`round`): its name, votes per person,
 * missions, rules and optional schedule (venue time).
 */
export function RoundForm({ round, onDone }: { round?: OrganiserRound; onDone: () => void }) {
  const queryClient = useQueryClient();
  const id = useId();
  const missions = useQuery(organiserMissionsQuery());
  const [name, setName] = useState(round?.name ?? 'Closing panel');
  const [votes, setVotes] = useState(String(round?.votes_per_person ?? 3));
  const [shortlist, setShortlist] = useState<Set<string> | null>(() =>
    round && !round.all_missions ? new Set(round.missions.map((mission) => mission.mission_id)) : null,
  );
  const [allowOwn, setAllowOwn] = useState(round?.allow_own_mission ?? false);
  const [showCounts, setShowCounts] = useState(round?.show_counts_while_open ?? false);
  const [allowRepeat, setAllowRepeat] = useState(round?.allow_repeat_votes ?? false);
  const [opensAt, setOpensAt] = useState(venueInput(round?.opens_at ?? null));
  const [closesAt, setClosesAt] = useState(venueInput(round?.closes_at ?? null));
  const create = useMutation({
    mutationFn: (params: ProcedureParams<'create_vote_round'>) =>
      round ? callRpc('update_vote_round', { p_round_id: round.round_id, ...params }) : callRpc('create_vote_round', params),
    onSuccess: async (saved) => {
      toast.success(round ? `${saved.name} is saved.` : `${saved.name} is created.`);
      await refreshAfterChange(queryClient);
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({
      p_name: name,
      p_votes_per_person: Number(votes),
      p_allow_own_mission: allowOwn,
      p_show_counts_while_open: showCounts,
      p_allow_repeat_votes: allowRepeat,
      p_mission_ids: shortlist ? [...shortlist] : null,
      p_opens_at: venueIso(opensAt),
      p_closes_at: venueIso(closesAt),
    });
  };
  const visible = (missions.data ?? []).filter((mission) => mission.hidden === null);
  const toggle = (missionId: string, on: boolean) => {
    const next = new Set(shortlist);
    if (on) next.add(missionId);
    else next.delete(missionId);
    setShortlist(next);
  };
  const checkbox = 'size-5 accent-sky-400';
  return (
    <Card>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-50">
          {round ? `Change ${round.name}` : 'New round'}
        </h2>
        <TextField label="Round name" value={name} onChange={(event) => setName(event.target.value)} required maxLength={120} />
        <Select label="Votes per person" options={VOTE_OPTIONS} value={votes} onChange={(event) => setVotes(event.target.value)} />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-200">Missions in the round</legend>
          <label className="flex items-center gap-2 text-sm text-slate-200">
            <input type="radio" name={`${id}-missions`} className={checkbox} checked={shortlist === null} onChange={() => setShortlist(null)} />
            All visible missions
          </label>
          <label className="flex items-center gap-2 text-sm text-slate-200">
            <input type="radio" name={`${id}-missions`} className={checkbox} checked={shortlist !== null} onChange={() => setShortlist(new Set())} />A shortlist
            of finalists
          </label>
          {shortlist !== null ? (
            <ul className="ml-7 flex max-h-64 flex-col gap-1 overflow-y-auto" aria-label="Finalists">
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
        <label className="flex items-center gap-2 text-sm text-slate-200">
          <input type="checkbox" className={checkbox} checked={allowOwn} onChange={(event) => setAllowOwn(event.target.checked)} />
          People may vote for their own mission
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-200">
          <input type="checkbox" className={checkbox} checked={showCounts} onChange={(event) => setShowCounts(event.target.checked)} />
          Show the counts while voting is open
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-200">
          <input type="checkbox" className={checkbox} checked={allowRepeat} onChange={(event) => setAllowRepeat(event.target.checked)} />
          People may give several of their votes to the same mission
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Opens at (optional)"
            type="datetime-local"
            value={opensAt}
            onChange={(event) => setOpensAt(event.target.value)}
            hint={`Venue time (${appConfig.conferenceTimeZone})`}
          />
          <TextField
            label="Closes at (optional)"
            type="datetime-local"
            value={closesAt}
            onChange={(event) => setClosesAt(event.target.value)}
            hint={`Venue time (${appConfig.conferenceTimeZone})`}
          />
        </div>
        {create.isError ? <Alert tone="error">{create.error.message}</Alert> : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" busy={create.isPending} busyLabel={round ? 'Saving...' : 'Creating...'}>
            {round ? 'Save round' : 'Create round'}
          </Button>
          <Button type="button" variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
