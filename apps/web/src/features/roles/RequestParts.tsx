import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Send, X } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react';
import { REQUEST_MESSAGE_MAX, type MissionRole, type TeamRequest } from '@mc/contract';
import { Alert, Badge, Button, Card, Dialog, TextAreaField } from '../../components/ui';
import { notify } from '../../lib/notify';
import { useAuth } from '../../lib/auth';
import { PersonName } from './RoleCardDialog';
import { answerRequest, askToJoin, invalidateRequests, missionTeamRequestsQuery, myTeamRequestsQuery, withdrawTeamRequest } from './requestsApi';
import { shownFullName } from '../../i18n/personNames';

const errorText = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/** "Ask to join" beside an open role, with a short message (docs/product.md#joining-a-team). */
export function AskToJoinButton({ role }: { role: Pick<MissionRole, 'role_id' | 'title'> }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function send() {
    setBusy(true);
    setFailure(null);
    try {
      await askToJoin(role.role_id, message);
      await invalidateRequests(queryClient);
      notify.success(_('roles.ask.sent'));
      setOpen(false);
    } catch (error) {
      setFailure(errorText(error, _('roles.ask.failed')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button size="sm" icon={<Send aria-hidden="true" className="size-4" />} onClick={() => setOpen(true)}>
        <Trans id="roles.ask.button" values={{ role: role.title }} components={{ 0: <span className="sr-only" /> }} />
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={_('roles.ask.title', { role: role.title })}>
        <div className="mt-4 flex flex-col gap-4">
          <TextAreaField
            label={_('roles.ask.message')}
            value={message}
            maxLength={REQUEST_MESSAGE_MAX}
            showCounter
            rows={4}
            onChange={(event) => setMessage(event.target.value)}
          />
          <p className="text-sm text-slate-300">{_('roles.ask.next')}</p>
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {_('roles.ask.cancel')}
            </Button>
            <Button busy={busy} busyLabel={_('roles.ask.sending')} onClick={() => void send()}>
              {_('roles.ask.send')}
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}

/**
 * Accept and Decline (with an optional reason) for one open request or invitation. The decline
 * dialog's title says what is declined.
 */
export function AnswerButtons({ requestId, label, declineTitle }: { requestId: string; label: string; declineTitle?: string }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  async function answer(accept: boolean) {
    setBusy(accept ? 'accept' : 'decline');
    try {
      await answerRequest(queryClient, requestId, accept, accept ? null : reason.trim() || null);
      notify.success(accept ? _('roles.answer.accepted') : _('roles.answer.declined'));
      setDeclining(false);
    } catch (error) {
      notify.error(errorText(error, _('roles.answer.failed')));
    } finally {
      setBusy(null);
    }
  }
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" busy={busy === 'accept'} icon={<Check aria-hidden="true" className="size-4" />} onClick={() => void answer(true)}>
        <Trans id="roles.answer.accept" values={{ label }} components={{ 0: <span className="sr-only" /> }} />
      </Button>
      <Button size="sm" variant="secondary" icon={<X aria-hidden="true" className="size-4" />} onClick={() => setDeclining(true)}>
        <Trans id="roles.answer.decline" values={{ label }} components={{ 0: <span className="sr-only" /> }} />
      </Button>
      <Dialog open={declining} onOpenChange={setDeclining} title={declineTitle ?? _('roles.answer.declineTitle')}>
        <div className="mt-4 flex flex-col gap-4">
          <TextAreaField
            label={_('roles.answer.reason')}
            value={reason}
            maxLength={REQUEST_MESSAGE_MAX}
            rows={3}
            onChange={(event) => setReason(event.target.value)}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setDeclining(false)}>
              {_('roles.answer.cancel')}
            </Button>
            <Button busy={busy === 'decline'} onClick={() => void answer(false)}>
              {_('roles.answer.declineConfirm')}
            </Button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}

/** The invitation's own sentence for the person invited: the owners' invitation, or the organisers' proposal. */
function invitationText(_: ReturnType<typeof useLingui>['_'], request: TeamRequest): string {
  const values = { mission: request.mission_name, role: request.role_title };
  return request.source === 'organisers' ? _('roles.request.proposed', values) : _('roles.request.youInvited', values);
}

/**
 * An organisers' team-builder proposal, to the person proposed: whose team it is (the mission's
 * owners) and why they fit (the skills the builder found in their profile). Nothing for an owners' invitation.
 */
function ProposalDetails({ request }: { request: TeamRequest }) {
  const { _ } = useLingui();
  if (request.source !== 'organisers') return null;
  return (
    <>
      {request.owners ? <p className="break-words text-sm text-slate-300">{_('roles.request.proposalOwners', { owners: request.owners })}</p> : null}
      {request.fit_reason ? <p className="break-words text-sm text-slate-300">{_('roles.request.proposalFit', { skills: request.fit_reason })}</p> : null}
    </>
  );
}

function RequestLine({ request, mine }: { request: TeamRequest; mine: boolean }) {
  const { _ } = useLingui();
  const who = shownFullName(request);
  const values = { name: who, mission: request.mission_name, role: request.role_title };
  const theirs =
    request.kind === 'ask' ? 'roles.request.theyAsk' : request.source === 'organisers' ? 'roles.request.theyProposed' : 'roles.request.theyInvited';
  const text = mine ? (request.kind === 'ask' ? _('roles.request.youAsked', values) : invitationText(_, request)) : _(theirs, values);
  // Owners read who asks: the name opens the requester's role card (as far as its rule lets them).
  const shown = mine || !who ? text : <Trans id={theirs} values={{ ...values, name: <PersonName userId={request.user_id}>{who}</PersonName> }} />;
  const declineTitle = !mine && request.kind === 'ask' ? _('roles.answer.declineRequestTitle', values) : undefined;
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-700 p-3" data-testid="team-request">
      <p className="break-words text-slate-100">{shown}</p>
      {mine ? <ProposalDetails request={request} /> : null}
      {request.message ? <p className="break-words whitespace-pre-line text-sm text-slate-300">“{request.message}”</p> : null}
      {mine === (request.kind === 'invite') ? (
        <AnswerButtons requestId={request.request_id} label={text} declineTitle={declineTitle} />
      ) : (
        <WithdrawButton request={request} />
      )}
    </li>
  );
}

function WithdrawButton({ request }: { request: TeamRequest }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="sm"
      variant="ghost"
      busy={busy}
      className="self-start"
      onClick={() => {
        setBusy(true);
        withdrawTeamRequest(request.request_id)
          .then(() => notify.success(_('roles.request.withdrawn')))
          .catch((error: unknown) => notify.error(errorText(error, _('roles.request.withdrawFailed'))))
          .finally(() => {
            setBusy(false);
            void invalidateRequests(queryClient);
          });
      }}
    >
      <Trans id="roles.request.withdraw" values={{ role: request.role_title }} components={{ 0: <span className="sr-only" /> }} />
    </Button>
  );
}

/**
 * Beside an open role on Mission details: "Ask to join", or, when the person already asked,
 * "Request open" with what happens next and "Withdraw"; invited, "Accept" and "Decline".
 */
export function MyRoleAction({ role }: { role: Pick<MissionRole, 'role_id' | 'title'> }) {
  const { _ } = useLingui();
  const { user } = useAuth();
  const requests = useQuery(myTeamRequestsQuery(user?.id ?? null));
  const open = requests.data?.find((request) => request.role_id === role.role_id);
  if (!open) return <AskToJoinButton role={role} />;
  if (open.kind === 'invite') {
    const text = invitationText(_, open);
    return (
      <div className="flex flex-col gap-2">
        <p className="text-sm text-slate-100">{text}</p>
        <ProposalDetails request={open} />
        <AnswerButtons requestId={open.request_id} label={text} />
      </div>
    );
  }
  return (
    <div className="flex flex-col items-start gap-2" data-testid="my-open-request">
      <Badge tone="info">{_('matching.forMe.requestOpen')}</Badge>
      <p className="text-sm text-slate-300">{_('roles.ask.next')}</p>
      <WithdrawButton request={open} />
    </div>
  );
}

/** My Mission, for owners: the open requests to join and the invitations still waiting. */
export function MissionRequestsCard({ missionId }: { missionId: string }) {
  const { _ } = useLingui();
  const requests = useQuery(missionTeamRequestsQuery(missionId));
  if (!requests.data?.length) return null;
  return (
    <Card className="mb-6">
      <h2 className="mb-4 text-lg font-semibold text-slate-50">{_('roles.request.missionTitle')}</h2>
      <ul className="flex flex-col gap-3">
        {requests.data.map((request) => (
          <RequestLine key={request.request_id} request={request} mine={false} />
        ))}
      </ul>
    </Card>
  );
}

/** The dashboard: the person's own open requests (withdraw) and invitations (accept or decline). */
export function MyRequestsCard() {
  const { _ } = useLingui();
  const { user } = useAuth();
  const requests = useQuery(myTeamRequestsQuery(user?.id ?? null));
  if (!requests.data?.length) return null;
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold text-slate-50">{_('roles.request.myTitle')}</h2>
      <ul className="flex flex-col gap-3">
        {requests.data.map((request) => (
          <RequestLine key={request.request_id} request={request} mine />
        ))}
      </ul>
    </Card>
  );
}
