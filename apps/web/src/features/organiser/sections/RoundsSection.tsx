import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { Download, MonitorPlay, Pencil, Plus } from 'lucide-react';
import { roundExportPath, type OrganiserRound, type RoundState } from '@mc/contract';
import { Alert, Badge, Button, Card, type BadgeTone, QueryState, buttonClasses } from '../../../components/ui';
import { paths } from '../../../lib/paths';
import { screenKeys } from '../../../lib/screenKeys';
import { venueTime } from '../../rounds';
import { SectionHeading } from '../SectionHeading';
import { downloadCsv, refreshAfterChange } from '../moderationApi';
import { RoundForm } from './RoundForm';
import { listVoteRounds, moveVoteRound } from '../organiserApi';

const roundsQuery = { queryKey: screenKeys.organiserRounds, queryFn: listVoteRounds };

const STATE_LABEL: Record<RoundState, { messageId: string; tone: BadgeTone }> = {
  draft: { messageId: 'organiser.rounds.stateDraft', tone: 'neutral' },
  open: { messageId: 'organiser.rounds.stateOpen', tone: 'success' },
  closed: { messageId: 'organiser.rounds.stateClosed', tone: 'warning' },
  revealed: { messageId: 'organiser.rounds.stateRevealed', tone: 'info' },
};

/** The next step of a round in each state: its button, the button while busy, and the message once done ("{name} is open."). */
const NEXT_STEP = {
  draft: {
    name: 'open_vote_round',
    label: { messageId: 'organiser.rounds.open' },
    busy: { messageId: 'organiser.rounds.opening' },
    done: { messageId: 'organiser.rounds.opened' },
  },
  open: {
    name: 'close_vote_round',
    label: { messageId: 'organiser.rounds.close' },
    busy: { messageId: 'organiser.rounds.closing' },
    done: { messageId: 'organiser.rounds.closed' },
  },
  closed: {
    name: 'reveal_vote_round',
    label: { messageId: 'organiser.rounds.reveal' },
    busy: { messageId: 'organiser.rounds.revealing' },
    done: { messageId: 'organiser.rounds.revealed' },
  },
} as const;

/** A round in the console; a draft can be changed in place. */
function RoundItem({ round }: { round: OrganiserRound }) {
  const [editing, setEditing] = useState(false);
  if (editing && round.state === 'draft') return <RoundForm round={round} onDone={() => setEditing(false)} />;
  return <RoundCard round={round} onEdit={round.state === 'draft' ? () => setEditing(true) : null} />;
}

function RoundCard({ round, onEdit }: { round: OrganiserRound; onEdit: (() => void) | null }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const state = STATE_LABEL[round.state];
  const step = round.state === 'revealed' ? null : NEXT_STEP[round.state];
  const move = useMutation({
    mutationFn: () => moveVoteRound(step?.name ?? 'open_vote_round', round.round_id),
    onSuccess: async () => {
      if (step) toast.success(_(step.done.messageId, { name: round.name }));
      await refreshAfterChange(queryClient);
    },
  });
  const download = useMutation({
    mutationFn: (file: 'result' | 'receipts') => downloadCsv(roundExportPath(round.round_id, file), `${file}.csv`),
    onSuccess: (fileName) => toast.success(_('organiser.exports.downloaded', { file: fileName })),
  });
  const rules = [
    _('organiser.rounds.votesEach', { count: round.votes_per_person }),
    _(round.all_missions ? 'organiser.rounds.allVisible' : 'organiser.rounds.shortlist'),
    _(round.allow_own_mission ? 'organiser.rounds.ownAllowed' : 'organiser.rounds.ownNotAllowed'),
    _(round.show_counts_while_open ? 'organiser.rounds.countsShown' : 'organiser.rounds.countsHidden'),
    ...(round.allow_repeat_votes ? [_('organiser.rounds.repeatAllowed')] : []),
    ...(round.checked_in_only ? [_('organiser.rounds.checkedInOnly')] : []),
  ];
  const schedule = [
    ...(round.opens_at ? [_('organiser.rounds.opensAt', { when: venueTime(round.opens_at) })] : []),
    ...(round.closes_at ? [_('organiser.rounds.closesAt', { when: venueTime(round.closes_at) })] : []),
  ];
  const ranked = [...round.missions].sort((a, b) => (b.vote_count ?? 0) - (a.vote_count ?? 0) || a.name.localeCompare(b.name));
  return (
    <Card className="flex flex-col gap-3" data-testid="round-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold break-words text-slate-50">{round.name}</h2>
        <Badge tone={state.tone}>{_(state.messageId)}</Badge>
      </div>
      <p className="text-sm text-slate-300">{rules.join(' · ')}</p>
      {schedule.length ? <p className="text-sm text-slate-300">{schedule.join(' ')}</p> : null}
      <p className="text-sm text-slate-200">{_('organiser.rounds.voted', { voters: round.voter_count, votes: round.vote_count })}</p>
      <ol className="flex flex-col gap-1 text-sm text-slate-200" aria-label={_('organiser.rounds.counts', { name: round.name })}>
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
          <Button
            busy={move.isPending}
            busyLabel={_(step.busy.messageId)}
            onClick={() => move.mutate()}
            aria-label={_('organiser.rounds.stepLabel', { step: _(step.label.messageId), name: round.name })}
          >
            {_(step.label.messageId)}
          </Button>
        ) : null}
        {onEdit ? (
          <Button
            variant="secondary"
            icon={<Pencil aria-hidden="true" className="size-4" />}
            onClick={onEdit}
            aria-label={_('organiser.rounds.changeLabel', { name: round.name })}
          >
            {_('organiser.rounds.change')}
          </Button>
        ) : null}
        {round.state === 'draft' ? (
          <Link
            to={paths.livePreview(round.round_id)}
            className={buttonClasses('secondary')}
            aria-label={_('organiser.rounds.previewLabel', { name: round.name })}
          >
            <MonitorPlay aria-hidden="true" className="size-4" />
            {_('organiser.rounds.preview')}
          </Link>
        ) : null}
        {step
          ? null
          : (['result', 'receipts'] as const).map((file) => (
              <Button
                key={file}
                variant="secondary"
                icon={<Download aria-hidden="true" className="size-4" />}
                busy={download.isPending && download.variables === file}
                busyLabel={_('organiser.common.preparing')}
                onClick={() => download.mutate(file)}
              >
                {_('organiser.common.download', { file: `${file}.csv` })}
              </Button>
            ))}
      </div>
    </Card>
  );
}

/** Voting rounds: create one, open it, close it, reveal its result, export it. */
export default function RoundsSection() {
  const { _ } = useLingui();
  const rounds = useQuery(roundsQuery);
  const [creating, setCreating] = useState(false);
  return (
    <section aria-labelledby="section-title" className="flex flex-col gap-6">
      <SectionHeading
        title={_('organiser.sections.rounds')}
        description={_('organiser.rounds.description')}
        action={
          creating ? null : (
            <Button icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setCreating(true)}>
              {_('organiser.rounds.new')}
            </Button>
          )
        }
      />
      {creating ? <RoundForm onDone={() => setCreating(false)} /> : null}
      <QueryState query={rounds} loading={_('organiser.rounds.loading')} page>
        {(data) =>
          data.length === 0 ? (
            <p className="text-slate-300">{_('organiser.rounds.none')}</p>
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
