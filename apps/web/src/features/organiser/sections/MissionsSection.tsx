import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { EyeOff, Eye, Rocket } from 'lucide-react';
import { HIDE_REASON_MAX, type OrganiserMission } from '@mc/contract';
import { Alert, Badge, Button, Card, Dialog, SearchInput, Select, TextAreaField, QueryState } from '../../../components/ui';
import { paths } from '../../../lib/paths';
import { SectionHeading } from '../SectionHeading';
import { organiserMissionsQuery, personName, refreshAfterChange } from '../moderationApi';
import { callRpc } from '../../../lib/rpc';
import { countLabel } from '../../../lib/format';
import { formatVenueDateTime } from '../../../lib/formatVenue';
import { useVenueTimeZone } from '../../conference';

type Shown = 'all' | 'hidden' | 'visible';

const SHOWN_OPTIONS = [
  { value: 'all', label: 'All missions' },
  { value: 'visible', label: 'Visible only' },
  { value: 'hidden', label: 'Hidden only' },
];

function matches(mission: OrganiserMission, term: string): boolean {
  if (!term) return true;
  const creator = mission.creator ? `${personName(mission.creator)} ${mission.creator.email}` : '';
  const haystack = [mission.name, creator, ...mission.team.map((member) => `${personName(member)} ${member.email}`)].join(' ').toLowerCase();
  return haystack.includes(term);
}

/** Every mission with its team, counts and creator; hiding one with a reason, and unhiding it. */
export default function MissionsSection() {
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
      <SectionHeading
        title="Missions"
        description="Every mission with its team, counts and creator. A hidden mission disappears for everyone but its team and the organisers, and takes no votes or follows."
      />
      <div className="grid gap-4 sm:grid-cols-[1fr_14rem] sm:items-end">
        <SearchInput label="Search missions" value={term} onChange={setTerm} placeholder="Search by mission, creator or team member..." />
        <Select label="Show" options={SHOWN_OPTIONS} value={shown} onChange={(event) => setShown(event.target.value as Shown)} />
      </div>

      <QueryState query={missions} loading="Loading missions..." errorTitle="The missions could not be loaded">
        {(data) => (
          <>
            <p className="text-sm text-slate-300" aria-live="polite">
              {countLabel(data.length, 'mission', 'missions')}, {hiddenCount} hidden. Showing {list.length}.
            </p>
            {list.length === 0 ? (
              <Card className="flex items-center gap-3 text-slate-300">
                <Rocket aria-hidden="true" className="size-5 shrink-0" />
                <p>{data.length === 0 ? 'No missions yet. They appear here as attendees create them.' : 'No mission matches this search.'}</p>
              </Card>
            ) : (
              <ul aria-label="Missions" className="flex flex-col gap-4">
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
              Created {formatVenueDateTime(mission.created_at, timeZone)}{' '}
              {mission.creator ? `by ${personName(mission.creator)} (${mission.creator.email})` : 'by an account since deleted'}
            </p>
          </div>
          {mission.hidden ? <Badge tone="warning">Hidden</Badge> : <Badge tone="success">Visible</Badge>}
        </div>
        {mission.hidden ? (
          <Alert tone="warning" live={false}>
            <p>
              Hidden by the organisers: <span className="font-semibold">{mission.hidden.reason}</span>
            </p>
            <p className="text-xs">
              {formatVenueDateTime(mission.hidden.at, timeZone)}
              {mission.hidden.by ? ` by ${mission.hidden.by}` : ''}
            </p>
          </Alert>
        ) : null}
        <dl className="grid grid-cols-3 gap-3 text-sm">
          <div>
            <dt className="text-slate-400">Votes</dt>
            <dd className="text-lg font-semibold text-slate-50">{mission.vote_count}</dd>
          </div>
          <div>
            <dt className="text-slate-400">Subscribers</dt>
            <dd className="text-lg font-semibold text-slate-50">{mission.subscription_count}</dd>
          </div>
          <div>
            <dt className="text-slate-400">Team</dt>
            <dd className="text-lg font-semibold text-slate-50">{mission.team.length}</dd>
          </div>
        </dl>
        <details className="text-sm">
          <summary className="cursor-pointer text-sky-200 hover:underline">Team members ({mission.team.length})</summary>
          <ul className="mt-2 flex flex-col gap-1 text-slate-200">
            {mission.team.map((member) => (
              <li key={member.user_id} className="flex flex-wrap items-center gap-2 break-all">
                {personName(member)} · {member.email}
                {member.role_in_team === 'owner' ? <Badge tone="info">Owner</Badge> : member.is_co_owner ? <Badge tone="accent">Co-Owner</Badge> : null}
              </li>
            ))}
          </ul>
        </details>
        <div className="flex flex-wrap gap-2">
          {mission.hidden ? (
            <Button variant="secondary" size="sm" icon={<Eye aria-hidden="true" className="size-4" />} onClick={onUnhide} aria-label={`Unhide ${mission.name}`}>
              Unhide
            </Button>
          ) : null}
          <Button
            variant={mission.hidden ? 'ghost' : 'danger'}
            size="sm"
            icon={<EyeOff aria-hidden="true" className="size-4" />}
            onClick={onHide}
            aria-label={mission.hidden ? `Change the reason for hiding ${mission.name}` : `Hide ${mission.name}`}
          >
            {mission.hidden ? 'Change reason' : 'Hide'}
          </Button>
        </div>
      </Card>
    </li>
  );
}

function HideDialog({ mission, onClose }: { mission: OrganiserMission | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const hide = useMutation({
    mutationFn: (target: OrganiserMission) => callRpc('hide_mission', { p_mission_id: target.mission_id, p_reason: reason }),
    onSuccess: async (hidden) => {
      toast.success(`"${hidden.name}" is hidden.`);
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
      title={`Hide "${mission?.name ?? ''}"`}
      description="Nobody but its team and the organisers will see it in lists, details or search, and votes and follows on it are refused. Its team reads your reason."
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button
            variant="danger"
            busy={hide.isPending}
            busyLabel="Hiding..."
            onClick={() => {
              if (!reason.trim()) {
                setError('Please give a reason: the mission’s team will read it.');
                return;
              }
              if (mission) hide.mutate(mission);
            }}
          >
            Hide mission
          </Button>
        </>
      }
    >
      <TextAreaField
        label="Reason (shown to the mission's team)"
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
        placeholder={mission?.hidden ? mission.hidden.reason : 'For example: it advertises a product'}
      />
    </Dialog>
  );
}

function UnhideDialog({ mission, onClose }: { mission: OrganiserMission | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const unhide = useMutation({
    mutationFn: (target: OrganiserMission) => callRpc('unhide_mission', { p_mission_id: target.mission_id }),
    onSuccess: async (shown) => {
      toast.success(`"${shown.name}" is visible again.`);
      onClose();
      await refreshAfterChange(queryClient);
    },
    onError: (failure) => toast.error(failure.message),
  });
  return (
    <Dialog
      open={mission !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Unhide "${mission?.name ?? ''}"?`}
      description="Everyone will see it again, with its team, votes and subscribers as they were, and may vote on and follow it."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button busy={unhide.isPending} busyLabel="Unhiding..." onClick={() => mission && unhide.mutate(mission)}>
            Unhide mission
          </Button>
        </>
      }
    />
  );
}
