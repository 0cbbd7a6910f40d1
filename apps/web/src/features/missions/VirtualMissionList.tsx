import { useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLingui } from '@lingui/react';
import type { Mission } from '@mc/contract';
import { cn } from '../../components/ui';

/** Tailwind's md breakpoint and the All Missions grid's own third column. */
const TWO_COLUMNS = '(min-width: 48rem)';
const THREE_COLUMNS = '(min-width: 90rem)';
/** The grid's gap (gap-4) and a card's usual height, before it is measured. */
const GAP_PX = 16;
const ESTIMATED_ROW_PX = 320;
/** Rows kept beyond each edge of the screen, so Tab and Shift+Tab always find the next card there. */
const OVERSCAN_ROWS = 3;

function subscribeToWidth(onChange: () => void): () => void {
  const queries = [window.matchMedia(TWO_COLUMNS), window.matchMedia(THREE_COLUMNS)];
  for (const query of queries) query.addEventListener('change', onChange);
  return () => {
    for (const query of queries) query.removeEventListener('change', onChange);
  };
}

function gridColumns(): number {
  if (window.matchMedia(THREE_COLUMNS).matches) return 3;
  return window.matchMedia(TWO_COLUMNS).matches ? 2 : 1;
}

interface VirtualMissionListProps {
  missions: Mission[];
  layout: 'grid' | 'list';
  renderCard: (mission: Mission) => ReactNode;
}

/**
 * The All Missions list with only the rows near the screen in the page (a few dozen cards however
 * many missions there are), so 2,000 missions scroll and filter without jank
 * (docs/decisions/025-virtualised-missions-list-and-prefetching.md). It stays one list: each card keeps its place
 * in the whole (aria-posinset of aria-setsize) for screen readers, and the rows above and below
 * the screen are stood in for by the list's padding, so the page scrolls as if all were there.
 */
export function VirtualMissionList({ missions, layout, renderCard }: VirtualMissionListProps) {
  const { _ } = useLingui();
  const listRef = useRef<HTMLUListElement>(null);
  const gridColumnCount = useSyncExternalStore(subscribeToWidth, gridColumns);
  const columns = layout === 'grid' ? gridColumnCount : 1;
  const rowCount = Math.ceil(missions.length / columns);
  // Where the list starts in the page: the virtualiser counts rows from the page's top.
  const [listTop, setListTop] = useState(0);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => setListTop(list.getBoundingClientRect().top + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer<HTMLLIElement>({
    count: rowCount,
    estimateSize: () => ESTIMATED_ROW_PX,
    gap: GAP_PX,
    overscan: OVERSCAN_ROWS,
    scrollMargin: listTop,
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    initialOffset: () => window.scrollY,
  });
  const rows = virtualizer.getVirtualItems();
  const first = rows[0];
  const last = rows.at(-1);
  const paddingTop = first ? first.start - listTop : 0;
  const paddingBottom = last ? virtualizer.getTotalSize() - (last.end - listTop) : 0;

  return (
    <ul
      ref={listRef}
      aria-label={_('missions.list.label')}
      data-layout={layout}
      style={{ paddingTop, paddingBottom }}
      className={cn('grid gap-4', columns === 3 ? 'grid-cols-3' : columns === 2 ? 'grid-cols-2' : 'grid-cols-1')}
    >
      {rows.flatMap((row) =>
        missions.slice(row.index * columns, (row.index + 1) * columns).map((mission, column) => {
          const position = row.index * columns + column;
          return (
            <li
              key={mission.mission_id}
              // Every card of a row has the row's height; the first one measures it.
              ref={column === 0 ? virtualizer.measureElement : undefined}
              data-index={row.index}
              aria-posinset={position + 1}
              aria-setsize={missions.length}
              className="min-w-0"
            >
              {renderCard(mission)}
            </li>
          );
        }),
      )}
    </ul>
  );
}
