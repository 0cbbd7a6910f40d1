import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, type RenderResult } from '@testing-library/react';
import { vi } from 'vitest';
import type { ProcedureName, ProcedureParams, ProcedureResult } from '@mc/contract';
import { i18n } from '../src/i18n/i18n';
import { Toaster } from '../src/components/ui/Toaster';
import { AuthContext, type AuthContextValue } from '../src/lib/auth';
import { preloadToasts } from '../src/lib/notify';

/*
 * What a component test needs around a screen (docs/decisions/048-component-tests.md): the app's
 * English catalogue, a query cache of its own, a router, the signed-in person, the toasts, and a
 * server that answers procedures over the same fetch the app uses (supabase-js through
 * lib/network.ts), so the screen's calls, their errors and the offline layer run as written.
 */

type Handler<N extends ProcedureName> = (params: ProcedureParams<N>) => ProcedureResult<N> | ServerRefusal | Promise<ProcedureResult<N> | ServerRefusal>;
export type Procedures = { [N in ProcedureName]?: Handler<N> };

/** A refusal as PostgREST sends it: a business rule's (P0001) by default. */
export class ServerRefusal {
  constructor(
    readonly message: string,
    readonly code = 'P0001',
  ) {}
}

export interface FakeServer {
  /** Each procedure called, with its parameters, in order. */
  calls: Array<{ name: string; params: unknown }>;
  /** From now on every request fails as on a dead network. */
  goOffline: () => void;
}

/** Stubs fetch with a server that answers `procedures` (anything else is a 404, as the real one says). */
export function fakeServer(procedures: Procedures): FakeServer {
  const calls: FakeServer['calls'] = [];
  let offline = false;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (offline) throw new TypeError('Failed to fetch');
    const url = new URL(input instanceof Request ? input.url : String(input));
    const name = /^\/rest\/v1\/rpc\/(\w+)$/.exec(url.pathname)?.[1];
    const handler = name ? (procedures as Record<string, (params: unknown) => unknown>)[name] : undefined;
    if (!name || !handler) return Response.json({ message: `Nothing at ${init.method ?? 'GET'} ${url.pathname}` }, { status: 404 });
    const params: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : {};
    calls.push({ name, params });
    const answer = await handler(params);
    if (answer instanceof ServerRefusal) return Response.json({ code: answer.code, message: answer.message, details: null, hint: null }, { status: 400 });
    return Response.json(answer);
  });
  return {
    calls,
    goOffline: () => {
      offline = true;
    },
  };
}

/** A signed-in attendee as the auth layer describes them; tests override what they need. */
export function signedIn(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  const refused = () => Promise.resolve({ error: new Error('not in this test') });
  return {
    status: 'signedIn',
    session: null,
    user: { id: 'user-1', app_metadata: {}, user_metadata: {}, aud: 'authenticated', created_at: '2026-11-01T00:00:00Z' },
    isPasswordRecovery: false,
    needsSecondFactor: false,
    appUser: null,
    appUserLoading: false,
    refreshAppUser: () => Promise.resolve(null),
    signIn: () => Promise.resolve({ error: new Error('not in this test'), readyUserId: null }),
    signUp: refused,
    signOut: () => Promise.resolve(),
    requestPasswordReset: refused,
    updateDateOfBirth: refused,
    setAnonymity: () => Promise.resolve({ error: new Error('not in this test'), refreshError: null }),
    ...overrides,
  };
}

interface ScreenOptions {
  auth?: AuthContextValue;
  /** The address the screen is shown at. */
  at?: string;
  /** A cache to share with the test (to put a round in it, say); a fresh one otherwise. */
  queryClient?: QueryClient;
}

export function newQueryClient(): QueryClient {
  // No retries: a refusal shows at once, as the app shows a business error (it retries reads only after a network fault).
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { networkMode: 'always' } } });
}

/**
 * Renders `ui` as the app would show it to `auth`'s person. For someone signed in the toasts are up
 * before the screen is used, as in the app (lib/notify.ts: they load once someone is signed in).
 */
export async function renderScreen(
  ui: ReactElement,
  { auth = signedIn(), at = '/', queryClient = newQueryClient() }: ScreenOptions = {},
): Promise<RenderResult> {
  if (auth.status === 'signedIn') preloadToasts();
  const Providers = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[at]}>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <AuthContext.Provider value={auth}>
            {children}
            <Toaster />
          </AuthContext.Provider>
        </QueryClientProvider>
      </I18nProvider>
    </MemoryRouter>
  );
  const result = render(ui, { wrapper: Providers });
  if (auth.status === 'signedIn') await screen.findByRole('region', { name: /notifications/i });
  return result;
}
