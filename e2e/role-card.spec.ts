import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test.ts';
import { createMission, createUser, expectNoA11yViolations, rpc, signIn, withRoleProfile } from './support/app.ts';
import { expectNoA11yViolationsEverywhere } from './support/every-look.ts';

/** Role cards (docs/product.md#role-card): opened from a name, contact only inside the team, closed to others on request. */

test('a name on a mission page opens the role card, with the e-mail but never the mobile; "Only my teammates" closes it and takes the e-mail off the team list and the people search', async ({
  page,
  browser,
}) => {
  const tag = `Rc${randomUUID().slice(0, 6)}`;
  const owner = await withRoleProfile(await createUser({ firstName: `Ria${tag}`, lastName: 'Owner' }));
  const mission = await createMission(owner, { p_name: `Card ${tag}` });
  const reader = await withRoleProfile(await createUser());

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, reader, `/mission/${mission.mission_id}`);
  await page.getByRole('button', { name: `Ria${tag} Owner` }).click();
  const dialog = page.getByRole('dialog', { name: 'Role card' });
  const card = dialog.getByTestId('role-card');
  await expect(card).toContainText('Navigator');
  await expect(card).toContainText('Connector');
  await expect(card).toContainText('Serve the community');
  await expect(card.getByRole('link', { name: `Card ${tag}` })).toBeVisible();
  // The card is open to everyone, which shares the e-mail too (docs/product.md#role-card); the mobile stays inside the team.
  await expect(card).toContainText(owner.email.toLowerCase());
  await expect(card).not.toContainText(owner.mobile);
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The owner keeps the card for teammates only, from the profile page.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  const ownerPage = await context.newPage();
  await signIn(ownerPage, owner, '/view-role-profile');
  await ownerPage.getByRole('radio', { name: /Only my teammates/ }).check();
  await expect(ownerPage.getByText('Saved.')).toBeVisible();
  await expectNoA11yViolations(ownerPage);
  await context.close();
  expect(await rpc(reader, 'get_role_card', { p_user_id: owner.id })).toBeNull();

  await page.reload();
  // The team list follows the same choice: the name stays, the e-mail goes.
  await expect(page.getByRole('button', { name: `Ria${tag} Owner` })).toBeVisible();
  await expect(page.getByText(owner.email.toLowerCase())).toHaveCount(0);
  await page.getByRole('button', { name: `Ria${tag} Owner` }).click();
  await expect(page.getByRole('dialog', { name: 'Role card' })).toContainText('This person’s role card is not shared with you.');
  await page.keyboard.press('Escape');

  // The people search of the reader's own Manage Team dialog finds the owner by name, without the e-mail.
  await createMission(reader, { p_name: `Reader ${tag}` });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Manage Team' }).click();
  const manage = page.getByRole('dialog', { name: 'Manage Team' });
  await manage.getByPlaceholder('Search by name or email...').fill(`Ria${tag}`);
  const found = manage.getByRole('list', { name: 'Search results' }).getByRole('listitem');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(`Ria${tag} Owner`);
  await expect(manage).not.toContainText(owner.email.toLowerCase());
  // Part of the address finds nobody: the search never spells out an address it does not show.
  await manage.getByPlaceholder('Search by name or email...').fill(owner.email.toLowerCase().split('@')[0] ?? '');
  await expect(manage.getByText('No users found')).toBeVisible();
  await manage.getByPlaceholder('Search by name or email...').fill(`Ria${tag}`);
  await expectNoA11yViolationsEverywhere(page, found);
});
