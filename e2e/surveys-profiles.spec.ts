import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './support/test.ts';
import { CONSENT_ANONYMOUS, CONSENT_SHARE } from '../packages/contract/src/constants.ts';
import { E2E_BASE_URL } from './support/env.ts';
import { axeViolations } from './support/axe.ts';
import { createMission, createUser, expectNoA11yViolations, rpc, signIn, signedInUser, withRoleProfile } from './support/app.ts';

/**
 * Journeys of the dashboard status card, Open Survey with the anonymity choice both ways,
 * the embedded survey forms, Mark as Completed, and creating, editing and reading the role profile.
 */

test.use({ viewport: { width: 1280, height: 900 } });

const PROGRAMME = 'Community Mission Game 2025';
const ALL_MISSING =
  'Please fill in all required fields: Name this role, Role Archetype, Your intention or purpose, Higher objective (Maqāşid), ' +
  'Skills and resources, Knowledge and experience, Community need you see, How you plan to serve, First action in the next 7 days';
const PROFILE_ALERT = "Sorry — we couldn't load your profile right now. Please try again.";

function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

function statusCard(page: Page, heading: string) {
  return page.getByRole('region', { name: heading, exact: true });
}

async function frameParams(page: Page, title: string): Promise<URLSearchParams & { url: URL }> {
  const frame = page.locator(`iframe[title="${title}"]`);
  await expect(frame).toBeVisible();
  const src = await frame.getAttribute('src');
  const url = new URL(src ?? '');
  return Object.assign(url.searchParams, { url });
}

async function localFlags(page: Page) {
  return page.evaluate(() => ({
    made: localStorage.getItem('anonymity_choice_made'),
    anonymous: localStorage.getItem('is_anonymous'),
    guid: localStorage.getItem('anonymous_guid'),
  }));
}

async function serverMetadata(page: Page): Promise<Record<string, unknown>> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  // The stored copy may predate the session refresh; supabase-js keeps the current one.
  const current = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('sb-') && name.endsWith('-auth-token'));
    return key ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token : null;
  });
  const response = await fetch(`${E2E_BASE_URL}/auth/v1/user`, { headers: { apikey: 'mission-control', authorization: `Bearer ${current ?? token}` } });
  const body = (await response.json()) as { user_metadata: Record<string, unknown> };
  return body.user_metadata;
}

async function fillProfile(page: Page, values: { title: string; intention: string }) {
  await page.getByLabel('Name this role').fill(values.title);
  await page.getByLabel('Role Archetype').selectOption('Connector');
  await page.getByLabel('Your intention or purpose').fill(values.intention);
  await page.getByLabel('Higher objective (Maqāşid)').selectOption('Intellect & Knowledge');
  await page.getByLabel('Skills and resources').fill('Facilitation, a meeting room');
  await page.getByLabel('Knowledge and experience').fill('Community organising since 2015');
  await page.getByLabel('Community need you see').fill('Young people without mentors');
  await page.getByLabel('How you plan to serve').fill('Pair each newcomer with a mentor');
  await page.getByLabel('First action in the next 7 days').fill('List ten possible mentors');
}

/**
 * axe on a survey page, leaving out the embedded form: it is the organisers' external page (here
 * the built-in demo), whose own landmarks are not ours to fix. The frame itself must have a title.
 */
async function expectNoA11yViolationsOutsideFrame(page: Page) {
  const violations = await axeViolations(page, 'iframe');
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  await expect(page.locator('iframe')).toHaveAttribute('title', /survey form$/);
}

function requiredMark(page: Page, formField: string) {
  return page.locator(`label[for="role-profile-${formField}"] span[aria-hidden="true"]`);
}

test.describe('surveys, anonymity and the role profile', () => {
  test('sign up → stay anonymous → survey → Mark as Completed → Ready → create profile → Active → edit → view', async ({ page }) => {
    // Sign up through the real screen.
    const email = `survey-${randomUUID().slice(0, 10)}@example.org`;
    await page.goto('/signup');
    await page.getByLabel('First Name').fill('Nadia');
    await page.getByLabel('Last Name').fill('Rahman');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Date of Birth').fill('1991-02-03');
    await page.getByLabel('Mobile Number').fill('821112233');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await expect(page.getByRole('heading', { level: 1, name: `Welcome: ${PROGRAMME}` })).toBeVisible();
    await expect(page.getByRole('main').getByText(email, { exact: true })).toBeVisible();
    const required = statusCard(page, 'Complete Survey Required');
    await expect(required.getByText('Please complete the survey to unlock role profile creation.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Mission' })).toBeDisabled();
    await expectNoA11yViolations(page);

    // Open Survey with no choice stored: the anonymity dialog.
    await page.getByRole('button', { name: 'Open Survey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Do you want to stay anonymous?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Choose whether you want to remain anonymous or share your name and contact details.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'I want to share my name and contact details.' })).toBeVisible();
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Stay anonymous' }).click();

    // The embedded pre-conference form, prefilled with the new guid only.
    await expect(page).toHaveURL(/\/pre-conference$/);
    const flags = await localFlags(page);
    expect(flags).toMatchObject({ made: 'true', anonymous: 'true' });
    expect(flags.guid).toMatch(/^[0-9a-f-]{36}$/);
    const params = await frameParams(page, 'Pre-conference survey form');
    expect(params.url.pathname).toBe('/demo-survey/pre');
    expect([...params.entries()]).toEqual([
      ['user_id', flags.guid],
      ['consent_choice', CONSENT_ANONYMOUS],
      ['usp', 'pp_url'],
      ['embedded', 'true'],
    ]);
    expect((await page.locator('iframe[title="Pre-conference survey form"]').boundingBox())?.height).toBe(900);
    await expect(page.frameLocator('iframe[title="Pre-conference survey form"]').getByText(flags.guid ?? 'missing')).toBeVisible();
    // Recorded on the server too (user metadata).
    await expect.poll(() => serverMetadata(page)).toMatchObject({ is_anonymous: true, anonymity_choice_made: true, anonymous_guid: flags.guid });
    await expectNoA11yViolationsOutsideFrame(page);

    await page.getByRole('button', { name: 'Mark as Completed' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const ready = statusCard(page, 'Ready to Create Profile');
    await expect(ready.getByText('Ready', { exact: true })).toBeVisible();
    await expect(ready.getByText('Build your professional role profile and showcase your skills.')).toBeVisible();
    await expect(ready.getByText('~5 min')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Mission' })).toBeDisabled();

    // Create the role profile: the empty form names every field, in the documented order.
    await ready.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/role-profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create Your Role Profile' })).toBeVisible();
    await expect(page.getByText("Define your purpose, skills, and how you'll contribute to the community")).toBeVisible();
    await expect(page.locator('form label span[aria-hidden="true"]')).toHaveCount(9);
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(toast(page, ALL_MISSING)).toBeVisible();
    await expect(page).toHaveURL(/\/role-profile$/);

    // The asterisk follows the documented rule (docs/product.md#role-profile-form): gone once touched and filled, back when emptied again.
    await page.getByLabel('Name this role').fill('x');
    await expect(requiredMark(page, 'roleTitle')).toHaveCount(0);
    await page.getByLabel('Name this role').fill('');
    await expect(requiredMark(page, 'roleTitle')).toHaveCount(1);
    await page.getByLabel('Name this role').fill('   ');
    await expect(requiredMark(page, 'roleTitle')).toHaveCount(1);

    await fillProfile(page, { title: '  Mentor matcher  ', intention: 'Help newcomers find their footing' });
    await page.getByLabel('Community need you see').fill('  ');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(toast(page, 'Please fill in all required fields: Community need you see')).toBeVisible();
    await page.getByLabel('Community need you see').fill('Young people without mentors');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(toast(page, 'Profile saved successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);

    const active = statusCard(page, 'Your Role Profile');
    await expect(active.getByText('Active', { exact: true })).toBeVisible();
    await expect(active.getByText('Your professional profile is live and ready.')).toBeVisible();
    await expect(active.getByText('Mentor matcher', { exact: true })).toBeVisible();
    await expect(active.getByText('Connector', { exact: true })).toBeVisible();
    await expect(active.getByText('Intellect & Knowledge', { exact: true })).toBeVisible();
    await expect(active.getByText('Help newcomers find their footing')).toBeVisible();
    await expect(active.getByText('Facilitation, a meeting room')).toBeVisible();
    await expect(active.getByText(/^Last updated: [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Mission' })).toBeEnabled();
    await expectNoA11yViolations(page);

    // Edit: the form starts from the saved answers, and saving updates them.
    await active.getByRole('link', { name: 'Edit Profile' }).click();
    await expect(page).toHaveURL(/\/role-profile$/);
    await expect(page.getByLabel('Name this role')).toHaveValue('Mentor matcher');
    await expect(page.getByLabel('Role Archetype')).toHaveValue('Connector');
    await page.getByLabel('Name this role').fill('Mentor network lead');
    await page.getByLabel('Role Archetype').selectOption('Leader');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(toast(page, 'Profile saved successfully!').last()).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(statusCard(page, 'Your Role Profile').getByText('Mentor network lead', { exact: true })).toBeVisible();

    // Read it on My Role Profile.
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Profile', exact: true }).click();
    await expect(page).toHaveURL(/\/view-role-profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Role Profile' })).toBeVisible();
    const details = page.locator('dl');
    const expected: [string, string][] = [
      ['Role Title', 'Mentor network lead'],
      ['Role Archetype', 'Leader'],
      ['High Objective', 'Intellect & Knowledge'],
      ['Intention', 'Help newcomers find their footing'],
      ['Skills & Resources', 'Facilitation, a meeting room'],
      ['Knowledge & Experience', 'Community organising since 2015'],
      ['Community Need', 'Young people without mentors'],
      ['Contribution', 'Pair each newcomer with a mentor'],
      ['First Action (Next 7 Days)', 'List ten possible mentors'],
      ['Status', 'Active'],
    ];
    for (const [term, value] of expected) {
      await expect(
        details
          .locator('div')
          .filter({ has: page.locator('dt', { hasText: new RegExp(`^${term.replace(/[()&]/g, '\\$&')}$`) }) })
          .locator('dd'),
      ).toHaveText(value);
    }
    // The Role ID as a short reference, the whole id on hover.
    await expect(page.getByTestId('role-id')).toHaveText(/^[0-9A-F]{8}$/);
    await expect(page.getByTestId('role-id').locator('abbr')).toHaveAttribute('title', /^[0-9a-f-]{36}$/);
    await expect(details.locator('dd').filter({ hasText: /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/ })).toHaveCount(2);
    await expect(page.getByRole('link', { name: 'Edit Profile' })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('share: records the choice, prefills id, name, e-mail and mobile; next time goes straight to the survey', async ({ page }) => {
    const user = await signedInUser(page, { firstName: 'Yusuf', lastName: 'Adeyemi', mobile: '+27829998877' });
    await page.getByRole('button', { name: 'Open Survey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Do you want to stay anonymous?' });
    await dialog.getByRole('button', { name: 'I want to share my name and contact details.' }).click();
    await expect(page).toHaveURL(/\/pre-conference$/);

    const params = await frameParams(page, 'Pre-conference survey form');
    expect(Object.fromEntries(params.entries())).toEqual({
      user_id: user.id,
      name: 'Yusuf Adeyemi',
      email: user.email.toLowerCase(),
      mobile: '+27829998877',
      consent_choice: CONSENT_SHARE,
      usp: 'pp_url',
      embedded: 'true',
    });
    expect(await localFlags(page)).toEqual({ made: 'true', anonymous: 'false', guid: null });
    await expect.poll(() => serverMetadata(page)).toMatchObject({ is_anonymous: false, anonymity_choice_made: true, anonymous_guid: null });
    await expect(page.frameLocator('iframe[title="Pre-conference survey form"]').getByText('Yusuf Adeyemi')).toBeVisible();

    // The choice is stored: Open Survey no longer asks.
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('button', { name: 'Open Survey' }).click();
    await expect(page).toHaveURL(/\/pre-conference$/);
    expect((await frameParams(page, 'Pre-conference survey form')).get('user_id')).toBe(user.id);

    // Signed in again on a fresh device: the choice comes back from the claims.
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    await signIn(page, user);
    await page.getByRole('button', { name: 'Open Survey' }).click();
    await expect(page).toHaveURL(/\/pre-conference$/);
    expect((await frameParams(page, 'Pre-conference survey form')).get('consent_choice')).toBe(CONSENT_SHARE);
  });

  test('share without a loadable app user shows the alert and keeps the dialog open', async ({ page }) => {
    await signedInUser(page);
    await page.route('**/rest/v1/rpc/get_user_by_auth', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
    await page.getByRole('button', { name: 'Open Survey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Do you want to stay anonymous?' });
    await dialog.getByRole('button', { name: 'I want to share my name and contact details.' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(PROFILE_ALERT);
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect((await localFlags(page)).made).toBe('true');
  });

  test('when recording the choice fails, it is still kept locally and the survey opens', async ({ page }) => {
    await signedInUser(page);
    await page.route('**/auth/v1/user', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":500,"error_code":"unexpected_failure","msg":"down"}' })
        : route.fallback(),
    );
    await page.getByRole('button', { name: 'Open Survey' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Stay anonymous' }).click();
    await expect(page).toHaveURL(/\/pre-conference$/);
    const flags = await localFlags(page);
    expect(flags).toMatchObject({ made: 'true', anonymous: 'true' });
    expect((await frameParams(page, 'Pre-conference survey form')).get('user_id')).toBe(flags.guid);
  });

  test('post-conference: a 1400 px prefilled frame; Mark as Completed records it and hides the sidebar item', async ({ page }) => {
    const user = await createUser({ firstName: 'Lina', lastName: 'Haddad' });
    await withRoleProfile(user);
    await createMission(user);
    await signIn(page, user);
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await sidebar.getByRole('link', { name: 'Post-Conference' }).click();
    await expect(page).toHaveURL(/\/post-conference$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Post-Conference Survey' })).toBeVisible();
    const params = await frameParams(page, 'Post-conference survey form');
    expect(params.url.pathname).toBe('/demo-survey/post');
    expect(Object.fromEntries(params.entries())).toMatchObject({
      user_id: user.id,
      name: 'Lina Haddad',
      consent_choice: CONSENT_SHARE,
      usp: 'pp_url',
      embedded: 'true',
    });
    expect((await page.locator('iframe[title="Post-conference survey form"]').boundingBox())?.height).toBe(1400);

    await page.getByRole('button', { name: 'Mark as Completed' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await rpc(user, 'get_survey_status', { p_user_id: user.id })).toEqual([{ pre_survey_completed: true, post_survey_completed: true }]);
    await expect(sidebar.getByRole('link', { name: 'Post-Conference' })).toHaveCount(0);
  });

  test('before the survey: no profile yet, and the server refuses a profile with its message', async ({ page }) => {
    await signedInUser(page);
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Profile', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'No Profile Yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit Profile' })).toHaveCount(0);
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Create Role Profile on Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/role-profile');
    await fillProfile(page, { title: 'Early bird', intention: 'Get ahead' });
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(toast(page, 'Please complete the pre-conference survey before creating your role profile')).toBeVisible();
    await expect(page).toHaveURL(/\/role-profile$/);
  });
});
