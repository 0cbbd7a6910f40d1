import { createClient } from '@supabase/supabase-js';
import type { Database } from '@mc/contract';
import { AUTH_STORAGE_KEY } from './authClient';
import { networkFetch } from './network';

/** The API key is not a secret: our server speaks the Supabase protocol on the app's own origin. */
export const SUPABASE_ANON_KEY = 'mission-control';

/**
 * Typed by the contract: rpc() checks each procedure's parameters and knows its answer. Code that
 * /signin loads gets it through loadSupabase() (./authClient); screens only signed-in people reach
 * may import it directly.
 */
export const supabase = createClient<Database>(window.location.origin, SUPABASE_ANON_KEY, {
  // Every call goes through the app's one network layer: a time limit, and offline mode when the
  // network lies (docs/decisions/029-a-network-that-lies.md).
  global: { fetch: networkFetch },
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, storageKey: AUTH_STORAGE_KEY },
});
