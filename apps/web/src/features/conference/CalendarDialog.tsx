import { useState } from 'react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { CalendarDays, Copy, Download } from 'lucide-react';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import type { CalendarFeedStatus, CreatedCalendarFeed } from '@mc/contract';
import { Button, Dialog, LoadError } from '../../components/ui';
import { formatDate } from '../../lib/format';
import { downloadCalendar, useCalendarFeed } from './myAgenda.ts';
import { ReminderToggle } from './agenda/ReminderToggle.tsx';

/**
 * Calendars: the whole programme as one .ics download, and a private subscription address for
 * My agenda that calendar apps refresh by themselves. The address carries its own secret (never
 * the sign-in token); the server keeps only its hash, so it is shown once, right after it is made.
 */
export function CalendarDialog() {
  const { _ } = useLingui();
  const [open, setOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [created, setCreated] = useState<CreatedCalendarFeed | null>(null);
  const { status, create, revoke } = useCalendarFeed(open);

  async function downloadProgramme() {
    setDownloading(true);
    try {
      const filename = await downloadCalendar(null);
      toast.success(_('calendar.download.done', { filename }));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : _('calendar.download.failed'));
    } finally {
      setDownloading(false);
    }
  }

  function makeAddress() {
    create.mutate(undefined, {
      onSuccess: (feed) => setCreated(feed),
      onError: (error) => toast.error(error.message),
    });
  }

  function stopAddress() {
    revoke.mutate(undefined, {
      onSuccess: () => {
        setCreated(null);
        toast.success(_('calendar.feed.stopped'));
      },
      onError: (error) => toast.error(error.message),
    });
  }

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={`inline-flex min-h-10 items-center gap-1.5 rounded-xl border border-slate-700 px-3 text-sm font-medium text-slate-100 hover:border-indigo-400`}
      >
        <CalendarDays aria-hidden="true" className="size-4" />
        {_('calendar.title')}
      </button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setCreated(null);
        }}
        title={_('calendar.title')}
        description={_('calendar.description')}
      >
        <div className="space-y-6">
          <section>
            <h3 className="text-sm font-semibold text-slate-100">{_('calendar.programme.heading')}</h3>
            <p className="mt-1 text-sm text-slate-300">{_('calendar.programme.body')}</p>
            <Button
              variant="secondary"
              className="mt-3"
              icon={<Download aria-hidden="true" className="size-4" />}
              busy={downloading}
              busyLabel={_('calendar.programme.preparing')}
              onClick={() => void downloadProgramme()}
            >
              {_('calendar.programme.download')}
            </Button>
          </section>

          <section aria-labelledby="reminders-heading">
            <h3 id="reminders-heading" className="text-sm font-semibold text-slate-100">
              {_('calendar.reminders.heading')}
            </h3>
            <p className="mt-1 text-sm text-slate-300">{_('calendar.reminders.body')}</p>
            <div className="mt-3">
              <ReminderToggle />
            </div>
          </section>

          <FeedSection status={status} create={create} revoke={revoke} created={created} onMake={makeAddress} onStop={stopAddress} />
        </div>
      </Dialog>
    </>
  );
}

interface FeedSectionProps {
  status: UseQueryResult<CalendarFeedStatus>;
  create: UseMutationResult<CreatedCalendarFeed, Error, void>;
  revoke: UseMutationResult<CalendarFeedStatus, Error, void>;
  /** The address just made: shown this once. */
  created: CreatedCalendarFeed | null;
  onMake: () => void;
  onStop: () => void;
}

/** The private subscription address for My agenda: make it, copy it once, stop it. */
function FeedSection({ status, create, revoke, created, onMake, onStop }: FeedSectionProps) {
  const { _ } = useLingui();
  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(_('calendar.feed.copied'));
    } catch {
      toast.error(_('calendar.feed.copyFailed'));
    }
  }

  return (
    <section aria-labelledby="feed-heading">
      <h3 id="feed-heading" className="text-sm font-semibold text-slate-100">
        {_('calendar.feed.heading')}
      </h3>
      <p className="mt-1 text-sm text-slate-300">{_('calendar.feed.body')}</p>
      {status.isPending ? (
        <p className="mt-3 text-sm text-slate-300">{_('calendar.feed.loading')}</p>
      ) : status.isError ? (
        <LoadError className="mt-3" message={status.error.message} retrying={status.isFetching} onRetry={() => void status.refetch()} />
      ) : created ? (
        <div className="mt-3 space-y-3" data-testid="feed-address">
          <p className="text-sm text-emerald-200" role="status">
            {_('calendar.feed.ready')}
          </p>
          <label className="block text-sm text-slate-200">
            {_('calendar.feed.addressLabel')}
            <input
              readOnly
              value={created.https_url}
              onFocus={(event) => event.currentTarget.select()}
              className="mt-1 w-full rounded-lg border border-slate-600 bg-slate-950 px-3 py-2 font-mono text-xs text-slate-100"
            />
          </label>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" icon={<Copy aria-hidden="true" className="size-4" />} onClick={() => void copy(created.https_url)}>
              {_('calendar.feed.copy')}
            </Button>
            <a
              href={created.webcal_url}
              className={`inline-flex min-h-9 items-center rounded-lg border border-slate-600 px-3 text-sm font-medium text-slate-100 hover:border-indigo-400`}
            >
              {_('calendar.feed.open')}
            </a>
          </div>
        </div>
      ) : status.data?.active ? (
        <p className="mt-3 text-sm text-slate-200">{_('calendar.feed.made', { date: formatDate(status.data.created_at) })}</p>
      ) : (
        <p className="mt-3 text-sm text-slate-200">{_('calendar.feed.none')}</p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" busy={create.isPending} busyLabel={_('calendar.feed.making')} onClick={onMake} disabled={status.isPending}>
          {status.data?.active || created ? _('calendar.feed.makeNew') : _('calendar.feed.make')}
        </Button>
        {(status.data?.active || created) && (
          <Button size="sm" variant="danger" busy={revoke.isPending} busyLabel={_('calendar.feed.stopping')} onClick={onStop}>
            {_('calendar.feed.stop')}
          </Button>
        )}
      </div>
    </section>
  );
}
