import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { describeAuditKind, type AuditEntry, type AuditLogPage } from '@mc/contract';
import { Badge, Button, Card, Select, QueryState, LoadError } from '../../../components/ui';
import { callRpc } from '../../../lib/rpc';
import { queryKeys } from '../../../lib/queryKeys';
import { SectionHeading } from '../SectionHeading';
import { formatVenueDateTime } from '../../../lib/formatVenue';
import { useVenueTimeZone } from '../../conference';

const COMMAND_LINE = 'command-line';

/** Every organiser action, newest first, filterable by who did it and what kind of action it was. */
export default function AuditLogSection() {
  const [actor, setActor] = useState('');
  const [kind, setKind] = useState('');
  const log = useInfiniteQuery({
    queryKey: [...queryKeys.organiser, 'audit-log', actor, kind],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }): Promise<AuditLogPage> =>
      callRpc('list_audit_log', {
        p_actor_id: actor && actor !== COMMAND_LINE ? actor : null,
        p_command_line: actor === COMMAND_LINE,
        p_kind: kind || null,
        p_cursor: pageParam,
      }),
    getNextPageParam: (page) => page.next_cursor,
  });
  const first = log.data?.pages[0];
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const actorOptions = (first?.actors ?? []).map((item) => ({ value: item.actor_id ?? COMMAND_LINE, label: item.actor_label }));
  const kindOptions = (first?.kinds ?? []).map((item) => ({ value: item, label: describeAuditKind(item) }));
  // Keep a chosen filter listed even when the page that named it is being refetched.
  if (actor && !actorOptions.some((option) => option.value === actor)) actorOptions.push({ value: actor, label: 'Chosen person' });
  if (kind && !kindOptions.some((option) => option.value === kind)) kindOptions.push({ value: kind, label: describeAuditKind(kind) });

  return (
    <section aria-labelledby="section-title" className="flex flex-col gap-6">
      <SectionHeading
        title="Audit log"
        description="Every organiser action: who, when, what, and the values before and after. Newest first; nothing here can be changed."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select label="Person" placeholder="Everyone" options={actorOptions} value={actor} onChange={(event) => setActor(event.target.value)} />
        <Select label="Kind of action" placeholder="Every kind" options={kindOptions} value={kind} onChange={(event) => setKind(event.target.value)} />
      </div>

      <QueryState query={log} loading="Loading the audit log..." errorTitle="The audit log could not be loaded">
        {() =>
          entries.length === 0 ? (
            <Card className="flex items-center gap-3 text-slate-300">
              <History aria-hidden="true" className="size-5 shrink-0" />
              <p>{actor || kind ? 'Nothing matches these filters.' : 'Nothing has been recorded yet. Organiser actions appear here as they happen.'}</p>
            </Card>
          ) : (
            <>
              <ol aria-label="Audit log entries" className="flex flex-col gap-3">
                {entries.map((entry) => (
                  <AuditLogItem key={entry.id} entry={entry} />
                ))}
              </ol>
              {log.hasNextPage ? (
                <Button
                  variant="secondary"
                  className="self-center"
                  busy={log.isFetchingNextPage}
                  busyLabel="Loading..."
                  onClick={() => void log.fetchNextPage()}
                >
                  Show older entries
                </Button>
              ) : (
                <p className="text-center text-sm text-slate-400">That is the first entry: nothing older.</p>
              )}
              {log.isFetchNextPageError ? (
                <LoadError message="Older entries could not be loaded." retrying={log.isFetchingNextPage} onRetry={() => void log.fetchNextPage()} />
              ) : null}
            </>
          )
        }
      </QueryState>
    </section>
  );
}

function AuditLogItem({ entry }: { entry: AuditEntry }) {
  const timeZone = useVenueTimeZone();
  const hasValues = entry.before !== null || entry.after !== null;
  return (
    <li className="rounded-xl border border-slate-700/70 bg-slate-900/70 p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Badge tone="info">{describeAuditKind(entry.kind)}</Badge>
        <span className="font-medium break-all text-slate-50">{entry.subject}</span>
      </div>
      <p className="mt-2 text-sm text-slate-300">
        <time dateTime={entry.at}>{formatVenueDateTime(entry.at, timeZone)}</time> · by <span className="break-all">{entry.actor_label}</span>
      </p>
      {hasValues ? (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer rounded text-sky-200 hover:text-sky-100">Before and after</summary>
          <div className="mt-2 grid gap-3 md:grid-cols-2">
            <Values label="Before" value={entry.before} />
            <Values label="After" value={entry.after} />
          </div>
        </details>
      ) : null}
    </li>
  );
}

function Values({ label, value }: { label: string; value: unknown }) {
  return (
    <div className="min-w-0">
      <p className="mb-1 text-xs font-semibold tracking-wide text-slate-400 uppercase">{label}</p>
      <pre className="max-h-64 overflow-auto rounded-lg bg-slate-950/80 p-3 text-xs whitespace-pre-wrap text-slate-200">
        {value === null ? '(nothing)' : JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}
