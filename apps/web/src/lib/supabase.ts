import { createClient } from '@supabase/supabase-js';
import type { Database } from '@mc/contract';
import { AUTH_STORAGE_KEY } from './authClient';
import { networkFetch } from './network';
import { currentLanguage } from '../i18n/i18n';

/** The API key is not a secret: our server speaks the Supabase protocol on the app's own origin. */
export const SUPABASE_ANON_KEY = 'mission-control';

/**
 * Typed by the contract: rpc() checks each procedure's parameters and knows its answer. Code that
 * /signin loads gets it through loadSupabase() (./authClient); screens only signed-in people reach
 * may import it directly.
 */
/** A call in the interface's language: the server answers its messages in it (docs/product.md#languages). */
function inInterfaceLanguage(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('accept-language', currentLanguage());
  return networkFetch(input, { ...init, headers });
}

export const supabase = createClient<Database>(window.location.origin, SUPABASE_ANON_KEY, {
  // Every call goes through the app's one network layer: a time limit, and offline mode when the
  // network lies (docs/decisions/029-a-network-that-lies.md).
  global: { fetch: inInterfaceLanguage },
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, storageKey: AUTH_STORAGE_KEY },
});
