import { useSyncExternalStore } from 'react';
import { readStored, removeStored, STORAGE_KEYS, writeStored } from './storage';

/**
 * The colour theme (docs/decisions/024-light-theme.md): "system" follows the device's light or dark
 * setting, "light" and "dark" are the person's own choice on this device. public/theme.js puts the
 * theme on <html data-theme> before the first paint; this module keeps it there afterwards.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

/** The choices, each with its name's id in the catalogue. */
export const THEME_CHOICES: readonly { value: ThemeChoice; messageId: string }[] = [
  { value: 'system', messageId: 'app.theme.system' },
  { value: 'light', messageId: 'app.theme.light' },
  { value: 'dark', messageId: 'app.theme.dark' },
];

const LIGHT_QUERY = '(prefers-color-scheme: light)';
const listeners = new Set<() => void>();

function storedChoice(): ThemeChoice {
  const stored = readStored(STORAGE_KEYS.theme);
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

let choice: ThemeChoice = typeof window === 'undefined' ? 'system' : storedChoice();

function resolve(wanted: ThemeChoice): Theme {
  if (wanted !== 'system') return wanted;
  return window.matchMedia(LIGHT_QUERY).matches ? 'light' : 'dark';
}

function apply(): void {
  document.documentElement.dataset.theme = resolve(choice);
  for (const listener of listeners) listener();
}

export function setThemeChoice(next: ThemeChoice): void {
  choice = next;
  if (next === 'system') removeStored(STORAGE_KEYS.theme);
  else writeStored(STORAGE_KEYS.theme, next);
  apply();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** The person's choice and the theme in effect, re-rendering when either changes. */
export function useTheme(): { choice: ThemeChoice; theme: Theme } {
  const current = useSyncExternalStore(subscribe, () => choice);
  const theme = useSyncExternalStore(subscribe, () => resolve(current));
  return { choice: current, theme };
}

if (typeof window !== 'undefined') {
  // The device switching between light and dark (at dusk, say) while the page is open.
  window.matchMedia(LIGHT_QUERY).addEventListener('change', () => {
    if (choice === 'system') apply();
  });
  // Another tab changing the choice.
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEYS.theme) return;
    choice = storedChoice();
    apply();
  });
  apply();
}
