import { expect, test } from './support/test.ts';
import { createUser, rpc, signIn } from './support/app.ts';
import { expectNoA11yViolationsEverywhere } from './support/every-look.ts';

/**
 * The role profile form keeps what the person typed on their device until they save
 * (docs/product.md#role-profile-form): nine long answers on a phone survive a reload, and the form
 * says that they are kept.
 */

test('on a phone, answers typed in the role profile form survive leaving and reloading, until saved', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const me = await createUser();
  await rpc(me, 'mark_survey_completed', { p_user_id: me.id, p_survey_type: 'pre_survey_completed' });
  await signIn(page, me, '/role-profile');
  await expect(page.getByText('What you type is kept on this device until you save it.')).toBeVisible();
  await page.getByLabel('Name this role').fill('Story gatherer');
  await page.getByLabel('Your intention or purpose').fill('Collect the stories of the valley before they are lost');
  await page.getByLabel('Role Archetype').selectOption('Connector');

  // Away to the dashboard and back, then a reload: nothing lost.
  await page.goto('/dashboard');
  await page.goto('/role-profile');
  await page.reload();
  const restored = page.getByText('What you typed earlier on this device is back. It is kept here until you save it.');
  await expect(restored).toBeVisible();
  await expect(page.getByLabel('Name this role')).toHaveValue('Story gatherer');
  await expect(page.getByLabel('Your intention or purpose')).toHaveValue('Collect the stories of the valley before they are lost');
  await expect(page.getByLabel('Role Archetype')).toHaveValue('Connector');
  await expectNoA11yViolationsEverywhere(page, restored);

  // Cancel gives it up: the next visit starts empty.
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/role-profile');
  await expect(page.getByText('What you type is kept on this device until you save it.')).toBeVisible();
  await expect(page.getByLabel('Name this role')).toHaveValue('');
});

test('another person signing in on the same device never finds the first one’s answers', async ({ page }) => {
  const first = await createUser();
  await rpc(first, 'mark_survey_completed', { p_user_id: first.id, p_survey_type: 'pre_survey_completed' });
  await signIn(page, first, '/role-profile');
  await page.getByLabel('Name this role').fill('Private draft');
  expect(await page.evaluate(() => localStorage.getItem('role_profile_draft'))).toContain('Private draft');
  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(page).toHaveURL(/\/signin$/);
  expect(await page.evaluate(() => localStorage.getItem('role_profile_draft'))).toBeNull();
});
