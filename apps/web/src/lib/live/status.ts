import { useSyncExternalStore } from 'react';
import type { LiveStatus } from './connection';

/** The live channel's status, for the quiet indicator and for the fallback reads. */
let current: LiveStatus | 'off' = 'off';
const listeners = new Set<() => void>();

export function setLiveStatus(status: LiveStatus | 'off'): void {
  if (status === current) return;
  current = status;
  for (const listener of listeners) listener();
}

export function getLiveStatus(): LiveStatus | 'off' {
  return current;
}

export function useLiveStatus(): LiveStatus | 'off' {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
