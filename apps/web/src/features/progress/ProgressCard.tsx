import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { CheckCircle2, Circle, Globe, Plus, Trash2 } from 'lucide-react';
import { MISSION_STATUSES, PROGRESS_LIMITS, publicMissionPath, type Milestone, type Mission, type MissionStatus } from '@mc/contract';
import { Alert, Badge, Button, Card, Select, TextField } from '../../components/ui';
import { notify } from '../../lib/notify';
import { paths } from '../../lib/paths';
import { refreshMission, setMilestones, setPublicPage, setStatus } from './progressApi';
import { STATUS_MESSAGE_IDS, STATUS_TONES } from './statusLabels';
import { StatusFields } from './StatusFields';

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/** A mission's status badge, with its reason when it has one. */
export function StatusBadge({ mission }: { mission: Pick<Mission, 'status' | 'status_reason'> }) {
  const { _ } = useLingui();
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Badge tone={STATUS_TONES[mission.status]} data-testid="mission-status">
        {_(STATUS_MESSAGE_IDS[mission.status])}
      </Badge>
      {mission.status_reason ? <span className="text-sm text-slate-300">{mission.status_reason}</span> : null}
    </span>
  );
}

/** All Missions' status filter: any status, or one (docs/product.md#all-missions). */
export function StatusFilter({ value, onChange }: { value: MissionStatus | 'any'; onChange: (value: MissionStatus | 'any') => void }) {
  const { _ } = useLingui();
  return (
    <Select
      label={<span className="sr-only">{_('missions.filter.status')}</span>}
      options={[
        { value: 'any', label: _('missions.filter.anyStatus') },
        ...MISSION_STATUSES.map((status) => ({ value: status, label: _(STATUS_MESSAGE_IDS[status]) })),
      ]}
      value={value}
      onChange={(event) => onChange(event.target.value as MissionStatus | 'any')}
      containerClassName="sm:w-auto sm:shrink-0"
      data-testid="status-filter"
    />
  );
}

/** "Progress": status and milestones for everyone; their editing and the public page for owners (docs/product.md#mission-status). */
export function ProgressCard({ mission, isOwner }: { mission: Mission; isOwner: boolean }) {
  const { _ } = useLingui();
  const headingId = useId();
  return (
    <Card className="mb-6">
      <section aria-labelledby={headingId} className="flex flex-col gap-4">
        <h2 id={headingId} className="text-lg font-semibold text-slate-50">
          {_('progress.title')}
        </h2>
        {/* The status itself is the mission's "Status" (MissionFieldList), shown once. */}
        {mission.milestones.length ? (
          <ul className="flex flex-col gap-2" aria-label={_('progress.milestones.title')} data-testid="milestones">
            {mission.milestones.map((milestone, index) => (
              <li key={index} className="flex items-start gap-2 text-slate-100">
                {milestone.done ? (
                  <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-300" />
                ) : (
                  <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-400" />
                )}
                <span className="break-words">
                  {milestone.text}
                  {milestone.done ? <span className="sr-only"> ({_('progress.milestones.done')})</span> : null}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        {isOwner ? (
          <>
            <StatusForm mission={mission} />
            <MilestonesForm mission={mission} />
            <PublicPageForm mission={mission} />
            <Link
              to={paths.missionCheckin(mission.mission_id, 30)}
              className="self-start border-t border-slate-700 pt-4 text-sm font-semibold text-sky-300 underline"
            >
              {_('missionCheckin.switch.title')}
            </Link>
          </>
        ) : null}
      </section>
    </Card>
  );
}

function StatusForm({ mission }: { mission: Mission }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const [status, setStatusValue] = useState<MissionStatus>(mission.status);
  const [reason, setReason] = useState(mission.status_reason ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await setStatus(mission.mission_id, status, status === 'active' ? '' : reason);
      await refreshMission(queryClient, mission.mission_id);
      notify.success(_('progress.status.saved'));
    } catch (caught) {
      setError(messageOf(caught, _('progress.failed')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3 border-t border-slate-700 pt-4">
      <StatusFields status={status} reason={reason} onStatus={setStatusValue} onReason={setReason} />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit" variant="secondary" busy={busy} className="self-start">
        {_('progress.status.save')}
      </Button>
    </form>
  );
}

function MilestonesForm({ mission }: { mission: Mission }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const [milestones, setList] = useState<Milestone[]>(mission.milestones);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const change = (index: number, next: Partial<Milestone>) =>
    setList(milestones.map((milestone, at) => (at === index ? { ...milestone, ...next } : milestone)));
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await setMilestones(mission.mission_id, milestones);
      await refreshMission(queryClient, mission.mission_id);
      notify.success(_('progress.milestones.saved'));
    } catch (caught) {
      setError(messageOf(caught, _('progress.failed')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3 border-t border-slate-700 pt-4">
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium text-slate-200">{_('progress.milestones.title')}</legend>
        {milestones.map((milestone, index) => (
          <div key={index} className="flex flex-wrap items-end gap-2">
            <label className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-200">
              <input
                type="checkbox"
                checked={milestone.done}
                onChange={(event) => change(index, { done: event.target.checked })}
                className="size-4 accent-sky-400"
              />
              {_('progress.milestones.doneLabel', { number: index + 1 })}
            </label>
            <TextField
              label={_('progress.milestones.textLabel', { number: index + 1 })}
              value={milestone.text}
              maxLength={PROGRESS_LIMITS.milestoneChars}
              required
              className="min-w-48 flex-1"
              onChange={(event) => change(index, { text: event.target.value })}
            />
            <Button
              type="button"
              variant="ghost"
              size="sm"
              icon={<Trash2 aria-hidden="true" className="size-4" />}
              onClick={() => setList(milestones.filter((_milestone, at) => at !== index))}
            >
              {_('progress.milestones.remove', { number: index + 1 })}
            </Button>
          </div>
        ))}
      </fieldset>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        {milestones.length < PROGRESS_LIMITS.milestones ? (
          <Button
            type="button"
            variant="ghost"
            icon={<Plus aria-hidden="true" className="size-4" />}
            onClick={() => setList([...milestones, { text: '', done: false }])}
          >
            {_('progress.milestones.add')}
          </Button>
        ) : null}
        <Button type="submit" variant="secondary" busy={busy}>
          {_('progress.milestones.save')}
        </Button>
      </div>
    </form>
  );
}

function PublicPageForm({ mission }: { mission: Mission }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const [slug, setSlug] = useState(mission.public_slug ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function save(next: string | null) {
    setBusy(true);
    setError(null);
    try {
      await setPublicPage(mission.mission_id, next);
      await refreshMission(queryClient, mission.mission_id);
      notify.success(_(next === null ? 'progress.public.unpublished' : 'progress.public.published'));
    } catch (caught) {
      setError(messageOf(caught, _('progress.failed')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save(slug.trim());
      }}
      className="flex flex-col gap-3 border-t border-slate-700 pt-4"
    >
      <p className="flex items-center gap-2 text-sm font-medium text-slate-200">
        <Globe aria-hidden="true" className="size-4" />
        {_('progress.public.title')}
      </p>
      {mission.public_slug ? (
        <p className="text-sm text-slate-300">
          {_('progress.public.isPublished')}{' '}
          <a href={publicMissionPath(mission.public_slug)} className="break-all text-sky-300 underline" data-testid="public-page-link">
            {window.location.origin}
            {publicMissionPath(mission.public_slug)}
          </a>
        </p>
      ) : (
        <p className="text-sm text-slate-300">{_('progress.public.off')}</p>
      )}
      <TextField
        label={_('progress.public.slug')}
        hint={_('progress.public.slugHint')}
        value={slug}
        maxLength={PROGRESS_LIMITS.slugMax}
        onChange={(event) => setSlug(event.target.value)}
      />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="secondary" busy={busy}>
          {_('progress.public.publish')}
        </Button>
        {mission.public_slug ? (
          <Button type="button" variant="ghost" onClick={() => void save(null)}>
            {_('progress.public.unpublish')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
