import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Send, Wand2 } from 'lucide-react';
import { UNPLACED_REASONS, fitReason, type BuilderPlacement, type TeamBuilderProposal } from '@mc/contract';
import { Alert, Button, Card, QueryState } from '../../../components/ui';
import { callRpc } from '../../../lib/rpc';
import { formatCount } from '../../../lib/format';
import { SectionHeading } from '../SectionHeading';
import { builderOverviewQuery, matchingKeys, sendProposal } from '../../matching';

/**
 * The team builder (docs/product.md#team-builder): how many attendees with a profile are on no
 * team, a proposal placing them into open roles for the best total fit, and sending it as
 * invitations. Nobody is ever added to a team from here.
 */
export default function TeamBuilderSection() {
  const queryClient = useQueryClient();
  const overview = useQuery(builderOverviewQuery());
  const [proposal, setProposal] = useState<TeamBuilderProposal | null>(null);
  // Each new proposal starts with everyone selected again.
  const [round, setRound] = useState(0);
  const preview = useMutation({
    mutationFn: () => callRpc('preview_team_builder', {}),
    onSuccess: (answer) => {
      setProposal(answer);
      setRound((current) => current + 1);
    },
  });
  const send = useMutation({
    mutationFn: (placements: BuilderPlacement[]) => sendProposal(placements),
    onSuccess: async (answer) => {
      toast.success(
        `Sent ${formatCount(answer.sent)} ${answer.sent === 1 ? 'invitation' : 'invitations'}` +
          (answer.skipped ? `; ${formatCount(answer.skipped)} skipped because something changed since the preview.` : '.'),
      );
      setProposal(null);
      await queryClient.invalidateQueries({ queryKey: matchingKeys.builderOverview });
    },
  });

  return (
    <section aria-labelledby="section-title" className="flex flex-col gap-6">
      <SectionHeading
        title="Team builder"
        description="Proposes a place in a mission’s open role for each attendee who is on no team, so that the total fit is as high as it can be. Sending it invites each person; they accept or decline."
      />
      <Card data-testid="builder-overview">
        <QueryState query={overview} loading="Counting attendees...">
          {(data) => (
            <ul className="flex flex-col gap-1 text-slate-200">
              <li>
                <strong className="text-slate-50">{formatCount(data.unteamed_with_profile)}</strong> attendees with a role profile are on no team.
              </li>
              <li>
                <strong className="text-slate-50">{formatCount(data.placeable)}</strong> of them can be proposed: they accept being added to teams and share
                their role card with everyone.
              </li>
              <li>
                <strong className="text-slate-50">{formatCount(data.open_roles)}</strong> open roles have{' '}
                <strong className="text-slate-50">{formatCount(data.open_places)}</strong> places left.
              </li>
            </ul>
          )}
        </QueryState>
        <Button
          className="mt-4"
          icon={<Wand2 aria-hidden="true" className="size-4" />}
          busy={preview.isPending}
          busyLabel="Building teams..."
          onClick={() => preview.mutate()}
        >
          Propose teams
        </Button>
        {preview.isError ? (
          <Alert tone="error" className="mt-4">
            {preview.error.message || 'Could not build a proposal'}
          </Alert>
        ) : null}
      </Card>
      {proposal ? (
        <ProposalView
          key={round}
          proposal={proposal}
          sending={send.isPending}
          onSend={(chosen) => send.mutate(chosen)}
          sendError={send.error?.message ?? null}
        />
      ) : null}
    </section>
  );
}

interface ProposalViewProps {
  proposal: TeamBuilderProposal;
  sending: boolean;
  onSend: (chosen: BuilderPlacement[]) => void;
  sendError: string | null;
}

function ProposalView({ proposal, sending, onSend, sendError }: ProposalViewProps) {
  const placed = proposal.placements.length;
  // Everyone proposed is invited unless the organiser leaves them out.
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const chosen = proposal.placements.filter((placement) => !left.has(placement.user_id));
  const toggle = (userId: string, include: boolean) =>
    setLeft((current) => {
      const next = new Set(current);
      if (include) next.delete(userId);
      else next.add(userId);
      return next;
    });
  return (
    <Card data-testid="builder-proposal" className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold text-slate-50">Proposal</h2>
      <p role="status" className="text-slate-200">
        {formatCount(placed)} {placed === 1 ? 'person' : 'people'} placed, total fit {formatCount(proposal.total_fit)}; {formatCount(proposal.unplaced.length)}{' '}
        stay unplaced. Found in {(proposal.elapsed_ms / 1000).toFixed(1)} s.
      </p>
      {proposal.stopped_early ? (
        <Alert tone="warning">The builder ran out of time: this is the best placement it found, and the people it did not reach stay unplaced.</Alert>
      ) : null}
      {placed ? (
        <>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => setLeft(new Set())}>
              Select all
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setLeft(new Set(proposal.placements.map((placement) => placement.user_id)))}>
              Select none
            </Button>
          </div>
          <ul className="flex flex-col gap-2" aria-label="Proposed placements">
            {proposal.placements.map((placement) => (
              <li key={placement.user_id} className="flex gap-3 rounded-xl border border-slate-700 p-3" data-testid="builder-placement">
                <input
                  type="checkbox"
                  className="mt-1 size-5 shrink-0 accent-sky-400"
                  checked={!left.has(placement.user_id)}
                  onChange={(event) => toggle(placement.user_id, event.target.checked)}
                  aria-label={`Invite ${placement.first_name} ${placement.last_name}`}
                />
                <div className="min-w-0">
                  <p className="font-semibold break-words text-slate-50">
                    {placement.first_name} {placement.last_name} → {placement.mission_name}, as {placement.role_title}
                  </p>
                  <p className="text-sm break-words text-slate-300">
                    Fit {placement.score}: {fitReason(placement, 'they')}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="text-slate-300">Nobody can be placed now: no open role fits the attendees who are on no team.</p>
      )}
      {proposal.unplaced.length ? (
        <details className="rounded-xl border border-slate-700 p-3">
          <summary className="cursor-pointer font-semibold text-slate-100">Who stays unplaced, and why ({formatCount(proposal.unplaced.length)})</summary>
          <ul className="mt-2 flex flex-col gap-1 text-sm text-slate-300">
            {proposal.unplaced.map((person) => (
              <li key={person.user_id}>
                {person.first_name} {person.last_name}: {UNPLACED_REASONS[person.reason]}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {sendError ? <Alert tone="error">{sendError}</Alert> : null}
      {placed ? (
        <Button
          className="self-start"
          icon={<Send aria-hidden="true" className="size-4" />}
          busy={sending}
          busyLabel="Sending..."
          disabled={chosen.length === 0}
          onClick={() => onSend(chosen)}
        >
          Send {formatCount(chosen.length)} {chosen.length === 1 ? 'invitation' : 'invitations'}
        </Button>
      ) : null}
    </Card>
  );
}
