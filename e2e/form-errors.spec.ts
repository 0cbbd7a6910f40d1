import { expect, test, type Locator, type Page } from './support/test.ts';
import { createMission, createUser, expectNoA11yViolations, rpc, signIn, withRoleProfile } from './support/app.ts';

/**
 * The role profile and mission forms mark every empty field where it is, beside their one combined
 * toast (docs/product.md#role-profile-form, #mission-form): invalid for assistive technology, the
 * message under the field until it is filled in, focus on the first empty field.
 */

const FILL = 'Please fill in this field.';
const CHOOSE = 'Please choose one of the options.';

function toast(page: Page, text: string): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

async function expectMarked(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(message.replace('.', '\\.')));
}

async function expectNotMarked(field: Locator): Promise<void> {
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  const description = (await field.getAttribute('aria-describedby')) ?? '';
  expect(description).not.toMatch(/-error/);
}

test.describe('inline errors on the forms', () => {
  test('the role profile form marks each empty field until it is filled in, and focuses the first', async ({ page }) => {
    const user = await createUser();
    await rpc(user, 'mark_survey_completed', { p_user_id: user.id, p_survey_type: 'pre_survey_completed' });
    await signIn(page, user, '/role-profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Your Role Profile' })).toBeVisible();
    await expect(page).toHaveTitle(/^Create Your Role Profile · /);

    // Nothing is marked before the first attempt.
    await expectNotMarked(page.getByLabel('Name this role'));
    await page.getByLabel('Your intention or purpose').fill('Help newcomers');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    const combined = toast(page, 'Please fill in all required fields: Name this role, Role Archetype, Higher objective (Maqāşid), Skills and resources');
    await expect(combined).toBeVisible();

    const title = page.getByLabel('Name this role');
    await expect(title).toBeFocused();
    await expectMarked(title, FILL);
    await expectMarked(page.getByLabel('Role Archetype'), CHOOSE);
    await expectMarked(page.getByLabel('Higher objective (Maqāşid)'), CHOOSE);
    await expectMarked(page.getByLabel('First action in the next 7 days'), FILL);
    await expectNotMarked(page.getByLabel('Your intention or purpose'));
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(8);
    await expectNoA11yViolations(page);

    // The toast goes; the marks stay until each field is filled in.
    await expect(combined).toHaveCount(0, { timeout: 15_000 });
    await expectMarked(title, FILL);
    await title.fill('Mentor matcher');
    await expectNotMarked(title);
    await page.getByLabel('Role Archetype').selectOption('Connector');
    await expectNotMarked(page.getByLabel('Role Archetype'));
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(6);

    // A second attempt focuses the first field still empty on screen.
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByLabel('Higher objective (Maqāşid)')).toBeFocused();
  });

  test('in edit mode the role profile form says so', async ({ page }) => {
    await signIn(page, await withRoleProfile(await createUser()), '/role-profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Your Role Profile' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Create Your Role Profile' })).toHaveCount(0);
    await expect(page).toHaveTitle(/^Edit Your Role Profile · /);
    await expect(page.getByLabel('Name this role')).toHaveValue('Navigator');
    await page.getByLabel('Name this role').fill('  ');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(toast(page, 'Please fill in all required fields: Name this role')).toBeVisible();
    await expect(page.getByLabel('Name this role')).toBeFocused();
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(1);
  });

  test('the mission form marks each empty field, in create and edit mode', async ({ page }) => {
    const leader = await withRoleProfile(await createUser());
    await signIn(page, leader, '/create-mission');
    await page.getByLabel('Shared Intention').fill('Bring water to every home');
    await page.getByRole('button', { name: 'Create Mission' }).click();
    await expect(toast(page, 'Please fill in all required fields: Mission name, Objective or focus')).toBeVisible();
    await expect(page.getByLabel('Mission Name')).toBeFocused();
    await expectMarked(page.getByLabel('Mission Name'), FILL);
    await expectMarked(page.getByLabel('Objective or Focus'), CHOOSE);
    await expectNotMarked(page.getByLabel('Shared Intention'));
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(6);
    // The hint stays part of the field's description beside the message.
    await expect(page.getByLabel('Mission Name')).toHaveAccessibleDescription(/A short, memorable name for your mission\./);
    await expectNoA11yViolations(page);

    await page.getByLabel('Mission Name').fill('Clean water');
    await expectNotMarked(page.getByLabel('Mission Name'));
    await page.getByRole('button', { name: 'Create Mission' }).click();
    await expect(page.getByLabel('Objective or Focus')).toBeFocused();

    const { mission_id: missionId } = await createMission(leader);
    await page.goto(`/create-mission?edit=${missionId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Update Mission' })).toBeVisible();
    await page.getByLabel('Core Message').fill('');
    await page.getByRole('button', { name: 'Update Mission' }).click();
    await expect(toast(page, 'Please fill in all required fields: Core message')).toBeVisible();
    await expect(page.getByLabel('Core Message')).toBeFocused();
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(1);
  });
});
