import { expect, test } from './support/test.ts';
import { strFromU8, unzipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import { ANONYMITY_COVERS, PRIVACY_MESSAGES } from '../packages/contract/src/privacy.ts';
import { createMission, createUser, expectNoA11yViolations, signInViaUi, withRoleProfile } from './support/app.ts';

/** The account page (docs/product.md#account-page), driven in the browser as a person would. */

test('an anonymous attendee sees what others see of them, and another attendee sees exactly that', async ({ page, browser }) => {
  const person = await withRoleProfile(await createUser({ firstName: 'Quilla', lastName: 'Anonymoustest' }));
  const mission = await createMission(person);
  await signInViaUi(page, person);
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
  await expect(preview).not.toContainText('Quilla');

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoA11yViolations(page);
  }

  // Another attendee, in their own browser, reads the same name on the mission.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signInViaUi(other, await createUser());
  await other.goto(`/mission/${mission.mission_id}`);
  await expect(other.getByText('Creator:')).toContainText('Anonymous attendee');
  await expect(other.locator('body')).not.toContainText('Quilla');
  await otherContext.close();
});

test('downloads my data as a zip holding my account', async ({ page }) => {
  const person = await createUser({ firstName: 'Dora', lastName: 'Downloader' });
  await signInViaUi(page, person);
  await page.goto('/account');
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
  await signInViaUi(page, person);
  await page.goto('/account');
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
  await signInViaUi(page, again);
  await page.goto('/account');
  await expect(page.getByLabel('First name')).toHaveValue('Newcomer');
});
