import type { ReactNode } from 'react';
import { Columns3, FunnelX, List, Rows3, SearchX, Star } from 'lucide-react';
import { useLingui } from '@lingui/react';
import type { AgendaLayout } from './roomGrid.ts';
import type { View } from './partState.ts';

export function FilterButton({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={`inline-flex min-h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-slate-200 hover:text-white aria-pressed:bg-indigo-500 aria-pressed:text-on-accent`}
    >
      {children}
    </button>
  );
}

/**
 * "List" or "Rooms" (`?view=rooms`, docs/product.md#agenda-schedule): two toggle buttons, one
 * pressed, like "All sessions" and "My agenda" beside them.
 */
export function LayoutSwitch({ layout, onChange }: { layout: AgendaLayout; onChange: (next: AgendaLayout) => void }) {
  const { _ } = useLingui();
  return (
    <div role="group" aria-label={_('agenda.layout.label')} className="inline-flex rounded-xl border border-slate-700 bg-slate-900/60 p-1">
      <FilterButton pressed={layout === 'list'} onClick={() => onChange('list')}>
        <List aria-hidden="true" className="size-4" />
        {_('agenda.layout.list')}
      </FilterButton>
      <FilterButton pressed={layout === 'rooms'} onClick={() => onChange('rooms')}>
        <Columns3 aria-hidden="true" className="size-4" />
        {_('agenda.layout.rooms')}
      </FilterButton>
    </div>
  );
}

/** "Compact view": one line or two per part in the list, or whole cards; useCompactView remembers the choice on the device. */
export function CompactViewButton({ view, onChange }: { view: View; onChange: (next: View) => void }) {
  const { _ } = useLingui();
  return (
    <button
      type="button"
      aria-pressed={view === 'compact'}
      onClick={() => onChange(view === 'compact' ? 'detailed' : 'compact')}
      className={`inline-flex min-h-10 items-center gap-1.5 rounded-xl border border-slate-700 px-3 text-sm font-medium text-slate-100 hover:border-indigo-400 aria-pressed:border-indigo-400 aria-pressed:bg-indigo-500/20`}
    >
      <Rows3 aria-hidden="true" className="size-4" />
      {_('agenda.compactView')}
    </button>
  );
}

export function MyAgendaEmpty({ loading, onShowAll }: { loading: boolean; onShowAll: () => void }) {
  const { _ } = useLingui();
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-700 px-6 py-12 text-center">
      <Star aria-hidden="true" className="mb-3 size-10 text-slate-500" />
      <p className="text-lg font-semibold text-white">{loading ? _('agenda.mine.loading') : _('agenda.mine.empty')}</p>
      {!loading && <p className="mt-1 text-sm text-slate-300">{_('agenda.mine.emptyHint')}</p>}
      <button
        type="button"
        onClick={onShowAll}
        className={`mt-4 min-h-10 rounded-lg border border-slate-600 px-4 text-sm font-medium text-slate-100 hover:border-indigo-400`}
      >
        {_('agenda.mine.showAll')}
      </button>
    </div>
  );
}

function EmptyState({ icon, message, action, onAction }: { icon: ReactNode; message: ReactNode; action: string; onAction: () => void }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-700 px-6 py-12 text-center">
      {icon}
      <p className="text-lg font-semibold text-white [overflow-wrap:anywhere]">{message}</p>
      <button
        type="button"
        onClick={onAction}
        className={`mt-4 min-h-10 rounded-lg border border-slate-600 px-4 text-sm font-medium text-slate-100 hover:border-indigo-400`}
      >
        {action}
      </button>
    </div>
  );
}

/** No part on any day matches what was typed (with the filters chosen). */
export function SearchEmpty({ query, onClear }: { query: string; onClear: () => void }) {
  const { _ } = useLingui();
  return (
    <EmptyState
      icon={<SearchX aria-hidden="true" className="mb-3 size-10 text-slate-500" />}
      message={_('agenda.search.empty', { query })}
      action={_('agenda.search.clear')}
      onAction={onClear}
    />
  );
}

/** The chosen type or room leaves nothing on the day shown. */
export function FiltersEmpty({ onClear }: { onClear: () => void }) {
  const { _ } = useLingui();
  return (
    <EmptyState
      icon={<FunnelX aria-hidden="true" className="mb-3 size-10 text-slate-500" />}
      message={_('agenda.filters.empty')}
      action={_('agenda.filters.clear')}
      onAction={onClear}
    />
  );
}
