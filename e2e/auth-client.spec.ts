import { expect, test } from './support/test.ts';
import { createUser, screenReady, trackApiCalls } from './support/app.ts';

/**
 * The auth client (supabase-js) is not part of what /signin needs before it can be used: it loads
 * when someone starts on the form, when a session is kept, or when another tab signs in
 * (docs/decisions/022-compiled-server-and-precompressed-assets.md). These journeys hold the behaviour to what it was.
 */
const isAuthClient = (url: string) => /\/assets\/supabase-[^/]+\.js$/.test(new URL(url).pathname);

test('/signin is usable before the auth client loads; starting on the form loads it, and signing in works', async ({ page }) => {
  const user = await createUser();
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(request.url()));
  trackApiCalls(page);
  await page.goto('/signin');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  await screenReady(page, page.getByRole('button', { name: 'Sign In' }));
  expect(fetched.filter(isAuthClient)).toEqual([]);

  const loaded = page.waitForRequest((request) => isAuthClient(request.url()));
  await page.getByLabel('Email').focus();
  await loaded;
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Date of Birth').fill(user.dateOfBirth);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Signed in successfully!')).toBeVisible();

  // A kept session needs the client at once: a reload stays signed in.
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Sign Out' }).first()).toBeAttached();
});

test('a wrong date of birth is refused with the server’s message, as before', async ({ page }) => {
  const user = await createUser();
  await page.goto('/signin');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Date of Birth').fill('1970-01-01');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid login credentials')).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
});

test('a tab left on the landing page follows when another tab signs in', async ({ context }) => {
  const user = await createUser();
  const waiting = await context.newPage();
  await waiting.goto('/');
  await expect(waiting.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();

  const signing = await context.newPage();
  await signing.goto('/signin');
  await signing.getByLabel('Email').fill(user.email);
  await signing.getByLabel('Date of Birth').fill(user.dateOfBirth);
  await signing.getByRole('button', { name: 'Sign In' }).click();
  await expect(signing).toHaveURL(/\/dashboard$/);

  await expect(waiting).toHaveURL(/\/dashboard$/);
});
