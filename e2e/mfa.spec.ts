import { expect, test, type Page } from './support/test.ts';
import { Secret, TOTP } from 'otpauth';
import { createUser, expectNoA11yViolations, makeOrganiser, signInViaUi, withAuthenticator } from './support/app.ts';

/**
 * Two-step sign-in in the browser: an attendee turns it on from their profile page with a code the
 * test computes from the secret the screen shows, keeps the recovery codes, and is asked for a code
 * (or a recovery code) on every later sign-in.
 */

const STEP_MS = 30_000;
const currentStep = () => Math.floor(Date.now() / STEP_MS);

/** The code of one 30-second step (the server accepts the steps either side of now). */
function codeAt(secret: string, step: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: step * STEP_MS });
}

async function signOutViaUi(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(page).toHaveURL(/\/signin$|\/$/);
}

test('an attendee turns on two-step sign-in, then signs in with a code or a recovery code', async ({ page }) => {
  const user = await createUser();
  await signInViaUi(page, user);
  await page.goto('/view-role-profile');
  const card = page.getByRole('heading', { name: /Two-step sign-in/ });
  await expect(card).toContainText('Off');
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await page.getByRole('button', { name: 'Show QR code' }).click();

  await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').getAttribute('data-secret')) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoA11yViolations(page);

  // A wrong code is refused and nothing turns on.
  await page.getByLabel('Code from the app').fill(codeAt(secret, currentStep() + 4));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByText('That code is not right. Enter the 6-digit code your authenticator app shows now.')).toBeVisible();

  // The current step's code; the server takes the steps either side of its clock, so this one and
  // the next stay acceptable for at least half a minute, long enough for the two sign-ins below.
  const enrolmentStep = currentStep();
  await page.getByLabel('Code from the app').fill(codeAt(secret, enrolmentStep));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  const codesList = page.getByRole('list', { name: 'Recovery codes' });
  await expect(codesList.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await codesList.getByRole('listitem').allTextContents();
  await expectNoA11yViolations(page);
  await expect(page.getByRole('button', { name: 'Done' })).toBeDisabled();
  await page.getByLabel('I have saved my recovery codes').check();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(card).toContainText('On');
  await expect(page.getByText('You have 10 unused recovery codes.')).toBeVisible();
  await expectNoA11yViolations(page);

  // The next sign-in asks for a code before anything else.
  await signOutViaUi(page);
  await signInViaUi(page, user);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await page.getByLabel('Authentication code').fill(codeAt(secret, enrolmentStep));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code has already been used. Wait for the next code and enter it.')).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expectNoA11yViolations(page);
  // A later step's code works: the server takes the step after its clock too.
  const nextStep = enrolmentStep + 1;
  await page.getByLabel('Authentication code').fill(codeAt(secret, nextStep));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: /Welcome/ }).first()).toBeVisible();
  // Reloading keeps the session's level: no second prompt.
  await page.reload();
  await expect(page.getByRole('heading', { name: /Welcome/ }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toHaveCount(0);

  // Lost phone: a recovery code lets the person in once.
  await signOutViaUi(page);
  await signInViaUi(page, user);
  await page.getByRole('button', { name: 'Lost your authenticator? Use a recovery code' }).click();
  await expectNoA11yViolations(page);
  await page.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/Recovery code accepted\. You have 9 recovery codes left\./)).toBeVisible();
  await page.goto('/view-role-profile');
  await expect(page.getByText('You have 9 unused recovery codes.')).toBeVisible();
});

test('an organiser without an authenticator sees only the set-up step, then the console; they can reset a colleague', async ({ page }) => {
  const organiser = await createUser({ firstName: 'Olga' });
  makeOrganiser(organiser);
  const colleague = await createUser({ firstName: 'Carl' });
  makeOrganiser(colleague);
  await withAuthenticator(colleague);
  await signInViaUi(page, organiser);
  await page.goto('/organiser/people');
  await expect(page.getByRole('heading', { level: 1, name: 'Set up two-step sign-in' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console sections' })).toHaveCount(0);
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  const secret = (await page.getByTestId('totp-secret').getAttribute('data-secret')) ?? '';
  // The current step's code; the server takes the steps either side of its clock, so this one and
  // the next stay acceptable for at least half a minute, long enough for the two sign-ins below.
  const enrolmentStep = currentStep();
  await page.getByLabel('Code from the app').fill(codeAt(secret, enrolmentStep));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByLabel('I have saved my recovery codes').check();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('navigation', { name: 'Console sections' })).toBeVisible();

  await page.getByRole('button', { name: `Reset two-step sign-in of ${colleague.email.toLowerCase()}` }).click();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(page.getByText(`Two-step sign-in of ${colleague.email.toLowerCase()} is reset.`, { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: `Reset two-step sign-in of ${organiser.email.toLowerCase()}` })).toHaveCount(0);
});
