import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test.ts';
import { createMission, createUser, expectNoA11yViolations, rpc, signIn, withRoleProfile } from './support/app.ts';

/** Asking to join and inviting (docs/product.md#joining-a-team), between two browsers. */

async function missionWithRole(tag: string) {
  const owner = await withRoleProfile(await createUser({ firstName: `Omar${tag}`, lastName: 'Owner' }));
  const mission = await createMission(owner, { p_name: `Join ${tag}` });
  await rpc(owner, 'save_mission_role', {
    p_mission_id: mission.mission_id,
    p_title: 'Facilitator',
    p_description: 'Runs the circles',
    p_skills: ['facilitation'],
    p_places: 1,
  });
  return { owner, mission };
}

test('an attendee asks to join from the mission page; the owner accepts from the bell; the new member sees the team', async ({ page, browser }) => {
  const tag = `Jr${randomUUID().slice(0, 6)}`;
  const { owner, mission } = await missionWithRole(tag);
  const asker = await withRoleProfile(await createUser({ firstName: `Asha${tag}`, lastName: 'Asker' }));

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, asker, `/mission/${mission.mission_id}`);
  await page.getByRole('button', { name: 'Ask to join as Facilitator' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask to join as Facilitator' });
  await dialog.getByLabel('Message to the owners').fill('I ran circles for five years.');
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog).toBeHidden();
  await page.goto('/dashboard');
  await expect(page.getByTestId('team-request')).toContainText(`You asked to join “Join ${tag}” as Facilitator.`);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  const ownerPage = await context.newPage();
  await signIn(ownerPage, owner);
  await ownerPage.getByRole('button', { name: /Notifications/ }).click();
  const item = ownerPage.getByRole('listitem').filter({ hasText: `Asha${tag} Asker asks to join “Join ${tag}” as Facilitator.` });
  await expect(item).toBeVisible();
  await expectNoA11yViolations(ownerPage);
  await item.getByRole('button', { name: 'Accept' }).click();
  await expect(item.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await context.close();

  await page.goto('/view-my-mission');
  await expect(page.getByRole('heading', { level: 1, name: `Join ${tag}` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Team members' })).toContainText(`Asha${tag} Asker`);
  await expect(page.getByRole('list', { name: 'Team members' })).toContainText('Facilitator');
});

test('an owner invites from a role card; the person accepts from the dashboard', async ({ page, browser }) => {
  const tag = `Iv${randomUUID().slice(0, 6)}`;
  const { owner, mission } = await missionWithRole(tag);
  const guest = await withRoleProfile(await createUser({ firstName: `Gus${tag}`, lastName: 'Guest' }));
  await createMission(guest, { p_name: `Other ${tag}` });

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, owner, '/view-all-missions');
  await page.getByLabel('Search missions').fill(`Other ${tag}`);
  await page.getByTestId('mission-card').getByRole('link', { name: 'View Details' }).click();
  await page.getByRole('button', { name: `Gus${tag} Guest` }).click();
  const card = page.getByRole('dialog', { name: 'Role card' });
  await expect(card.getByLabel('Invite to my mission as')).toHaveValue(/.+/);
  await expectNoA11yViolations(page);
  await card.getByRole('button', { name: 'Invite' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: `Invited Gus${tag}.` })).toBeVisible();

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  const guestPage = await context.newPage();
  await signIn(guestPage, guest);
  const invitation = guestPage.getByTestId('team-request').filter({ hasText: `You are invited to join “Join ${tag}” as Facilitator.` });
  await invitation.getByRole('button', { name: /^Accept/ }).click();
  await expect(invitation).toHaveCount(0);
  await context.close();
  const members = await rpc<{ user_id: string; role_in_team: string }[]>(owner, 'get_mission_members', { p_mission_id: mission.mission_id });
  expect(members.find((member) => member.user_id === guest.id)?.role_in_team).toBe('Facilitator');
});
