import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Trans, useLingui } from '@lingui/react';
import { EyeOff, Eye, Rocket } from 'lucide-react';
import { HIDE_REASON_MAX, type OrganiserMission } from '@mc/contract';
import { Alert, Badge, Button, Card, Dialog, SearchInput, Select, TextAreaField, QueryState } from '../../../components/ui';
import { paths } from '../../../lib/paths';
import { SectionHeading } from '../SectionHeading';
import { hideMission, organiserMissionsQuery, personName, refreshAfterChange, unhideMission } from '../moderationApi';
import { formatVenueDateTime } from '../../../lib/formatVenue';
import { useVenueTimeZone } from '../../conference';

type Shown = 'all' | 'hidden' | 'visible';

const SHOWN_OPTIONS = [
  { value: 'all', messageId: 'organiser.missions.showAll' },
  { value: 'visible', messageId: 'organiser.missions.showVisible' },
  { value: 'hidden', messageId: 'organiser.missions.showHidden' },
];

function matches(mission: OrganiserMission, term: string): boolean {
  if (!term) return true;
  const creator = mission.creator ? `${personName(mission.creator)} ${mission.creator.email}` : '';
  const haystack = [mission.name, creator, ...mission.team.map((member) => `${personName(member)} ${member.email}`)].join(' ').toLowerCase();
  return haystack.includes(term);
}

/** Every mission with its team, counts and creator; hiding one with a reason, and unhiding it. */
export default function MissionsSection() {
  const { _ } = useLingui();
  const missions = useQuery(organiserMissionsQuery());
  const [term, setTerm] = useState('');
  const [shown, setShown] = useState<Shown>('all');
  const [hiding, setHiding] = useState<OrganiserMission | null>(null);
  const [unhiding, setUnhiding] = useState<OrganiserMission | null>(null);

  const list = useMemo(() => {
    const wanted = term.trim().toLowerCase();
    return (missions.data ?? []).filter((mission) => (shown === 'all' || (shown === 'hidden') === (mission.hidden !== null)) && matches(mission, wanted));
  }, [missions.data, term, shown]);
  const hiddenCount = missions.data?.filter((mission) => mission.hidden !== null).length ?? 0;

  return (
    <section aria-labelledby="section-title" className="flex flex-col gap-6">
      <SectionHeading title={_('organiser.sections.missions')} description={_('organiser.missions.description')} />
      <div className="grid gap-4 sm:grid-cols-[1fr_14rem] sm:items-end">
        <SearchInput label={_('organiser.missions.search')} value={term} onChange={setTerm} placeholder={_('organiser.missions.searchPlaceholder')} />
        <Select
          label={_('organiser.missions.show')}
          options={SHOWN_OPTIONS.map(({ value, messageId }) => ({ value, label: _(messageId) }))}
          value={shown}
          onChange={(event) => setShown(event.target.value as Shown)}
        />
      </div>

      <QueryState query={missions} loading={_('organiser.missions.loading')} errorTitle={_('organiser.missions.loadFailed')}>
        {(data) => (
          <>
            <p className="text-sm text-slate-300" aria-live="polite">
              {_('organiser.missions.counts', { count: data.length, hidden: hiddenCount, shown: list.length })}
            </p>
            {list.length === 0 ? (
              <Card className="flex items-center gap-3 text-slate-300">
                <Rocket aria-hidden="true" className="size-5 shrink-0" />
                <p>{_(data.length === 0 ? 'organiser.missions.none' : 'organiser.missions.noMatch')}</p>
              </Card>
            ) : (
              <ul aria-label={_('organiser.sections.missions')} className="flex flex-col gap-4">
                {list.map((mission) => (
                  <MissionRow key={mission.mission_id} mission={mission} onHide={() => setHiding(mission)} onUnhide={() => setUnhiding(mission)} />
                ))}
              </ul>
            )}
          </>
        )}
      </QueryState>
      <HideDialog mission={hiding} onClose={() => setHiding(null)} />
      <UnhideDialog mission={unhiding} onClose={() => setUnhiding(null)} />
    </section>
  );
}

function MissionRow({ mission, onHide, onUnhide }: { mission: OrganiserMission; onHide: () => void; onUnhide: () => void }) {
  const { _ } = useLingui();
  const timeZone = useVenueTimeZone();
  const titleId = `mission-${mission.mission_id}`;
  return (
    <li>
      <Card className="flex flex-col gap-4" aria-labelledby={titleId} role="group">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-semibold break-words text-slate-50">
              <Link to={paths.mission(mission.mission_id)} className="hover:underline focus-visible:underline">
                {mission.name}
              </Link>
            </h2>
            <p className="text-sm text-slate-300">
              {mission.creator
                ? _('organiser.missions.createdBy', {
                    when: formatVenueDateTime(mission.created_at, timeZone),
                    name: personName(mission.creator),
                    email: mission.creator.email,
                  })
                : _('organiser.missions.createdByDeleted', { when: formatVenueDateTime(mission.created_at, timeZone) })}
            </p>
          </div>
          {mission.hidden ? <Badge tone="warning">{_('organiser.common.hidden')}</Badge> : <Badge tone="success">{_('organiser.missions.visible')}</Badge>}
        </div>
        {mission.hidden ? (
          <Alert tone="warning" live={false}>
            <p>
              <Trans id="organiser.missions.hiddenBecause" values={{ reason: mission.hidden.reason }} components={{ 0: <span className="font-semibold" /> }} />
            </p>
            <p className="text-xs">
              {mission.hidden.by
                ? _('organiser.missions.hiddenWhenBy', { when: formatVenueDateTime(mission.hidden.at, timeZone), name: mission.hidden.by })
                : formatVenueDateTime(mission.hidden.at, timeZone)}
            </p>
          </Alert>
        ) : null}
        <dl className="grid grid-cols-3 gap-3 text-sm">
          <div>
            <dt className="text-slate-400">{_('organiser.common.votes')}</dt>
            <dd className="text-lg font-semibold text-slate-50">{mission.vote_count}</dd>
          </div>
          <div>
            <dt className="text-slate-400">{_('organiser.common.subscribers')}</dt>
            <dd className="text-lg font-semibold text-slate-50">{mission.subscription_count}</dd>
          </div>
          <div>
            <dt className="text-slate-400">{_('organiser.common.team')}</dt>
            <dd className="text-lg font-semibold text-slate-50">{mission.team.length}</dd>
          </div>
        </dl>
        <details className="text-sm">
          <summary className="cursor-pointer text-sky-200 hover:underline">{_('organiser.missions.teamMembers', { count: mission.team.length })}</summary>
          <ul className="mt-2 flex flex-col gap-1 text-slate-200">
            {mission.team.map((member) => (
              <li key={member.user_id} className="flex flex-wrap items-center gap-2 break-all">
                {personName(member)} · {member.email}
                {member.role_in_team === 'owner' ? (
                  <Badge tone="info">{_('organiser.missions.owner')}</Badge>
                ) : member.is_co_owner ? (
                  <Badge tone="accent">{_('organiser.missions.coOwner')}</Badge>
                ) : null}
              </li>
            ))}
          </ul>
        </details>
        <div className="flex flex-wrap gap-2">
          {mission.hidden ? (
            <Button
              variant="secondary"
              size="sm"
              icon={<Eye aria-hidden="true" className="size-4" />}
              onClick={onUnhide}
              aria-label={_('organiser.missions.unhideLabel', { name: mission.name })}
            >
              {_('organiser.missions.unhide')}
            </Button>
          ) : null}
          <Button
            variant={mission.hidden ? 'ghost' : 'danger'}
            size="sm"
            icon={<EyeOff aria-hidden="true" className="size-4" />}
            onClick={onHide}
            aria-label={_(mission.hidden ? 'organiser.missions.changeReasonLabel' : 'organiser.missions.hideLabel', { name: mission.name })}
          >
            {_(mission.hidden ? 'organiser.missions.changeReason' : 'organiser.missions.hide')}
          </Button>
        </div>
      </Card>
    </li>
  );
}

function HideDialog({ mission, onClose }: { mission: OrganiserMission | null; onClose: () => void }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const hide = useMutation({
    mutationFn: (target: OrganiserMission) => hideMission(target.mission_id, reason),
    onSuccess: async (hidden) => {
      toast.success(_('organiser.missions.hidden', { name: hidden.name }));
      close();
      await refreshAfterChange(queryClient);
    },
    onError: (failure) => setError(failure.message),
  });
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  return (
    <Dialog
      open={mission !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={_('organiser.missions.hideTitle', { name: mission?.name ?? '' })}
      description={_('organiser.missions.hideDescription')}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {_('organiser.common.cancel')}
          </Button>
          <Button
            variant="danger"
            busy={hide.isPending}
            busyLabel={_('organiser.missions.hiding')}
            onClick={() => {
              if (!reason.trim()) {
                setError(_('organiser.missions.reasonRequired'));
                return;
              }
              if (mission) hide.mutate(mission);
            }}
          >
            {_('organiser.missions.hideConfirm')}
          </Button>
        </>
      }
    >
      <TextAreaField
        label={_('organiser.missions.reason')}
        required
        value={reason}
        maxLength={HIDE_REASON_MAX}
        showCounter
        rows={3}
        error={error ?? undefined}
        onChange={(event) => {
          setReason(event.target.value);
          setError(null);
        }}
        placeholder={mission?.hidden ? mission.hidden.reason : _('organiser.missions.reasonPlaceholder')}
      />
    </Dialog>
  );
}

function UnhideDialog({ mission, onClose }: { mission: OrganiserMission | null; onClose: () => void }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const unhide = useMutation({
    mutationFn: (target: OrganiserMission) => unhideMission(target.mission_id),
    onSuccess: async (shown) => {
      toast.success(_('organiser.missions.visibleAgain', { name: shown.name }));
      onClose();
      await refreshAfterChange(queryClient);
    },
    onError: (failure) => toast.error(failure.message),
  });
  return (
    <Dialog
      open={mission !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={_('organiser.missions.unhideTitle', { name: mission?.name ?? '' })}
      description={_('organiser.missions.unhideDescription')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {_('organiser.common.cancel')}
          </Button>
          <Button busy={unhide.isPending} busyLabel={_('organiser.missions.unhiding')} onClick={() => mission && unhide.mutate(mission)}>
            {_('organiser.missions.unhideConfirm')}
          </Button>
        </>
      }
    />
  );
}
