import { useRef } from 'react';
import type { AgendaParams } from './useAgendaParams.ts';

/**
 * The clear buttons of the empty states go away once pressed: focus moves to the control they
 * reset, the search box or the type list (which AgendaFilters draws with these refs).
 */
export function useClearButtons({ update, setSearchText }: Pick<AgendaParams, 'update' | 'setSearchText'>) {
  const controls = { search: useRef<HTMLInputElement>(null), type: useRef<HTMLSelectElement>(null) };
  function clearSearch() {
    setSearchText('');
    controls.search.current?.focus();
  }
  function clearFilters() {
    update({ type: null, room: null });
    controls.type.current?.focus();
  }
  return { controls, clearSearch, clearFilters };
}
