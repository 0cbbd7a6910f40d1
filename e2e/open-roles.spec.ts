import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test.ts';
import { createMission, createUser, expectNoA11yViolations, signIn, withRoleProfile } from './support/app.ts';

/** Open roles (docs/product.md#open-roles): an owner adds, edits and closes one; others see it on All Missions and the details. */

test.describe('Open roles', () => {
  test('an owner adds a role on My Mission; All Missions counts and filters it; the owner edits and closes it', async ({ page, browser }) => {
    const tag = `Or${randomUUID().slice(0, 6)}`;
    const owner = await withRoleProfile(await createUser({ firstName: `Owen${tag}` }));
    await createMission(owner, { p_name: `Roles ${tag}` });
    await createMission(await withRoleProfile(await createUser()), { p_name: `NoRoles ${tag}` });

    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, owner, '/view-my-mission');
    const roles = page.getByTestId('open-roles');
    await expect(roles.getByText('No open roles.')).toBeVisible();
    await roles.getByRole('button', { name: 'Add open role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add open role' });
    await dialog.getByRole('button', { name: 'Save role' }).click();
    await expect(dialog.getByText('Please give the role a title.')).toBeVisible();
    await expect(dialog.getByText('Please add at least one skill.')).toBeVisible();
    await dialog.getByLabel('Role title').fill('Facilitator');
    await dialog.getByLabel('What the role will do').fill('Runs the listening circles');
    const skill = dialog.getByRole('combobox', { name: 'Skills wanted' });
    await skill.fill('Facilitation');
    await skill.press('Enter');
    await skill.fill('Arabic');
    await dialog.getByRole('button', { name: 'Add skill' }).click();
    await expect(dialog.getByRole('list', { name: 'Skills wanted' }).getByRole('listitem')).toHaveText(['facilitation', 'arabic']);
    await dialog.getByLabel('Archetype wanted').selectOption('Connector');
    await dialog.getByLabel('How many people').fill('2');
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Save role' }).click();
    await expect(dialog).toBeHidden();
    const role = roles.getByTestId('open-role');
    await expect(role).toContainText('Facilitator');
    await expect(role).toContainText('2 places');
    await expect(role).toContainText('Skills wanted: facilitation, arabic');

    // Another attendee sees it on All Missions and on the details, without the owner's buttons.
    const reader = await withRoleProfile(await createUser());
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    const other = await context.newPage();
    await signIn(other, reader, '/view-all-missions');
    await other.getByLabel('Search missions').fill(tag);
    const card = other.getByTestId('mission-card').filter({ hasText: `Roles ${tag}` });
    await expect(card.getByTestId('card-open-roles')).toHaveText('1 open role');
    await expect(other.getByTestId('mission-card')).toHaveCount(2);
    await other.getByLabel('Missions with open roles').check();
    await expect(other.getByTestId('mission-card')).toHaveCount(1);
    await expectNoA11yViolations(other);
    await card.getByRole('link', { name: 'View Details' }).click();
    await expect(other.getByTestId('open-role')).toContainText('Runs the listening circles');
    await expect(other.getByRole('button', { name: /Edit|Close role|Add open role/ })).toHaveCount(0);
    await expectNoA11yViolations(other);

    // The owner edits, then closes it.
    await role.getByRole('button', { name: 'Edit Facilitator' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit open role' });
    await edit.getByLabel('Role title').fill('Lead facilitator');
    await edit.getByRole('button', { name: 'Remove arabic' }).click();
    await edit.getByRole('button', { name: 'Save role' }).click();
    await expect(role).toContainText('Lead facilitator');
    await expect(role).toContainText('Skills wanted: facilitation');
    // Closing asks first; the owner still sees the closed role (to reopen it), nobody else does.
    await role.getByRole('button', { name: 'Close role Lead facilitator' }).click();
    await page.getByRole('dialog', { name: 'Close the role Lead facilitator?' }).getByRole('button', { name: 'Close role' }).click();
    await expect(role.getByText('Closed', { exact: true })).toBeVisible();
    await expect(role.getByRole('button', { name: 'Reopen role Lead facilitator' })).toBeVisible();
    await other.reload();
    await expect(other.getByText('No open roles.')).toBeVisible();
    await context.close();
  });
});
