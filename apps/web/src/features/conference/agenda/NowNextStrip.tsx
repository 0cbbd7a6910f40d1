import { Link } from 'react-router';
import { useLingui } from '@lingui/react';
import type { NowAndNext } from '@mc/contract/agenda.ts';
import { paths } from '../../../lib/paths';
import { formatClock, type ScheduledPart } from '../programme.ts';

/** What runs at the venue now and what starts next, each with its room. */
export function NowNextStrip({ markers, parts, now, timeZone }: { markers: NowAndNext; parts: ScheduledPart[]; now: Date; timeZone: string }) {
  const { _ } = useLingui();
  const first = parts[0];
  const last = parts.at(-1);
  // Shown from half a day before the first part until the last one ends.
  if (!first || !last || now.getTime() < first.start.getTime() - 12 * 3600_000 || now >= last.end) return null;
  const byId = new Map(parts.map((entry) => [entry.id, entry]));
  const running = markers.now.map((id) => byId.get(id)).filter((entry) => entry !== undefined);
  const coming = markers.next.map((id) => byId.get(id)).filter((entry) => entry !== undefined);
  return (
    <section
      aria-label={_('agenda.nowNext.label')}
      data-testid="now-next"
      className="mb-4 grid gap-2 rounded-2xl border border-emerald-400/30 bg-emerald-400/5 p-3 sm:grid-cols-2"
    >
      <div>
        <h2 className="text-xs font-semibold tracking-widest text-emerald-300 uppercase">{_('agenda.nowNext.now', { time: formatClock(now, timeZone) })}</h2>
        {running.length === 0 ? (
          <p className="mt-1 text-sm text-slate-300">{_('agenda.nowNext.nothing')}</p>
        ) : (
          <ul className="mt-1 space-y-1">
            {running.map((entry) => (
              <li key={entry.id}>
                <Link
                  to={paths.agendaPart(entry.id)}
                  className={`text-sm font-medium text-white underline decoration-emerald-400/60 underline-offset-2 hover:decoration-emerald-300`}
                >
                  {entry.part.title}
                </Link>
                <span className="text-xs text-slate-300">
                  {' '}
                  {_('agenda.nowNext.until', { time: entry.part.endTime })}
                  {entry.part.room ? ` · ${entry.part.room}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h2 className="text-xs font-semibold tracking-widest text-sky-300 uppercase">
          {markers.nextStart ? _('agenda.nowNext.nextAt', { time: formatClock(markers.nextStart, timeZone) }) : _('agenda.nowNext.next')}
        </h2>
        <ul className="mt-1 space-y-1">
          {coming.map((entry) => (
            <li key={entry.id}>
              <Link
                to={paths.agendaPart(entry.id)}
                className={`text-sm font-medium text-white underline decoration-sky-400/60 underline-offset-2 hover:decoration-sky-300`}
              >
                {entry.part.title}
              </Link>
              {entry.part.room ? <span className="text-xs text-slate-300"> · {entry.part.room}</span> : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
