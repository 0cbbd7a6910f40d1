import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './support/test.ts';
import { createMission, createUser, expectNoA11yViolations, rpc, signInAsNewOrganiser, signIn, withRoleProfile } from './support/app.ts';

/*
 * Joining a team, seen from both sides (docs/product.md#joining-a-team, #open-roles, #dashboard):
 * what an attendee who already asked sees, what owners read before deciding, and what a new
 * member's dashboard says.
 */

/** Axe on the screen as it is, at a phone's and a desktop's width, in the dark and the light theme. */
async function expectCleanEverywhere(page: Page, ready: () => Promise<void>): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const colorScheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme });
      await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe(colorScheme);
      await ready();
      await expectNoA11yViolations(page);
    }
  }
  await page.emulateMedia({ colorScheme: 'dark' });
}

async function missionWithRole(tag: string, title = 'Facilitator') {
  const owner = await withRoleProfile(await createUser({ firstName: `Omar${tag}`, lastName: 'Owner' }));
  const mission = await createMission(owner, { p_name: `Team ${tag}` });
  const [role] = await rpc<{ role_id: string }[]>(owner, 'save_mission_role', {
    p_mission_id: mission.mission_id,
    p_title: title,
    p_description: 'Runs the circles',
    p_skills: ['facilitation'],
    p_places: 1,
  });
  if (!role) throw new Error('save_mission_role answered no role');
  return { owner, mission, roleId: role.role_id };
}

test('after asking, the mission page says the request is open, what happens next, and offers Withdraw', async ({ page }) => {
  const tag = `Ro${randomUUID().slice(0, 6)}`;
  const { mission } = await missionWithRole(tag);
  const asker = await withRoleProfile(await createUser({ firstName: `Asha${tag}`, lastName: 'Asker' }));

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, asker, `/mission/${mission.mission_id}`);
  await page.getByRole('button', { name: 'Ask to join as Facilitator' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask to join as Facilitator' });
  const next =
    'The owners are told in their bell and by e-mail. You will hear their answer in your bell; until then you can withdraw your request here or on your dashboard.';
  await expect(dialog).toContainText(next);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog).toBeHidden();

  const role = page.getByTestId('open-role').filter({ hasText: 'Facilitator' });
  await expect(role.getByText('Request open')).toBeVisible();
  await expect(role).toContainText(next);
  await expect(role.getByRole('button', { name: /^Ask to join/ })).toHaveCount(0);
  await expectCleanEverywhere(page, () => expect(role.getByText('Request open')).toBeVisible());

  await role.getByRole('button', { name: 'Withdraw Facilitator' }).click();
  await expect(role.getByRole('button', { name: 'Ask to join as Facilitator' })).toBeVisible();
});

test('owners open the requester’s role card from the request, and the decline dialog names what is declined', async ({ page }) => {
  const tag = `Rc${randomUUID().slice(0, 6)}`;
  const { owner, roleId } = await missionWithRole(tag);
  const asker = await withRoleProfile(await createUser({ firstName: `Bongi${tag}`, lastName: 'Asker' }));
  await rpc(asker, 'ask_to_join', { p_role_id: roleId, p_message: 'I ran circles for years.' });

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, owner, '/view-my-mission');
  const request = page.getByTestId('team-request').filter({ hasText: `Bongi${tag} Asker asks to join as Facilitator.` });
  await request.getByRole('button', { name: `Bongi${tag} Asker`, exact: true }).click();
  const card = page.getByRole('dialog', { name: 'Role card' });
  await expect(card).toContainText('Navigator');
  await expectCleanEverywhere(page, () => expect(card).toContainText('Navigator'));
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();

  await request.getByRole('button', { name: /^Decline/ }).click();
  const decline = page.getByRole('dialog', { name: `Decline Bongi${tag} Asker’s request to join as Facilitator` });
  await expect(decline.getByLabel('Reason (optional)')).toBeVisible();
  await expectCleanEverywhere(page, () => expect(decline).toBeVisible());
});

test('a new member’s dashboard shows their team, in the progress strip and the mission card, not Create Mission', async ({ page }) => {
  const tag = `Nm${randomUUID().slice(0, 6)}`;
  const { owner, mission, roleId } = await missionWithRole(tag, 'Organiser');
  const member = await withRoleProfile(await createUser({ firstName: `Nandi${tag}`, lastName: 'Member' }));
  const [asked] = await rpc<{ request_id: string }[]>(member, 'ask_to_join', { p_role_id: roleId, p_message: '' });
  await rpc(owner, 'answer_team_request', { p_request_id: asked?.request_id, p_accept: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, member);
  const progress = page.getByTestId('dashboard-progress');
  await expect(progress.getByRole('listitem').filter({ hasText: 'Mission' })).toContainText('Done');
  const team = page.getByTestId('dashboard-team');
  await expect(team.getByRole('heading', { name: `Team ${tag}` })).toBeVisible();
  await expect(team).toContainText('You are on this team as Organiser.');
  await expect(page.getByRole('button', { name: 'Create Mission' })).toHaveCount(0);
  await expectCleanEverywhere(page, () => expect(team).toBeVisible());

  await progress.getByRole('link', { name: 'Mission' }).click();
  await expect(page).toHaveURL(new RegExp(`/view-my-mission\\?mission=${mission.mission_id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Team ${tag}` })).toBeVisible();
  await page.goto('/dashboard');
  await page.getByTestId('dashboard-team').getByRole('link', { name: 'Open my team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Team ${tag}` })).toBeVisible();
});

test('owners keep a filled role in their list with who filled it, are asked before closing one, and reopen it', async ({ page }) => {
  const tag = `Cl${randomUUID().slice(0, 6)}`;
  const { owner, mission, roleId } = await missionWithRole(tag, 'Treasurer');
  await rpc(owner, 'save_mission_role', { p_mission_id: mission.mission_id, p_title: 'Scribe', p_description: '', p_skills: ['writing'], p_places: 2 });
  const member = await withRoleProfile(await createUser({ firstName: `Zola${tag}`, lastName: 'Member' }));
  const [asked] = await rpc<{ request_id: string }[]>(member, 'ask_to_join', { p_role_id: roleId, p_message: '' });
  await rpc(owner, 'answer_team_request', { p_request_id: asked?.request_id, p_accept: true });

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, owner, '/view-my-mission');
  const treasurer = page.getByTestId('open-role').filter({ hasText: 'Treasurer' });
  await expect(treasurer.getByText('Filled', { exact: true })).toBeVisible();
  await expect(treasurer).toContainText(`Filled by Zola${tag} Member.`);
  await expect(treasurer).toContainText('1 of 1 place filled');

  const scribe = page.getByTestId('open-role').filter({ hasText: 'Scribe' });
  await scribe.getByRole('button', { name: 'Close role Scribe' }).click();
  const confirm = page.getByRole('dialog', { name: 'Close the role Scribe?' });
  await expect(confirm).toContainText('You can reopen it later.');
  await expectCleanEverywhere(page, () => expect(confirm).toBeVisible());
  await confirm.getByRole('button', { name: 'Close role' }).click();
  await expect(confirm).toBeHidden();
  await expect(scribe.getByText('Closed', { exact: true })).toBeVisible();
  await expectCleanEverywhere(page, () => expect(scribe.getByText('Closed', { exact: true })).toBeVisible());

  await scribe.getByRole('button', { name: 'Reopen role Scribe' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Reopened the role Scribe' })).toBeVisible();
  await expect(scribe.getByRole('button', { name: 'Close role Scribe' })).toBeVisible();
  await expect(scribe.getByText('Closed', { exact: true })).toHaveCount(0);
});

test('the team builder names who cannot be proposed, and why', async ({ page }) => {
  test.setTimeout(150_000);
  const tag = `Lo${randomUUID().slice(0, 6)}`;
  const refuser = await withRoleProfile(await createUser({ firstName: `Rufus${tag}`, lastName: 'Refuser' }));
  await rpc(refuser, 'save_notification_settings', { p_email_digest: 'off', p_allow_team_additions: false });
  const hidden = await withRoleProfile(await createUser({ firstName: `Priya${tag}`, lastName: 'Private' }));
  await rpc(hidden, 'save_role_card_settings', { p_visibility: 'team' });

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsNewOrganiser(page);
  await page.goto('/organiser/team-builder');
  const leftOut = page.getByTestId('builder-left-out');
  await leftOut.getByText(/^Who cannot be proposed, and why/).click();
  await expect(leftOut).toContainText(`Rufus${tag} Refuser: They do not accept being added to teams by others.`);
  await expect(leftOut).toContainText(`Priya${tag} Private: Their role card is not shared with everyone.`);
  await expectCleanEverywhere(page, () => expect(leftOut.getByText(`Rufus${tag} Refuser`, { exact: false })).toBeVisible());
});
