import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Download, Pencil, Plus } from 'lucide-react';
import { roundExportPath, type OrganiserRound, type RoundState } from '@mc/contract';
import { Alert, Badge, Button, Card, type BadgeTone, QueryState } from '../../../components/ui';
import { queryKeys } from '../../../lib/queryKeys';
import { callRpc } from '../../../lib/rpc';
import { venueTime } from '../../rounds';
import { SectionHeading } from '../SectionHeading';
import { downloadCsv, refreshAfterChange } from '../moderationApi';
import { RoundForm } from './RoundForm';

const roundsQuery = { queryKey: [...queryKeys.organiser, 'rounds'], queryFn: () => callRpc('list_vote_rounds', {}) };

const STATE_LABEL: Record<RoundState, { label: string; tone: BadgeTone }> = {
  draft: { label: 'Not open yet', tone: 'neutral' },
  open: { label: 'Open', tone: 'success' },
  closed: { label: 'Closed', tone: 'warning' },
  revealed: { label: 'Revealed', tone: 'info' },
};

/** The next step of a round in each state, as its button says it. */
const NEXT_STEP = {
  draft: { name: 'open_vote_round', label: 'Open voting', busy: 'Opening...', done: 'is open' },
  open: { name: 'close_vote_round', label: 'Close voting', busy: 'Closing...', done: 'is closed' },
  closed: { name: 'reveal_vote_round', label: 'Reveal result', busy: 'Revealing...', done: 'is revealed' },
} as const;

/** A round in the console; a draft can be changed in place. */
function RoundItem({ round }: { round: OrganiserRound }) {
  const [editing, setEditing] = useState(false);
  if (editing && round.state === 'draft') return <RoundForm round={round} onDone={() => setEditing(false)} />;
  return <RoundCard round={round} onEdit={round.state === 'draft' ? () => setEditing(true) : null} />;
}

function RoundCard({ round, onEdit }: { round: OrganiserRound; onEdit: (() => void) | null }) {
  const queryClient = useQueryClient();
  const state = STATE_LABEL[round.state];
  const step = round.state === 'revealed' ? null : NEXT_STEP[round.state];
  const move = useMutation({
    mutationFn: () => callRpc(step?.name ?? 'open_vote_round', { p_round_id: round.round_id }),
    onSuccess: async () => {
      toast.success(`${round.name} ${step?.done ?? ''}.`);
      await refreshAfterChange(queryClient);
    },
  });
  const download = useMutation({
    mutationFn: (file: 'result' | 'receipts') => downloadCsv(roundExportPath(round.round_id, file), `${file}.csv`),
    onSuccess: (fileName) => toast.success(`${fileName} is downloaded.`),
  });
  const ranked = [...round.missions].sort((a, b) => (b.vote_count ?? 0) - (a.vote_count ?? 0) || a.name.localeCompare(b.name));
  return (
    <Card className="flex flex-col gap-3" data-testid="round-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold break-words text-slate-50">{round.name}</h2>
        <Badge tone={state.tone}>{state.label}</Badge>
      </div>
      <p className="text-sm text-slate-300">
        {round.votes_per_person} {round.votes_per_person === 1 ? 'vote' : 'votes'} each · {round.all_missions ? 'all visible missions' : 'shortlist'} ·{' '}
        {round.allow_own_mission ? 'own mission allowed' : 'not for one’s own mission'} · counts{' '}
        {round.show_counts_while_open ? 'shown while open' : 'hidden until the reveal'}
        {round.allow_repeat_votes ? ' · several votes for one mission allowed' : ''}
      </p>
      {round.opens_at || round.closes_at ? (
        <p className="text-sm text-slate-300">
          {round.opens_at ? `Opens ${venueTime(round.opens_at)}. ` : ''}
          {round.closes_at ? `Closes ${venueTime(round.closes_at)}.` : ''}
        </p>
      ) : null}
      <p className="text-sm text-slate-200">
        {round.voter_count === 1 ? '1 person has' : `${round.voter_count} people have`} voted ({round.vote_count === 1 ? '1 vote' : `${round.vote_count} votes`}
        ).
      </p>
      <ol className="flex flex-col gap-1 text-sm text-slate-200" aria-label={`Counts of ${round.name} (organisers only)`}>
        {ranked.map((mission) => (
          <li key={mission.mission_id} className="flex justify-between gap-3">
            <span className="break-words">{mission.name}</span>
            <span className="tabular-nums">{mission.vote_count ?? 0}</span>
          </li>
        ))}
      </ol>
      {move.isError ? <Alert tone="error">{move.error.message}</Alert> : null}
      {download.isError ? <Alert tone="error">{download.error.message}</Alert> : null}
      <div className="flex flex-wrap gap-3">
        {step ? (
          <Button busy={move.isPending} busyLabel={step.busy} onClick={() => move.mutate()} aria-label={`${step.label}: ${round.name}`}>
            {step.label}
          </Button>
        ) : null}
        {onEdit ? (
          <Button variant="secondary" icon={<Pencil aria-hidden="true" className="size-4" />} onClick={onEdit} aria-label={`Change ${round.name}`}>
            Change
          </Button>
        ) : null}
        {step
          ? null
          : (['result', 'receipts'] as const).map((file) => (
              <Button
                key={file}
                variant="secondary"
                icon={<Download aria-hidden="true" className="size-4" />}
                busy={download.isPending && download.variables === file}
                busyLabel="Preparing..."
                onClick={() => download.mutate(file)}
              >
                Download {file}.csv
              </Button>
            ))}
      </div>
    </Card>
  );
}

/** Voting rounds: create one, open it, close it, reveal its result, export it. */
export default function RoundsSection() {
  const rounds = useQuery(roundsQuery);
  const [creating, setCreating] = useState(false);
  return (
    <section aria-labelledby="section-title" className="flex flex-col gap-6">
      <SectionHeading
        title="Voting rounds"
        description="The closing panel's vote. Only one round is open at a time; counts stay hidden from attendees until you reveal them. Every step is in the audit log."
        action={
          creating ? null : (
            <Button icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setCreating(true)}>
              New round
            </Button>
          )
        }
      />
      {creating ? <RoundForm onDone={() => setCreating(false)} /> : null}
      <QueryState query={rounds} loading="Loading the rounds..." page>
        {(data) =>
          data.length === 0 ? (
            <p className="text-slate-300">No voting rounds yet.</p>
          ) : (
            <ul className="grid gap-4 lg:grid-cols-2">
              {data.map((round) => (
                <li key={round.round_id}>
                  <RoundItem round={round} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
