import { expect, test, type Page } from './support/test.ts';
import { encodeDateOfBirth } from '../packages/contract/src/credential.ts';
import { venueInstant } from '../packages/contract/src/agenda.ts';
import type { ProgrammeResponse } from '../packages/contract/src/programme.ts';
import { E2E_BASE_URL } from './support/env.ts';
import { createMission, createUser, expectNoA11yViolations, makeOrganiser, readMailedLink, rpc, signIn, uniqueEmail, withRoleProfile } from './support/app.ts';

/**
 * Web app shell journeys (routes, landing, sign-up, sign-in, reset, layout), in real Chromium against the real server
 * (e2e/support/global-setup.ts builds the app and starts it; the mail outbox is read from its log).
 */

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 740 };

interface TestUser {
  firstName: string;
  lastName: string;
  email: string;
  dateOfBirth: string;
  mobileDigits: string;
}

function newUser(overrides: Partial<TestUser> = {}): TestUser {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: uniqueEmail('shell'),
    dateOfBirth: '1990-05-17',
    mobileDigits: '821234567',
    ...overrides,
  };
}

function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

async function fillSignUp(page: Page, user: TestUser) {
  await page.getByLabel('First Name').fill(user.firstName);
  await page.getByLabel('Last Name').fill(user.lastName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Date of Birth').fill(user.dateOfBirth);
  await page.getByLabel('Mobile Number').fill(user.mobileDigits);
}

async function signUpViaUi(page: Page, user: TestUser = newUser()): Promise<TestUser> {
  await page.goto('/signup');
  await fillSignUp(page, user);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return user;
}

/** Fills and submits the sign-in form (the shared helper also waits for the dashboard; these tests need failures too). */
async function submitSignIn(page: Page, email: string, dateOfBirth: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Date of Birth').fill(dateOfBirth);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function signOutViaUi(page: Page) {
  const viewport = page.viewportSize();
  if (viewport && viewport.width < 1280) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
}

function waitForRpc(page: Page, name: string) {
  return page.waitForResponse((response) => response.url().endsWith(`/rest/v1/rpc/${name}`) && response.ok());
}

function isoYearsAgo(years: number): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() - years);
  return date.toISOString().slice(0, 10);
}

test.describe('landing', () => {
  test('types the product name, links to sign in and sign up', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Mission Control' })).toBeVisible();
    await expect(page.getByTestId('typed-title')).toHaveText('Mission Control', { timeout: 5_000 });
    await expect(page.getByRole('img', { name: /logo/ })).toBeVisible();
    await expect(page.getByText(/Join the community/)).toBeVisible();
    await expect(page.getByText('Community Mission Game 2025').first()).toBeVisible();
    await page.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await page.goto('/');
    await page.getByRole('link', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('sends a signed-in visitor to the dashboard', async ({ page }) => {
    await signUpViaUi(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('sign-up', () => {
  test('shows each validation message in order and stops', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await expect(page.getByText('Join us and start your journey')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Already have an account? Sign in', exact: true })).toHaveAttribute('href', '/signin');
    await expect(page.getByTestId('dial-code')).toHaveText(/\+27$/);
    const submit = page.getByRole('button', { name: 'Create Account' });

    const expectMessage = async (message: string) => {
      await submit.click();
      await expect(toast(page, message)).toBeVisible();
      await expect(page.locator('form').getByText(message, { exact: true })).toBeVisible();
    };

    await expectMessage('First name is required');
    await page.getByLabel('First Name').fill('Ada');
    await expectMessage('Last name is required');
    await page.getByLabel('Last Name').fill('Lovelace');
    await page.getByLabel('Email').fill('not an email');
    await expectMessage('Please enter a valid email address');
    await page.getByLabel('Email').fill('ada@example.com');
    await expectMessage('Date of birth is required');
    // A year typed short (0100 for 2000 or 1900): an age over 120 is refused with its own message.
    await page.getByLabel('Date of Birth').fill('0100-01-01');
    await expectMessage('Please check your date of birth: it cannot be more than 120 years ago');
    await page.getByLabel('Date of Birth').fill(isoYearsAgo(17));
    await expectMessage('You must be at least 18 years old to register');
    await page.getByLabel('Date of Birth').fill('1990-05-17');
    await expectMessage('Mobile number is required');
    await page.getByLabel('Mobile Number').fill('12ab-34');
    await expect(page.getByLabel('Mobile Number')).toHaveValue('1234');
    await expectMessage('Please enter a valid mobile number');
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('changing the country changes the dial code', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('Country').selectOption('GB');
    await expect(page.getByTestId('dial-code')).toHaveText(/\+44$/);
  });

  test('creates the account and lands on the dashboard', async ({ page }) => {
    await page.goto('/signup');
    const user = newUser();
    await fillSignUp(page, user);
    const submit = page.getByRole('button', { name: 'Create Account' });
    const signupRequest = page.waitForRequest((request) => request.url().includes('/auth/v1/signup'));
    await submit.click();
    const body = (await signupRequest).postDataJSON() as { password: string; data: Record<string, string> };
    expect(body.password).not.toContain(user.dateOfBirth);
    expect(body.data.date_of_birth).toBe(body.password);
    expect(body.data.mobile_number).toBe(`+27${user.mobileDigits}`);
    await expect(toast(page, 'Account created successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    const stored = await page.evaluate(() => [localStorage.getItem('access_token'), localStorage.getItem('refresh_token')]);
    expect(stored[0]).toBeTruthy();
    expect(stored[1]).toBeTruthy();
  });

  test('an e-mail already registered keeps the person on the form with the message', async ({ page }) => {
    const existing = await createUser();
    await page.goto('/signup');
    await fillSignUp(page, newUser({ email: existing.email }));
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.locator('[data-sonner-toast][data-type="error"]')).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  });
});

test.describe('sign-in and sign-out', () => {
  test.use({ viewport: DESKTOP, locale: 'en-US' });

  test('sign-out goes to /signin and clears the stored tokens and flags', async ({ page }) => {
    await signUpViaUi(page);
    await page.evaluate(() => {
      localStorage.setItem('anonymity_choice_made', 'true');
      localStorage.setItem('is_anonymous', 'true');
      localStorage.setItem('anonymous_guid', 'guid');
    });
    await signOutViaUi(page);
    const stored = await page.evaluate(() =>
      ['access_token', 'refresh_token', 'anonymity_choice_made', 'is_anonymous', 'anonymous_guid'].map((key) => localStorage.getItem(key)),
    );
    expect(stored).toEqual([null, null, null, null, null]);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('validates, refuses a wrong date of birth with the server message, then signs in', async ({ page }) => {
    const user = await createUser();
    await page.goto('/signin');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByText('Sign in to continue to your account')).toBeVisible();
    await expect(page.getByRole('link', { name: "Don't have an account? Sign up", exact: true })).toHaveAttribute('href', '/signup');

    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(toast(page, 'Email is required')).toBeVisible();
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(toast(page, 'Date of birth is required')).toBeVisible();

    await submitSignIn(page, user.email, '1991-01-01');
    const errorToast = page.locator('[data-sonner-toast][data-type="error"]').last();
    await expect(errorToast).toBeVisible();
    await expect(errorToast).not.toHaveText('');
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();

    await submitSignIn(page, user.email, user.dateOfBirth);
    await expect(toast(page, 'Signed in successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("a rate-limited sign-in shows the server's message", async ({ page, request }) => {
    const user = await createUser();
    let status = 0;
    for (let attempt = 0; attempt < 30 && status !== 429; attempt += 1) {
      const response = await request.post('/auth/v1/token?grant_type=password', {
        data: { email: user.email, password: encodeDateOfBirth('1970-01-01') },
        headers: { apikey: 'mission-control' },
      });
      status = response.status();
    }
    expect(status).toBe(429);
    await page.goto('/signin');
    await submitSignIn(page, user.email, user.dateOfBirth);
    await expect(toast(page, 'Too many failed sign-in attempts')).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('someone else’s wrong guesses never lock the owner out of a browser they signed in on', async ({ page, request }) => {
    const user = await createUser();
    await page.goto('/signin');
    await submitSignIn(page, user.email, user.dateOfBirth);
    await expect(page).toHaveURL(/\/dashboard$/);
    await signOutViaUi(page);
    // Someone else, elsewhere (this request context shares no cookies with the page), locks the account.
    let status = 0;
    for (let attempt = 0; attempt < 30 && status !== 429; attempt += 1) {
      const response = await request.post('/auth/v1/token?grant_type=password', {
        data: { email: user.email, password: encodeDateOfBirth('1970-01-01') },
        headers: { apikey: 'mission-control' },
      });
      status = response.status();
    }
    expect(status).toBe(429);
    await page.goto('/signin');
    await submitSignIn(page, user.email, user.dateOfBirth);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('signs in with the keyboard alone', async ({ page }) => {
    const user = await createUser();
    await page.goto('/signin');
    await page.getByLabel('Email').focus();
    await page.keyboard.type(user.email);
    await page.keyboard.press('Tab');
    const [year, month, day] = user.dateOfBirth.split('-');
    await page.keyboard.type(`${month}${day}${year}`);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a protected route sends a signed-out visitor to /signin and back after sign-in', async ({ page }) => {
    const user = await createUser();
    await page.goto('/view-all-missions?view=list#top');
    await expect(page).toHaveURL(/\/signin$/);
    await submitSignIn(page, user.email, user.dateOfBirth);
    await expect(page).toHaveURL(/\/view-all-missions\?view=list#top$/);
  });

  test('every protected route redirects when signed out', async ({ page }) => {
    for (const path of [
      '/dashboard',
      '/role-profile',
      '/view-role-profile',
      '/view-my-mission',
      '/view-all-missions',
      '/mission/abc',
      '/create-mission',
      '/pre-conference',
      '/post-conference',
      '/speakers-directory',
      '/agenda-schedule',
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/signin$/);
    }
  });
});

test.describe('404', () => {
  test('unknown paths are lost in space with a way home', async ({ page }) => {
    await page.goto('/no/such/place');
    await expect(page.getByRole('heading', { name: /lost in space/i })).toBeVisible();
    await page.getByRole('link', { name: 'Return Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('layout', () => {
  test('from xl the sidebar is fixed and 80 units wide, with every item', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signUpViaUi(page);
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await expect(sidebar).toBeVisible();
    const box = await sidebar.boundingBox();
    expect(box?.width).toBe(320);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    for (const name of ['Dashboard', 'Profile', 'My Mission', 'All Missions']) {
      await expect(sidebar.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(sidebar.getByRole('link', { name: 'Post-Conference' })).toHaveCount(0);
    const group = sidebar.getByRole('button', { name: 'Conference 2025' });
    await expect(group).toHaveAttribute('aria-expanded', 'false');
    await group.click();
    await sidebar.getByRole('link', { name: 'Speakers Directory' }).click();
    await expect(page).toHaveURL(/\/speakers-directory$/);

    await page.goto('/agenda-schedule');
    await expect(page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Conference 2025' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Agenda Schedule' })).toHaveAttribute('aria-current', 'page');

    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'My Mission' }).click();
    await expect(page).toHaveURL(/\/view-my-mission$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('below xl the sidebar is a drawer: menu, close, Escape, focus kept inside', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signUpViaUi(page);
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeHidden();
    const menu = page.getByRole('button', { name: 'Open menu' });
    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();

    await menu.click();
    await expect(drawer).toBeVisible();
    for (let i = 0; i < 15; i += 1) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await menu.click();
    await drawer.getByRole('link', { name: 'All Missions' }).click();
    await expect(page).toHaveURL(/\/view-all-missions$/);
    await expect(drawer).toBeHidden();

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('on a phone the sidebar is drawn only in the drawer, which opens with what it reads already there', async ({ page, context }) => {
    await page.setViewportSize(PHONE);
    const organiser = await createUser();
    makeOrganiser(organiser);
    // Once the dashboard has its data, the layout reads what the drawer shows (here: the console's link).
    const readAhead = waitForRpc(page, 'get_my_organiser_status');
    await signIn(page, organiser);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await readAhead;
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toHaveCount(0);

    // Without a network the drawer still opens complete: nothing in it waits for a read.
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('link', { name: 'Organiser console' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Conference 2025' })).toBeVisible();
    await context.setOffline(false);
  });

  test('Post-Conference shows once the pre-survey is done, the post-survey is not, and the user is in a mission', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const user = await createUser();
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    const signIn = async () => {
      await page.goto('/signin');
      await submitSignIn(page, user.email, user.dateOfBirth);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(sidebar.getByRole('link', { name: 'All Missions' })).toBeVisible();
    };

    await rpc(user, 'mark_survey_completed', { p_user_id: user.id, p_survey_type: 'pre_survey_completed' });
    let missionsAnswered = waitForRpc(page, 'get_user_related_missions');
    await signIn();
    await missionsAnswered;
    // Survey done but in no mission yet: still hidden.
    await expect(sidebar.getByRole('link', { name: 'Post-Conference' })).toHaveCount(0);

    await withRoleProfile(user);
    await createMission(user);
    await page.reload();
    await expect(sidebar.getByRole('link', { name: 'Post-Conference' })).toBeVisible();

    await rpc(user, 'mark_survey_completed', { p_user_id: user.id, p_survey_type: 'post_survey_completed' });
    missionsAnswered = waitForRpc(page, 'get_user_related_missions');
    await page.reload();
    await missionsAnswered;
    await expect(sidebar.getByRole('link', { name: 'All Missions' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Post-Conference' })).toHaveCount(0);
  });

  test("Post-Conference waits for the programme's last day at the venue; the group is named after the programme's year", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const { programme } = (await (await fetch(`${E2E_BASE_URL}/content/v1/programme`)).json()) as ProgrammeResponse;
    const { startDate, endDate, timeZone } = programme.settings;
    const lastDayBegins = venueInstant(endDate, '00:00', timeZone);
    const user = await withRoleProfile(await createUser());
    await createMission(user);
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });

    // A minute before midnight at the venue on the eve of the last day: not yet.
    await page.clock.install({ time: new Date(lastDayBegins.getTime() - 60_000) });
    const missionsAnswered = waitForRpc(page, 'get_user_related_missions');
    await page.goto('/signin');
    await submitSignIn(page, user.email, user.dateOfBirth);
    await expect(page).toHaveURL(/\/dashboard$/);
    await missionsAnswered;
    // The programme has arrived once the group carries its year.
    await expect(sidebar.getByRole('button', { name: `Conference ${startDate.slice(0, 4)}` })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Post-Conference' })).toHaveCount(0);

    // A minute after (whatever the device's own zone says): offered.
    await page.clock.setSystemTime(new Date(lastDayBegins.getTime() + 60_000));
    await page.reload();
    await expect(sidebar.getByRole('link', { name: 'Post-Conference' })).toBeVisible();
  });
});

test.describe('password reset', () => {
  test.use({ viewport: DESKTOP });

  test('asks for the mail from /signin, follows the link, sets a new date of birth and is signed in', async ({ page }) => {
    const user = await createUser();
    await page.goto('/signin');
    await page.getByRole('link', { name: 'Forgot your date of birth?' }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
    // The URL changes before the lazy screen replaces /signin (whose Email field has the same label).
    await expect(page.getByRole('heading', { name: 'Forgot your date of birth?', level: 1 })).toBeVisible();
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Check your inbox')).toBeVisible();

    const link = await readMailedLink(user.email);
    await page.goto(link);
    await expect(page).toHaveURL(/\/reset-password/);
    await page.getByLabel('New Date of Birth').fill('1000-01-01');
    await page.getByRole('button', { name: 'Save and Continue' }).click();
    await expect(toast(page, 'Please check your date of birth: it cannot be more than 120 years ago')).toBeVisible();
    await expect(page).toHaveURL(/\/reset-password/);
    // Too young: said for the reset, not "to register".
    await page.getByLabel('New Date of Birth').fill(`${new Date().getFullYear() - 10}-01-01`);
    await page.getByRole('button', { name: 'Save and Continue' }).click();
    await expect(toast(page, 'Your date of birth must make you at least 18 years old')).toBeVisible();
    await expect(page.getByText('You must be at least 18 years old to register')).toHaveCount(0);
    const newDate = '1985-11-02';
    await page.getByLabel('New Date of Birth').fill(newDate);
    await page.getByRole('button', { name: 'Save and Continue' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await signOutViaUi(page);
    await submitSignIn(page, user.email, user.dateOfBirth);
    await expect(page.locator('[data-sonner-toast][data-type="error"]').last()).toBeVisible();
    await submitSignIn(page, user.email, newDate);
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('accessibility (axe-core)', () => {
  test('landing, sign-in, sign-up, reset and 404 have no violations', async ({ page }) => {
    for (const path of ['/', '/signin', '/signup', '/reset-password', '/lost/in/space']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoA11yViolations(page);
    }
  });

  test('the sign-up form with an error shown has no violations', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.locator('form').getByText('First name is required')).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('the layout, with the drawer open on a phone, has no violations', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signUpViaUi(page);
    // The URL changes before the dashboard replaces the sign-up screen: wait for the dashboard itself.
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome: / })).toBeVisible();
    await expectNoA11yViolations(page);
    // The sign-up toast lasts 4 s; the drawer's backdrop would dim it, which is not what is checked here.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
