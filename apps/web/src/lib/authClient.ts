import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@mc/contract';
import { initialAuthRedirect } from './authRedirect';
import { i18n } from '../i18n/i18n';

type Client = SupabaseClient<Database>;

/**
 * Where supabase-js keeps the session: its default key for this origin (the client in ./supabase
 * sets the same one explicitly, so sessions kept before stay valid).
 */
export const AUTH_STORAGE_KEY = `sb-${typeof window === 'undefined' ? 'localhost' : window.location.hostname.split('.')[0]}-auth-token`;

/** What a sign-in, sign-up or reset says when the client's code cannot be fetched (no network on a first visit). */
export const clientLoadFailedMessage = (): string => i18n._('network.clientLoadFailed');

let loading: Promise<Client> | null = null;
const loadListeners = new Set<(client: Client) => void>();
let loaded: Client | null = null;

/**
 * The auth and procedure client (supabase-js, about 45 KB compressed) is fetched when it is first
 * needed, not before /signin can be used: at start when this device keeps a session or the address
 * carries an auth link, else when the person begins on a sign-in, sign-up or reset form, or when
 * another tab signs in (docs/decisions/022-compiled-server-and-precompressed-assets.md). A failed fetch may be retried.
 */
export function loadSupabase(): Promise<Client> {
  if (!loading) {
    const attempt = import('./supabase').then(
      ({ supabase }) => {
        loaded = supabase;
        for (const listener of loadListeners) listener(supabase);
        return supabase;
      },
      (error: unknown) => {
        console.error('Could not load supabase-js', error);
        throw new Error(clientLoadFailedMessage());
      },
    );
    attempt.catch(() => {
      if (loading === attempt) loading = null;
    });
    loading = attempt;
  }
  return loading;
}

/** Calls listener once the client exists (at once if it does already); returns the unsubscribe. */
export function onSupabaseLoaded(listener: (client: Client) => void): () => void {
  if (loaded) {
    listener(loaded);
    return () => undefined;
  }
  loadListeners.add(listener);
  return () => loadListeners.delete(listener);
}

/** True when the app needs the client at once: a session is kept on this device, or the address carries one. */
export function authClientNeededAtStart(): boolean {
  if (initialAuthRedirect.carriesAuth) return true;
  try {
    return window.localStorage.getItem(AUTH_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}
