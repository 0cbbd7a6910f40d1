import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { ArrowLeft } from 'lucide-react';
import {
  MISSION_CHECKIN_DAYS,
  MISSION_CHECKIN_LIMITS,
  type MissionCheckin,
  type MissionCheckinDay,
  type MissionCheckins,
  type MissionStatus,
} from '@mc/contract';
import { Alert, Button, Card, QueryState, TextAreaField, buttonClasses, pageClasses } from '../../components/ui';
import { appConfig } from '../../lib/appConfig';
import { formatDate, formatDateTime } from '../../lib/format';
import { paths } from '../../lib/paths';
import { screenKeys } from '../../lib/screenKeys';
import { answerCheckin, missionCheckinsQuery, setCheckinsOn } from './checkinApi';
import { refreshMission } from './progressApi';
import { StatusFields } from './StatusFields';

/*
 * A mission's check-in, one page (docs/product.md#check-ins): "How is {mission} going?" with what
 * happened, what the team needs now, whether it is still together and the status; sent, it becomes
 * an update of the mission. Its owners also switch the check-ins off (or on) here.
 */

const isCheckinDay = (value: number): value is MissionCheckinDay => (MISSION_CHECKIN_DAYS as readonly number[]).includes(value);

/** A venue's day ("2026-01-05") in the reader's words. */
const formatDay = (day: string) => formatDate(`${day}T12:00:00Z`);

export default function CheckinPage() {
  const { _ } = useLingui();
  const params = useParams();
  const missionId = params.missionId ?? '';
  const dayNumber = Number(params.day);
  const day: MissionCheckinDay = isCheckinDay(dayNumber) ? dayNumber : 30;
  const query = useQuery(missionCheckinsQuery(missionId));
  return (
    <section className={pageClasses}>
      <title>{`${_('missionCheckin.tabTitle')} · ${appConfig.productName}`}</title>
      <Link to={paths.mission(missionId)} className={buttonClasses('ghost', 'sm', 'mb-4 -ml-2')}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {_('missionCheckin.back')}
      </Link>
      <QueryState query={query} loading={_('missionCheckin.loading')} page>
        {(data) => <CheckinScreen data={data} day={day} />}
      </QueryState>
    </section>
  );
}

function CheckinScreen({ data, day }: { data: MissionCheckins; day: MissionCheckinDay }) {
  const { _ } = useLingui();
  const checkin = data.checkins.find((entry) => entry.day === day);
  const mission = `“${data.mission_name}”`;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold break-words text-slate-50 sm:text-3xl">{_('missionCheckin.heading', { mission })}</h1>
        <p className="text-slate-300">{_('missionCheckin.intro', { days: day })}</p>
      </header>
      {checkin ? <CheckinBody data={data} checkin={checkin} /> : null}
      <SwitchCard data={data} />
    </div>
  );
}

function CheckinBody({ data, checkin }: { data: MissionCheckins; checkin: MissionCheckin }) {
  const { _ } = useLingui();
  if (checkin.answered_at) {
    return (
      <Alert tone="success" title={_('missionCheckin.answered.title')}>
        <p>{_('missionCheckin.answered.text', { date: formatDateTime(checkin.answered_at) })}</p>
        <Link to={paths.mission(data.mission_id)} className="mt-2 inline-block font-semibold underline">
          {_('missionCheckin.answered.see')}
        </Link>
      </Alert>
    );
  }
  if (!checkin.sent_at) {
    return <Alert tone="info">{_('missionCheckin.notYet', { date: formatDay(checkin.due_on) })}</Alert>;
  }
  return <CheckinForm data={data} day={checkin.day} />;
}

function CheckinForm({ data, day }: { data: MissionCheckins; day: MissionCheckinDay }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const [happened, setHappened] = useState('');
  const [needs, setNeeds] = useState('');
  const [together, setTogether] = useState(true);
  const [status, setStatus] = useState<MissionStatus>(data.status);
  const [reason, setReason] = useState(data.status_reason ?? '');
  const send = useMutation({
    mutationFn: () => answerCheckin(data.mission_id, day, { happened, needs, teamTogether: together, status, reason }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: screenKeys.missionCheckins(data.mission_id) }),
        refreshMission(queryClient, data.mission_id),
      ]);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };
  return (
    <Card>
      <form onSubmit={submit} className="flex flex-col gap-4" aria-label={_('missionCheckin.form')}>
        <TextAreaField
          label={_('missionCheckin.happened')}
          hint={_('missionCheckin.happenedHint')}
          value={happened}
          required
          rows={5}
          maxLength={MISSION_CHECKIN_LIMITS.happenedChars}
          showCounter
          onChange={(event) => setHappened(event.target.value)}
        />
        <TextAreaField
          label={_('missionCheckin.needs')}
          hint={_('missionCheckin.needsHint')}
          value={needs}
          rows={3}
          maxLength={MISSION_CHECKIN_LIMITS.needsChars}
          showCounter
          onChange={(event) => setNeeds(event.target.value)}
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-200">{_('missionCheckin.together')}</legend>
          {[true, false].map((value) => (
            <label key={String(value)} className="flex items-center gap-2 text-sm text-slate-200">
              <input type="radio" name="team-together" className="size-5 accent-sky-400" checked={together === value} onChange={() => setTogether(value)} />
              {value ? _('missionCheckin.together.yes') : _('missionCheckin.together.no')}
            </label>
          ))}
        </fieldset>
        <StatusFields status={status} reason={reason} onStatus={setStatus} onReason={setReason} />
        <p className="text-sm text-slate-300">{_('missionCheckin.becomesUpdate')}</p>
        {send.error ? <Alert tone="error">{send.error.message || _('progress.failed')}</Alert> : null}
        <Button type="submit" busy={send.isPending} className="self-start">
          {_('missionCheckin.send')}
        </Button>
      </form>
    </Card>
  );
}

function SwitchCard({ data }: { data: MissionCheckins }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: () => setCheckinsOn(data.mission_id, !data.on),
    onSuccess: (next: MissionCheckins) => queryClient.setQueryData(screenKeys.missionCheckins(data.mission_id), next),
  });
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold text-slate-50">{_('missionCheckin.switch.title')}</h2>
      <p className="text-sm text-slate-300" data-testid="checkins-state">
        {data.on ? _('missionCheckin.switch.on') : _('missionCheckin.switch.off')}
      </p>
      <ul className="flex flex-col gap-1 text-sm text-slate-300">
        {data.checkins.map((entry) => (
          <li key={entry.day}>
            {_('missionCheckin.switch.day', { days: entry.day, date: formatDay(entry.due_on) })}
            {' · '}
            {entry.answered_at ? _('missionCheckin.state.answered') : entry.sent_at ? _('missionCheckin.state.sent') : _('missionCheckin.state.coming')}
          </li>
        ))}
      </ul>
      {toggle.error ? <Alert tone="error">{toggle.error.message || _('progress.failed')}</Alert> : null}
      <Button type="button" variant="secondary" size="sm" className="self-start" busy={toggle.isPending} onClick={() => toggle.mutate()}>
        {data.on ? _('missionCheckin.switch.turnOff') : _('missionCheckin.switch.turnOn')}
      </Button>
    </Card>
  );
}
