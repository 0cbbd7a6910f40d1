import { expect, test } from './support/test.ts';
import { strFromU8, unzipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import { ANONYMITY_COVERS, PRIVACY_MESSAGES } from '../packages/contract/src/privacy.ts';
import { createMission, createUser, expectNoA11yViolations, rpc, screenReady, signIn, trackApiCalls, withRoleProfile, type E2EUser } from './support/app.ts';
import { E2E_BASE_URL } from './support/env.ts';

/** The account page (docs/product.md#account-page), driven in the browser as a person would. */

/** Signs the person in once more from another device (here: the test's own HTTP client). */
async function createSessionElsewhere(person: E2EUser): Promise<void> {
  const response = await fetch(`${E2E_BASE_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: 'mission-control' },
    body: JSON.stringify({ email: person.email, password: person.password }),
  });
  expect(response.status).toBe(200);
}

test('an anonymous attendee sees what others see of them, and another attendee sees exactly that', async ({ page, browser }) => {
  const person = await withRoleProfile(await createUser({ firstName: 'Quilla', lastName: 'Anonymoustest' }));
  const mission = await createMission(person);
  await rpc(person, 'save_role_card_settings', { p_visibility: 'everyone' });
  await signIn(page, person);
  await page.getByRole('link', { name: /My account/ }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'My account', level: 1 })).toBeVisible();

  // Changing the choice states the consequences before anything changes.
  await page.getByRole('button', { name: 'Stay anonymous' }).click();
  const dialog = page.getByRole('dialog', { name: 'Stay anonymous from now on?' });
  await expect(dialog).toContainText('only as “Anonymous attendee”');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(ANONYMITY_COVERS)).toBeVisible();
  const preview = page.getByTestId('seen-by-others');
  await expect(preview).toContainText('Anonymous attendee');
  await expect(preview).toContainText('No e-mail shown');
  await expect(preview).toContainText('Found only by someone who types your whole e-mail address.');
  await expect(preview).not.toContainText('Quilla');
  const previewCard = page.getByTestId('seen-role-card-body');
  await expect(previewCard).toContainText('Navigator');
  const previewCardText = await previewCard.innerText();
  const previewSearchName = await preview.getByRole('heading', { name: 'Search result' }).locator('xpath=following-sibling::p[1]').innerText();
  expect(previewSearchName).toBe('Anonymous attendee');
  // Who sees what, audience by audience, from the same rule: only the organisers see who they are.
  const audiences = page.getByRole('region', { name: 'Who sees what' }).getByRole('listitem');
  await expect(audiences).toHaveCount(3);
  await expect(audiences.nth(0)).toContainText('Other attendees');
  await expect(audiences.nth(0)).toContainText('Anonymous attendee');
  await expect(audiences.nth(1)).toContainText('Anonymous attendee');
  await expect(audiences.nth(1)).toContainText('No mobile shown');
  await expect(audiences.nth(2)).toContainText('The organisers');
  await expect(audiences.nth(2)).toContainText('Quilla Anonymoustest');

  // Another attendee, in their own browser, reads the same name on the mission and the same role card.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  const otherPerson = await withRoleProfile(await createUser());
  await createMission(otherPerson);
  await signIn(other, otherPerson);
  // Their people search finds the anonymous person only by the whole address, under the same name.
  await other.getByRole('button', { name: 'Manage Team' }).click();
  const manage = other.getByRole('dialog', { name: 'Manage Team' });
  await manage.getByPlaceholder('Search by name or email...').fill(person.email);
  const found = manage.getByRole('list', { name: 'Search results' }).getByRole('listitem');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(previewSearchName);
  await expect(found).not.toContainText(person.email);
  await other.keyboard.press('Escape');
  await other.goto(`/mission/${mission.mission_id}`);
  await expect(other.getByText('Creator:')).toContainText('Anonymous attendee');
  await other.getByRole('button', { name: 'Anonymous attendee' }).first().click();
  const card = other.getByRole('dialog', { name: 'Role card' }).getByTestId('role-card-body');
  await expect(card).toContainText('Navigator');
  expect(await card.innerText()).toBe(previewCardText);
  await expect(other.locator('body')).not.toContainText('Quilla');
  await otherContext.close();
});

test('lists signed-in sessions, signs out one and all others, and stops the calendar address', async ({ page }) => {
  const person = await createUser({ firstName: 'Sessa', lastName: 'Sessions' });
  await rpc(person, 'create_calendar_feed', {});
  await signIn(page, person, '/account');
  const sessions = page.getByTestId('sessions');
  // This browser, and the session the sign-up through the API opened.
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByRole('listitem').first()).toContainText('This browser');
  await expect(sessions.getByRole('listitem').first()).toContainText('Chrome on Linux');
  await sessions.getByRole('button', { name: /^Sign out Unknown browser/ }).click();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);

  // Two more sign-ins elsewhere, then all others at once.
  for (let index = 0; index < 2; index += 1) await createSessionElsewhere(person);
  await page.reload();
  await expect(sessions.getByRole('listitem')).toHaveCount(3);
  await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Sign out all other sessions' })).toHaveCount(0);

  await expect(page.getByText(/You made an address on/)).toBeVisible();
  await page.getByRole('button', { name: 'Stop the calendar address' }).click();
  await expect(page.getByText('You have no calendar address.')).toBeVisible();
  // Still signed in here.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My account', level: 1 })).toBeVisible();
});

test('downloads my data as a zip holding my account', async ({ page }) => {
  const person = await createUser({ firstName: 'Dora', lastName: 'Downloader' });
  await signIn(page, person, '/account');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
  expect(Object.keys(files).sort()).toEqual(['README.txt', 'my-data.json']);
  const data = JSON.parse(strFromU8(files['my-data.json'] ?? new Uint8Array())) as { account: { email: string; first_name: string } };
  expect(data.account).toMatchObject({ email: person.email, first_name: 'Dora' });
});

test('deletes my account after the e-mail is typed again, and the same e-mail signs up as someone new', async ({ page }) => {
  const person = await createUser({ firstName: 'Delia', lastName: 'Deleter' });
  await signIn(page, person, '/account');
  const field = page.getByLabel(/Type your e-mail address/);
  await field.fill('someone.else@example.org');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText(PRIVACY_MESSAGES.emailMismatch)).toBeVisible();
  await field.fill(person.email);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/signin');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Date of Birth').fill(person.dateOfBirth);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/dashboard$/);

  const again = await createUser({ email: person.email, firstName: 'Newcomer' });
  expect(again.id).not.toBe(person.id);
  await signIn(page, again, '/account');
  await expect(page.getByLabel('First name')).toHaveValue('Newcomer');
});

for (const colorScheme of ['dark', 'light'] as const) {
  test.describe(`the account and privacy pages in the ${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test('are axe clean at 390 and 1280 px', async ({ page }) => {
      const person = await withRoleProfile(await createUser({ firstName: 'Axel', lastName: 'Accessible' }));
      trackApiCalls(page);
      await signIn(page, person);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/account');
        await screenReady(page, page.getByTestId('seen-role-card-body'));
        await expect(page.getByTestId('sessions').getByRole('listitem').first()).toBeVisible();
        await expect(page.getByText('You have no calendar address.')).toBeVisible();
        await expectNoA11yViolations(page);
        await page.goto('/privacy');
        // Whatever text the organisers keep at the moment: it has headings.
        await screenReady(page, page.getByRole('article', { name: 'Privacy notice' }).getByRole('heading').first());
        await expectNoA11yViolations(page);
      }
    });
  });
}
