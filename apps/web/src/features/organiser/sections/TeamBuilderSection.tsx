import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Trans, useLingui } from '@lingui/react';
import { Send, Wand2 } from 'lucide-react';
import type { BuilderPlacement, LeftOutReason, TeamBuilderProposal, UnplacedReason } from '@mc/contract';
import { Alert, Button, Card, QueryState } from '../../../components/ui';
import { formatCount } from '../../../lib/format';
import { currentFormattingLocale } from '../../../i18n/i18n';
import { numberFormat } from '../../../i18n/formats';
import { SectionHeading } from '../SectionHeading';
import { builderLeftOutQuery, builderOverviewQuery, fitReasonText, previewTeamBuilder, sendProposal } from '../../matching';
import { screenKeys } from '../../../lib/screenKeys';

/** Why a person stays unplaced, in the interface's language (the contract's UNPLACED_REASONS are its English words). */
const UNPLACED: Record<UnplacedReason, { messageId: string }> = {
  noFit: { messageId: 'organiser.builder.unplacedNoFit' },
  rolesFull: { messageId: 'organiser.builder.unplacedRolesFull' },
  stoppedEarly: { messageId: 'organiser.builder.unplacedStoppedEarly' },
};

/** Why someone cannot be proposed, in the interface's language (the contract's LEFT_OUT_REASONS are its English words). */
const LEFT_OUT: Record<LeftOutReason, { messageId: string }> = {
  noAdditions: { messageId: 'organiser.builder.leftOutNoAdditions' },
  cardNotShared: { messageId: 'organiser.builder.leftOutCardNotShared' },
};

/** The people on no team the builder may not propose, each with the reason. */
function LeftOutList() {
  const { _ } = useLingui();
  const leftOut = useQuery(builderLeftOutQuery());
  if (!leftOut.data?.length) return null;
  return (
    <details className="mt-3 rounded-xl border border-slate-700 p-3" data-testid="builder-left-out">
      <summary className="cursor-pointer font-semibold text-slate-100">{_('organiser.builder.leftOutSummary', { count: leftOut.data.length })}</summary>
      <ul className="mt-2 flex flex-col gap-1 text-sm text-slate-300">
        {leftOut.data.map((person) => (
          <li key={person.user_id}>
            {_('organiser.builder.unplacedPerson', {
              firstName: person.first_name,
              lastName: person.last_name,
              reason: _(LEFT_OUT[person.reason].messageId),
            })}
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * The team builder (docs/product.md#team-builder): how many attendees with a profile are on no
 * team, a proposal placing them into open roles for the best total fit, and sending it as
 * invitations. Nobody is ever added to a team from here.
 */
export default function TeamBuilderSection() {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const overview = useQuery(builderOverviewQuery());
  const [proposal, setProposal] = useState<TeamBuilderProposal | null>(null);
  // Each new proposal starts with everyone selected again.
  const [round, setRound] = useState(0);
  const preview = useMutation({
    mutationFn: previewTeamBuilder,
    onSuccess: (answer) => {
      setProposal(answer);
      setRound((current) => current + 1);
    },
  });
  const send = useMutation({
    mutationFn: (placements: BuilderPlacement[]) => sendProposal(placements),
    onSuccess: async (answer) => {
      toast.success(
        answer.skipped
          ? _('organiser.builder.sentSkipped', { sent: answer.sent, skipped: formatCount(answer.skipped) })
          : _('organiser.builder.sent', { sent: answer.sent }),
      );
      setProposal(null);
      await queryClient.invalidateQueries({ queryKey: screenKeys.teamBuilderOverview });
      await queryClient.invalidateQueries({ queryKey: screenKeys.teamBuilderLeftOut });
    },
  });

  return (
    <section aria-labelledby="section-title" className="flex flex-col gap-6">
      <SectionHeading title={_('organiser.sections.teamBuilder')} description={_('organiser.builder.description')} />
      <Card data-testid="builder-overview">
        <QueryState query={overview} loading={_('organiser.builder.counting')}>
          {(data) => (
            <ul className="flex flex-col gap-1 text-slate-200">
              <li>
                <Trans
                  id="organiser.builder.unteamed"
                  values={{ count: data.unteamed_with_profile }}
                  components={{ 0: <strong className="text-slate-50" /> }}
                />
              </li>
              <li>
                <Trans
                  id="organiser.builder.placeable"
                  values={{ count: formatCount(data.placeable) }}
                  components={{ 0: <strong className="text-slate-50" /> }}
                />
              </li>
              <li>
                <Trans
                  id="organiser.builder.openRoles"
                  values={{ roles: data.open_roles, places: data.open_places }}
                  components={{ 0: <strong className="text-slate-50" />, 1: <strong className="text-slate-50" /> }}
                />
              </li>
            </ul>
          )}
        </QueryState>
        <LeftOutList />
        <Button
          className="mt-4"
          icon={<Wand2 aria-hidden="true" className="size-4" />}
          busy={preview.isPending}
          busyLabel={_('organiser.builder.building')}
          onClick={() => preview.mutate()}
        >
          {_('organiser.builder.propose')}
        </Button>
        {preview.isError ? (
          <Alert tone="error" className="mt-4">
            {preview.error.message || _('organiser.builder.proposalFailed')}
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
  const { _ } = useLingui();
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
      <h2 className="text-lg font-semibold text-slate-50">{_('organiser.builder.proposal')}</h2>
      <p role="status" className="text-slate-200">
        {_('organiser.builder.summary', {
          placed,
          fit: formatCount(proposal.total_fit),
          unplaced: proposal.unplaced.length,
          seconds: numberFormat(currentFormattingLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(proposal.elapsed_ms / 1000),
        })}
      </p>
      {proposal.stopped_early ? <Alert tone="warning">{_('organiser.builder.ranOutOfTime')}</Alert> : null}
      {placed ? (
        <>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => setLeft(new Set())}>
              {_('organiser.builder.selectAll')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setLeft(new Set(proposal.placements.map((placement) => placement.user_id)))}>
              {_('organiser.builder.selectNone')}
            </Button>
          </div>
          <ul className="flex flex-col gap-2" aria-label={_('organiser.builder.placements')}>
            {proposal.placements.map((placement) => (
              <li key={placement.user_id} className="flex gap-3 rounded-xl border border-slate-700 p-3" data-testid="builder-placement">
                <input
                  type="checkbox"
                  className="mt-1 size-5 shrink-0 accent-sky-400"
                  checked={!left.has(placement.user_id)}
                  onChange={(event) => toggle(placement.user_id, event.target.checked)}
                  aria-label={_('organiser.builder.invite', { firstName: placement.first_name, lastName: placement.last_name })}
                />
                <div className="min-w-0">
                  <p className="font-semibold break-words text-slate-50">
                    {_('organiser.builder.placement', {
                      firstName: placement.first_name,
                      lastName: placement.last_name,
                      mission: placement.mission_name,
                      role: placement.role_title,
                    })}
                  </p>
                  <p className="text-sm break-words text-slate-300">
                    {_('organiser.builder.fit', { score: placement.score, reason: fitReasonText(_, placement, 'they') })}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="text-slate-300">{_('organiser.builder.nobody')}</p>
      )}
      {proposal.unplaced.length ? (
        <details className="rounded-xl border border-slate-700 p-3">
          <summary className="cursor-pointer font-semibold text-slate-100">
            {_('organiser.builder.unplacedSummary', { count: formatCount(proposal.unplaced.length) })}
          </summary>
          <ul className="mt-2 flex flex-col gap-1 text-sm text-slate-300">
            {proposal.unplaced.map((person) => (
              <li key={person.user_id}>
                {_('organiser.builder.unplacedPerson', {
                  firstName: person.first_name,
                  lastName: person.last_name,
                  reason: _(UNPLACED[person.reason].messageId),
                })}
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
          busyLabel={_('organiser.common.sending')}
          disabled={chosen.length === 0}
          onClick={() => onSend(chosen)}
        >
          {_('organiser.builder.send', { count: chosen.length })}
        </Button>
      ) : null}
    </Card>
  );
}
