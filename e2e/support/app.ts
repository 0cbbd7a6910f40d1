import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createHash, randomUUID } from 'node:crypto';
import { expect, type Locator, type Page, type Request } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import type { Session } from '@supabase/supabase-js';
import { encodeDateOfBirth } from '../../packages/contract/src/credential.ts';
import { readAnonymityClaims } from '../../apps/web/src/lib/anonymityClaims.ts';
import { STORAGE_KEYS } from '../../apps/web/src/lib/storage.ts';
import { E2E_BASE_URL, E2E_LOG_FILE } from './env.ts';
import { COMPILED_OPS } from '../../apps/server/test/process-harness.ts';
import { axeViolations } from './axe.ts';

/** Helpers for browser journeys: fast set-up through the real API, and checks every screen shares. */

/**
 * The server the helpers below set people up on: the journeys' server, unless a spec runs its own
 * (with other settings) and points them there with useServer for its tests, then back with useServer().
 */
let server: { url: string; dataDir: string | undefined } = { url: E2E_BASE_URL, dataDir: undefined };

export function useServer(other?: { url: string; dataDir: string }): void {
  server = other ?? { url: E2E_BASE_URL, dataDir: undefined };
}

export interface E2EUser {
  email: string;
  dateOfBirth: string;
  password: string;
  firstName: string;
  lastName: string;
  mobile: string;
  id: string;
  /** The session the server answered, as supabase-js keeps it. */
  session: Session;
}

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}.${Date.now().toString(36)}.${randomUUID().slice(0, 8)}@example.org`;
}

/** Signs a new user up through /auth/v1/signup, as the sign-up screen would. */
export async function createUser(overrides: Partial<Pick<E2EUser, 'email' | 'dateOfBirth' | 'firstName' | 'lastName' | 'mobile'>> = {}): Promise<E2EUser> {
  const email = overrides.email ?? uniqueEmail();
  const dateOfBirth = overrides.dateOfBirth ?? '1992-07-14';
  const password = encodeDateOfBirth(dateOfBirth);
  const firstName = overrides.firstName ?? 'Test';
  const lastName = overrides.lastName ?? `Pilot${randomUUID().slice(0, 4)}`;
  const mobile = overrides.mobile ?? '+27821234567';
  const response = await fetch(`${server.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: 'mission-control' },
    body: JSON.stringify({ email, password, data: { first_name: firstName, last_name: lastName, date_of_birth: password, mobile_number: mobile } }),
  });
  const session = (await response.json()) as Session;
  if (!response.ok) throw new Error(`sign-up failed: ${JSON.stringify(session)}`);
  return { email, dateOfBirth, password, firstName, lastName, mobile, id: session.user.id, session };
}

/** Calls a procedure as the user, e.g. to put them in a state a test starts from. */
export async function rpc<T>(user: E2EUser, name: string, params: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${server.url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: 'mission-control', authorization: `Bearer ${user.session.access_token}` },
    body: JSON.stringify(params),
  });
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${name} failed: ${JSON.stringify(body)}`);
  return body;
}

/**
 * Finishes the user's pre-conference survey and writes their role profile through the API: the
 * state in which the product lets a person create a mission (docs/product.md#who-may-do-what).
 */
export async function withRoleProfile(user: E2EUser): Promise<E2EUser> {
  await rpc(user, 'mark_survey_completed', { p_user_id: user.id, p_survey_type: 'pre_survey_completed' });
  await rpc(user, 'create_role_profile', {
    p_user_id: user.id,
    p_intention: 'Serve the community',
    p_skills_and_resources: 'Logistics',
    p_knowledge_and_experience: 'Ten years of events',
    p_community_need: 'Clean water',
    p_contribution: 'Organising',
    p_first_action_next_7_days: 'Call the council',
    p_role_title: 'Navigator',
    p_high_objective: 'Life & Well-being',
    p_role_archype: 'Connector',
  });
  return user;
}

export interface CreatedMission {
  mission_id: string;
  name: string;
}

/** Creates a mission as `owner` (who needs a role profile) through the API; `fields` override the defaults. */
export async function createMission(owner: E2EUser, fields: Record<string, unknown> = {}): Promise<CreatedMission> {
  const rows = await rpc<CreatedMission[]>(owner, 'create_mission', {
    p_creator_id: owner.id,
    p_name: `Mission ${randomUUID().slice(0, 6)}`,
    p_shared_intention: 'Work together on it',
    p_objective_or_focus: 'Family & Care',
    p_statement: 'A statement about the mission',
    p_core_message: 'Together we can',
    p_problem_being_solved: 'A problem worth solving',
    p_first_team_action: 'Meet on Monday',
    p_member_ids: [],
    ...fields,
  });
  const row = rows[0];
  if (!row) throw new Error('create_mission answered no row');
  return row;
}

/** Makes the user an organiser the way an operator does: `npm run organiser -- grant EMAIL`. */
export function makeOrganiser(user: Pick<E2EUser, 'email'>): void {
  const dataDir = server.dataDir ?? process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: the global set-up did not run');
  execFileSync(process.execPath, [COMPILED_OPS, 'organiser', 'grant', user.email], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: server.dataDir ? '' : (process.env.E2E_DATABASE_URL ?? ''), LOG_LEVEL: 'silent' },
    stdio: 'pipe',
  });
}

/** Signs in through the real sign-in screen and waits for the dashboard. */
export async function signInViaUi(page: Page, user: Pick<E2EUser, 'email' | 'dateOfBirth'>): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Date of Birth').fill(user.dateOfBirth);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Leaves the person signed in on this page's device as the sign-in screen leaves them (the session
 * supabase-js keeps, the copies of its tokens and the anonymity flags) and opens `path`, without
 * showing the sign-in screen: for the journeys about something else, it spares each the loading
 * of a screen it does not look at (about a second of a busy machine's CPU). The sign-in screen's
 * own journeys, and those that follow how it settles the account's language, use signInViaUi.
 */
export async function signIn(page: Page, user: Pick<E2EUser, 'email' | 'password'>, path = '/dashboard'): Promise<void> {
  await openAppOrigin(page);
  // Asked from the page, so the server records the session as this browser's, as after the screen.
  const session = await page.evaluate(async ({ email, password }) => {
    const response = await fetch('/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: 'mission-control' },
      body: JSON.stringify({ email, password }),
    });
    if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as Session;
  }, user);
  await keepSession(page, session, path);
}

/** localStorage belongs to the app's origin: a small file of that origin is opened to write it. */
async function openAppOrigin(page: Page): Promise<void> {
  await page.goto('/logo.svg');
}

/** Stores `session` on the device of the page (open at the app's origin) as the app does after a sign-in, and opens `path`. */
async function keepSession(page: Page, session: Session, path: string): Promise<void> {
  const claims = readAnonymityClaims(session);
  const stored: [string, string][] = [
    [STORAGE_KEYS.accessToken, session.access_token],
    [STORAGE_KEYS.refreshToken, session.refresh_token],
  ];
  if (claims?.anonymity_choice_made === true) {
    stored.push([STORAGE_KEYS.anonymityChoiceMade, 'true'], [STORAGE_KEYS.isAnonymous, String(claims.is_anonymous === true)]);
    if (typeof claims.anonymous_guid === 'string' && claims.anonymous_guid) stored.push([STORAGE_KEYS.anonymousGuid, claims.anonymous_guid]);
  }
  await page.evaluate(
    ({ kept, entries }) => {
      // supabase-js's own key for this origin, as AUTH_STORAGE_KEY (apps/web/src/lib/authClient.ts) names it.
      localStorage.setItem(`sb-${location.hostname.split('.')[0]}-auth-token`, kept);
      for (const [key, value] of entries) localStorage.setItem(key, value);
    },
    { kept: JSON.stringify(session), entries: stored },
  );
  await page.goto(path);
}

/** A new signed-in user on the dashboard. */
export async function signedInUser(page: Page, overrides: Parameters<typeof createUser>[0] = {}): Promise<E2EUser> {
  const user = await createUser(overrides);
  await signIn(page, user);
  return user;
}

/**
 * The link in the newest mail to this address: a reset link, or a notification e-mail's unsubscribe
 * link (the server keeps mails in the outbox without their link and logs it when no SMTP is set).
 */
export async function readMailedLink(email: string): Promise<string> {
  // A notification e-mail is written by a pass about a second after the change: a loaded machine may take longer.
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const lines = readFileSync(E2E_LOG_FILE, 'utf8').split('\n').filter(Boolean);
    const entries = lines.flatMap((line) => {
      try {
        return [JSON.parse(line) as { mailId?: string; recipient?: string; link?: string }];
      } catch {
        return [];
      }
    });
    // The server's debug line tags the recipient (mail/recipient.ts), never writing the address.
    const tag = createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 16);
    const mailIds = entries.filter((entry) => entry.recipient === tag && entry.mailId).map((entry) => entry.mailId);
    const lastId = mailIds.at(-1);
    const link = entries.find((entry) => entry.mailId === lastId && entry.link)?.link;
    if (lastId && link) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail with a link for ${email} in ${E2E_LOG_FILE}`);
}

const apiCallsInFlight = new WeakMap<Page, Set<Request>>();

/**
 * From now on, keeps count of the page's calls to the server (fetch and XHR; not documents, frames,
 * images or scripts), for `screenReady`. Playwright's "networkidle" also waits for frames, and the
 * survey screen's embedded form once kept it from ever firing on a loaded machine.
 */
export function trackApiCalls(page: Page): void {
  if (apiCallsInFlight.has(page)) return;
  const inFlight = new Set<Request>();
  apiCallsInFlight.set(page, inFlight);
  page.on('request', (request) => {
    if (['fetch', 'xhr'].includes(request.resourceType())) inFlight.add(request);
  });
  const settled = (request: Request) => inFlight.delete(request);
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
}

/**
 * Waits until the screen has drawn its data: the marker is visible and no call to the server has
 * been in flight for half a second (a screen often starts its next call as the previous one answers).
 */
export async function screenReady(page: Page, marker: Locator): Promise<void> {
  const inFlight = apiCallsInFlight.get(page);
  if (!inFlight) throw new Error('screenReady needs trackApiCalls(page) before the page loads');
  await expect(marker.first()).toBeVisible();
  let quietSince = Date.now();
  await expect
    .poll(
      () => {
        if (inFlight.size > 0) quietSince = Date.now();
        return Date.now() - quietSince >= 500;
      },
      { intervals: [100], timeout: 30_000, message: 'calls to the server still in flight' },
    )
    .toBe(true);
}

/** Fails the test on any axe-core violation on the page as it is now. */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  // Colours still moving (a theme just switched, a dialog fading in) would be read half-way: wait
  // for every animation that ends (a spinner's never does) before axe reads the page.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const summary = (await axeViolations(page)).map(
    (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

/** The code an authenticator app shows for this secret during 30-second step `step` (Unix time ÷ 30 s). */
export function authenticatorCode(secret: string, step: number): string {
  // The code of one exact 30-second step, not of "now": a step worked out a moment earlier must not
  // turn into the next one because the clock moved on in between.
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: step * 30_000 });
}

/**
 * Sets up an authenticator for the user through the API (as supabase-js's auth.mfa does) and
 * answers its secret. The set-up uses the current code, so a sign-in uses the next one.
 */
export async function withAuthenticator(user: E2EUser): Promise<string> {
  return (await enrolAuthenticator(user)).secret;
}

/**
 * Makes the user an organiser, sets up their authenticator and answers them with the session that
 * set-up gave (raised to the second factor), so organiser procedures can be called through the API.
 */
export async function organiserViaApi(user: E2EUser): Promise<E2EUser> {
  makeOrganiser(user);
  const { session } = await enrolAuthenticator(user);
  return { ...user, session };
}

async function enrolAuthenticator(user: E2EUser): Promise<{ secret: string; session: E2EUser['session'] }> {
  const call = async <T>(path: string, body: Record<string, unknown>): Promise<T> => {
    const response = await fetch(`${server.url}/auth/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: 'mission-control', authorization: `Bearer ${user.session.access_token}` },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as T;
    if (!response.ok) throw new Error(`${path} failed: ${JSON.stringify(answer)}`);
    return answer;
  };
  const factor = await call<{ id: string; totp: { secret: string } }>('/factors', { factor_type: 'totp' });
  const challenge = await call<{ id: string }>(`/factors/${factor.id}/challenge`, {});
  // The verified answer is the session raised to the second factor, as supabase-js stores it.
  // The current code: the server still takes it if its clock turns to the next step before it
  // checks, where the previous code would then be refused.
  const step = Math.floor(Date.now() / 30_000);
  const session = await call<E2EUser['session']>(`/factors/${factor.id}/verify`, {
    challenge_id: challenge.id,
    code: authenticatorCode(factor.totp.secret, step),
  });
  lastStepUsed.set(factor.totp.secret, step);
  return { secret: factor.totp.secret, session };
}

/** The last 30-second step used per secret in this worker: a code works once, so each sign-in needs a newer one. */
const lastStepUsed = new Map<string, number>();

/**
 * Answers the code prompt that follows the sign-in of someone with an authenticator, with a code
 * newer than any used before. The server takes the codes of the steps next to its clock, each once:
 * set-up uses the current one and a sign-in the next, so a journey that needs a second sign-in
 * signs in a new person rather than wait for the clock.
 */
export async function enterAuthenticatorCode(page: Page, secret: string): Promise<void> {
  const current = Math.floor(Date.now() / 30_000);
  const step = Math.max(current, (lastStepUsed.get(secret) ?? current - 2) + 1);
  if (step > current + 1) {
    throw new Error('this authenticator has used every code the server takes now: sign in a new person with their own authenticator instead');
  }
  lastStepUsed.set(secret, step);
  const prompt = page.getByLabel('Authentication code');
  const code = authenticatorCode(secret, step);
  await prompt.fill(code);
  await expect(prompt).toHaveValue(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  try {
    await expect(prompt).toHaveCount(0);
  } catch (stillAsked) {
    // Say what the prompt answered (a refused code, a limit), not only that it stayed. The ids
    // come from React's useId (with colons), so they are matched as attributes, not as #id.
    const describedBy = (await prompt.getAttribute('aria-describedby'))?.split(' ') ?? [];
    const said = (await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).allInnerTexts()))).flat();
    throw new Error(
      `the code prompt stayed after Verify with the code of step ${step} (now ${Math.floor(Date.now() / 30_000)}); it says: ${said.join(' ') || 'nothing'}`,
      { cause: stillAsked },
    );
  }
}

/**
 * A new organiser signed in on the page with their second factor, on the dashboard: the session
 * their authenticator's set-up raised, kept as after the code prompt (whose own journeys answer it
 * with enterAuthenticatorCode). Each is a new organiser: an authenticator code works once and the
 * server takes only the codes next to its clock.
 */
export async function signInAsNewOrganiser(page: Page, overrides: Parameters<typeof createUser>[0] = {}): Promise<E2EUser> {
  const organiser = await organiserViaApi(await createUser(overrides));
  await openAppOrigin(page);
  await keepSession(page, organiser.session, '/dashboard');
  return organiser;
}
