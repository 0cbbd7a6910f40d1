import { useState } from 'react';
import { STORAGE_KEYS } from '../../../lib/storage';
import type { View } from './partState.ts';

function initialView(): View {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEYS.agendaView);
    if (stored === 'compact' || stored === 'detailed') return stored;
  } catch {
    // storage unavailable: the detailed view, as on a first visit
  }
  return 'detailed';
}

/** The list's "Compact view" or detailed cards, remembered on this device (docs/product.md#agenda-schedule). */
export function useCompactView(): [View, (next: View) => void] {
  const [view, setView] = useState<View>(initialView);
  function changeView(next: View) {
    setView(next);
    try {
      window.localStorage.setItem(STORAGE_KEYS.agendaView, next);
    } catch {
      // not remembered on this device; the choice still applies now
    }
  }
  return [view, changeView];
}
