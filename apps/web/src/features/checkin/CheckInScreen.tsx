import { useEffect, useState, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { DoorOpen } from 'lucide-react';
import { DOOR_NAME_MAX } from '@mc/contract';
import { Alert, Button, Card, LoadError, PageSpinner, TextField, cn } from '../../components/ui';
import { appConfig } from '../../lib/appConfig';
import { useAuth } from '../../lib/auth';
import { doorKeysQuery } from './checkinApi';
import { Door, type DoorState } from './doorEngine';
import { DoorAnswerPanel, shownAnswer, useAnswerTexts } from './DoorAnswerPanel';
import { DoorCamera } from './DoorCamera';
import { FindPerson } from './FindPerson';
import { qrReader } from './qrReader';

/** The door's engine for as long as the screen is open (one a page: its IndexedDB is the device's). */
function useDoor(): [Door, DoorState] {
  const [door] = useState(() => new Door());
  const state = useSyncExternalStore(door.subscribe, door.snapshot);
  useEffect(() => {
    void door.start();
    return () => door.stop();
  }, [door]);
  return [door, state];
}

/** The door's name, chosen once on the device ("Main entrance"). */
function DoorNameForm({ current, onSave, onCancel }: { current: string | null; onSave: (name: string) => void; onCancel?: () => void }) {
  const { _ } = useLingui();
  const [name, setName] = useState(current ?? '');
  const [missing, setMissing] = useState(false);
  return (
    <Card>
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = name.trim();
          setMissing(trimmed === '');
          if (trimmed) onSave(trimmed);
        }}
      >
        <TextField
          label={_('checkin.door.label')}
          hint={_('checkin.door.hint')}
          value={name}
          maxLength={DOOR_NAME_MAX}
          onChange={(event) => setName(event.target.value)}
          error={missing ? _('checkin.door.required') : undefined}
          className="min-h-12 text-lg"
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" size="lg" icon={<DoorOpen aria-hidden="true" className="size-5" />}>
            {_('checkin.door.save')}
          </Button>
          {onCancel ? (
            <Button variant="secondary" size="lg" onClick={onCancel}>
              {_('common.cancel')}
            </Button>
          ) : null}
        </div>
      </form>
    </Card>
  );
}

/** Scans read offline whose answer, once sent, was not a check-in: another door was first, or the badge had been replaced. */
function SyncNotices({ state }: { state: DoorState }) {
  const { _ } = useLingui();
  const texts = useAnswerTexts();
  if (state.notices.length === 0) return null;
  return (
    <Card>
      <h2 className="mb-3 text-lg font-semibold text-slate-50">{_('checkin.notices.title')}</h2>
      <ul className="flex flex-col gap-2" data-testid="door-notices">
        {state.notices.map((id) => {
          const shown = shownAnswer({ kind: 'scan', scanId: id }, state.scans);
          if (!shown) return null;
          const { title, detail } = texts(shown);
          return (
            <li key={id} className={cn('rounded-xl border-4 p-3', shown.tone === 'invalid' ? 'border-rose-400' : 'border-amber-400')}>
              <p className="font-bold text-slate-50">{title}</p>
              {detail ? <p className="text-slate-200">{detail}</p> : null}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

function DoorHeader({ state, onChangeDoor }: { state: DoorState; onChangeDoor: () => void }) {
  const { _ } = useLingui();
  const here = state.scans.filter((scan) => scan.door === state.door).length;
  const waiting = state.scans.filter((scan) => scan.state === 'waiting').length;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-700 bg-slate-900 p-4">
      <div className="min-w-0">
        <p className="text-xl font-bold break-words text-slate-50" data-testid="door-name">
          {_('checkin.door.current', { door: state.door ?? '' })}
        </p>
        <p className="text-lg text-slate-200" data-testid="door-count">
          {_('checkin.count', { count: here })}
        </p>
        {waiting > 0 ? (
          <p className="text-base font-semibold text-amber-300" data-testid="door-waiting">
            {_('checkin.waiting', { count: waiting })}
          </p>
        ) : null}
      </div>
      <Button variant="secondary" onClick={onChangeDoor}>
        {_('checkin.door.change')}
      </Button>
    </div>
  );
}

function DoorScreen({ door, state, title }: { door: Door; state: DoorState; title: string }) {
  const { _ } = useLingui();
  const [renaming, setRenaming] = useState(false);
  const [nextKey, setNextKey] = useState(0);
  const shown = state.answer ? shownAnswer(state.answer, state.scans) : null;
  // The reader (and its WebAssembly) loads as the door opens, online, so the camera reads codes offline later.
  useEffect(() => {
    void qrReader()
      .then((reader) => reader.read(new ImageData(1, 1)))
      .catch(() => undefined);
  }, []);
  const heading = (
    <h1 className="flex items-center gap-3 text-3xl font-bold text-slate-50">
      <DoorOpen aria-hidden="true" className="size-8 text-sky-300" />
      {title}
    </h1>
  );
  if (!state.door || renaming) {
    return (
      <div className="mx-auto flex w-full max-w-xl flex-col gap-5">
        {heading}
        <p className="text-lg text-slate-200">{_('checkin.door.intro')}</p>
        <DoorNameForm
          current={state.door}
          onSave={(name) => void door.setDoor(name).then(() => setRenaming(false))}
          onCancel={state.door ? () => setRenaming(false) : undefined}
        />
      </div>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-5">
      {heading}
      <DoorHeader state={state} onChangeDoor={() => setRenaming(true)} />
      {shown ? (
        <div className="flex flex-col gap-3">
          <DoorAnswerPanel shown={shown} />
          <Button
            size="lg"
            variant="secondary"
            className="min-h-14 text-lg"
            onClick={() => {
              door.clearAnswer();
              setNextKey((key) => key + 1);
            }}
          >
            {_('checkin.scanNext')}
          </Button>
        </div>
      ) : (
        <p className="text-lg text-slate-200">{_('checkin.ready')}</p>
      )}
      <DoorCamera nextKey={nextKey} onCode={(code) => void door.scan(code)} />
      <SyncNotices state={state} />
      <FindPerson onCheckIn={(person) => door.checkInByName(person.badge_id)} />
    </div>
  );
}

/**
 * docs/product.md#check-in-at-the-door: door staff check people in by their badge's QR code, read
 * by the device's camera and checked on the device, or by name. Works on with no network once the
 * door has been opened online: the scans wait on the device and are sent when it returns.
 */
export default function CheckInScreen() {
  const { _ } = useLingui();
  const { user } = useAuth();
  const keys = useQuery(doorKeysQuery(user?.id ?? null));
  const [door, state] = useDoor();
  const title = _('checkin.title');

  useEffect(() => {
    if (keys.data) void door.setKeys(keys.data);
  }, [door, keys.data]);

  const body = (() => {
    if (keys.data === null) {
      return (
        <div className="mx-auto flex w-full max-w-xl flex-col gap-5">
          <h1 className="text-3xl font-bold text-slate-50">{title}</h1>
          <Alert tone="warning">{_('checkin.notDoorStaff')}</Alert>
        </div>
      );
    }
    if (!state.loaded) return <PageSpinner label={_('checkin.loading')} />;
    if (state.keys) return <DoorScreen door={door} state={state} title={title} />;
    if (keys.error) return <LoadError title={title} message={keys.error.message} retrying={keys.isFetching} onRetry={() => void keys.refetch()} />;
    return <PageSpinner label={_('checkin.loading')} />;
  })();

  return (
    <>
      <title>{`${title} · ${appConfig.productName}`}</title>
      {body}
    </>
  );
}
