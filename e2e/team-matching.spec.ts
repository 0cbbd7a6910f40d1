import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './support/test.ts';
import {
  createMission,
  createUser,
  enterAuthenticatorCode,
  expectNoA11yViolations,
  makeOrganiser,
  rpc,
  signIn,
  withAuthenticator,
  withRoleProfile,
  type E2EUser,
} from './support/app.ts';
import { expectNoA11yViolationsEverywhere } from './support/every-look.ts';

/*
 * Matching (docs/product.md#matching, #team-builder): missions that need an attendee, people who
 * fit a mission, and the organisers' team builder. Each test makes up a skill word nobody else
 * writes, so its own people and role meet whatever else the shared database holds.
 */

/** A person whose role profile names `skill`, with no archetype or objective another role could want. */
async function personWriting(firstName: string, skill: string): Promise<E2EUser> {
  const person = await withRoleProfile(await createUser({ firstName, lastName: 'Fitter' }));
  await rpc(person, 'update_role_profile', {
    p_user_id: person.id,
    p_intention: 'Serve where I fit',
    p_skills_and_resources: `Years of ${skill} with groups`,
    p_knowledge_and_experience: 'Ten years of events',
    p_community_need: 'Clean water',
    p_contribution: 'Organising',
    p_first_action_next_7_days: 'Call the council',
    p_role_title: 'Navigator',
    p_high_objective: 'Not sure yet',
    p_role_archype: 'Storyteller',
  });
  return person;
}

/** Switches the device to the light theme and checks the screen with axe in it too. */
async function expectLightThemeClean(page: Page): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('light');
  await expectNoA11yViolations(page);
}

async function missionWanting(tag: string, skill: string) {
  const owner = await withRoleProfile(await createUser({ firstName: `Olu${tag}`, lastName: 'Owner' }));
  const mission = await createMission(owner, { p_name: `Fit ${tag}` });
  const [role] = await rpc<{ role_id: string }[]>(owner, 'save_mission_role', {
    p_mission_id: mission.mission_id,
    p_title: 'Facilitator',
    p_description: 'Runs the circles',
    p_skills: [skill],
    p_places: 1,
  });
  if (!role) throw new Error('save_mission_role answered no role');
  return { owner, mission, roleId: role.role_id };
}

test('an attendee finds a mission that needs them on the dashboard, asks to join, the owner accepts from the bell, they see the team', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const tag = `Mn${randomUUID().slice(0, 6)}`;
  const skill = `kelp${randomUUID().slice(0, 6)}`;
  const { owner, mission } = await missionWanting(tag, skill);
  const attendee = await personWriting(`Ama${tag}`, skill);

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, attendee);
  const fit = page.getByTestId('missions-for-me').getByTestId('mission-fit').filter({ hasText: mission.name });
  await expect(fit).toContainText(`${mission.name} needs a Facilitator`);
  await expect(fit).toContainText(`wants: ${skill}; you wrote: ${skill}`);
  await expectNoA11yViolations(page);
  await fit.getByRole('button', { name: 'Ask to join as Facilitator' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask to join as Facilitator' });
  await dialog.getByLabel('Message to the owners').fill('This is what I do.');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog).toBeHidden();
  await expect(fit.getByText('Request open')).toBeVisible();

  // The same card on All Missions, on a laptop.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/view-all-missions');
  await expect(page.getByTestId('missions-for-me').getByTestId('mission-fit').filter({ hasText: mission.name })).toBeVisible();
  await expectNoA11yViolations(page);
  await expectLightThemeClean(page);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  const ownerPage = await context.newPage();
  await signIn(ownerPage, owner);
  await ownerPage.getByRole('button', { name: /Notifications/ }).click();
  const item = ownerPage.getByRole('listitem').filter({ hasText: `Ama${tag} Fitter asks to join “${mission.name}” as Facilitator.` });
  await item.getByRole('button', { name: 'Accept' }).click();
  await expect(item.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await context.close();

  await page.goto('/view-my-mission');
  await expect(page.getByRole('heading', { level: 1, name: mission.name })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Team members' })).toContainText(`Ama${tag} Fitter`);
});

test('an owner invites someone from "People who fit your mission"', async ({ page }) => {
  const tag = `Pf${randomUUID().slice(0, 6)}`;
  const skill = `reef${randomUUID().slice(0, 6)}`;
  const { owner, roleId } = await missionWanting(tag, skill);
  const person = await personWriting(`Pia${tag}`, skill);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, owner, '/view-my-mission');
  const card = page.getByTestId('people-who-fit');
  const line = card.getByTestId('person-fit').filter({ hasText: `Pia${tag} Fitter` });
  await expect(line).toContainText(`wants: ${skill}; they wrote: ${skill}`);
  await expect(line).toContainText('On no team yet');
  await expectNoA11yViolations(page);
  await line.getByRole('button', { name: `Invite Pia${tag} Fitter` }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: `Invited Pia${tag}.` })).toBeVisible();
  await expect(line.getByText('Invitation open')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(line).toBeVisible();
  await expectNoA11yViolations(page);
  await expectLightThemeClean(page);

  const invitations = await rpc<{ kind: string; role_id: string }[]>(person, 'get_my_team_requests', {});
  expect(invitations).toEqual([expect.objectContaining({ kind: 'invite', role_id: roleId })]);
});

test('an organiser previews the team builder’s proposal and sends it as invitations, which the person reads as the organisers’ proposal', async ({
  page,
  browser,
}) => {
  test.setTimeout(200_000);
  const tag = `Tb${randomUUID().slice(0, 6)}`;
  const skill = `moss${randomUUID().slice(0, 6)}`;
  const { roleId, mission } = await missionWanting(tag, skill);
  const person = await personWriting(`Tau${tag}`, skill);
  const organiser = await createUser({ firstName: `Thandi${tag}`, lastName: 'Nkosi' });
  makeOrganiser(organiser);
  const secret = await withAuthenticator(organiser);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, organiser);
  await enterAuthenticatorCode(page, secret);
  await page.goto('/organiser/team-builder');
  await expect(page.getByRole('heading', { level: 1, name: 'Team builder' })).toBeVisible();
  await expect(page.getByTestId('builder-overview')).toContainText(/attendees? with a role profile (is|are) on no team/);
  await page.getByRole('button', { name: 'Propose teams' }).click();
  const proposal = page.getByTestId('builder-proposal');
  const placement = proposal.getByTestId('builder-placement').filter({ hasText: `Tau${tag} Fitter` });
  await expect(placement).toContainText(`Tau${tag} Fitter → Fit ${tag}, as Facilitator`);
  await expect(placement).toContainText(`Fit 3: wants: ${skill}; they wrote: ${skill}`);
  await expectNoA11yViolations(page);

  // Only this test's person is sent: the shared database holds other people the builder places.
  await proposal.getByRole('button', { name: 'Select none' }).click();
  await placement.getByRole('checkbox', { name: `Invite Tau${tag} Fitter` }).check();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoA11yViolations(page);
  await expectLightThemeClean(page);
  await proposal.getByRole('button', { name: 'Send 1 invitation' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Sent 1 invitation.' })).toBeVisible();
  await expect(proposal).toHaveCount(0);

  const invitations = await rpc<{ kind: string; role_id: string }[]>(person, 'get_my_team_requests', {});
  expect(invitations).toEqual([expect.objectContaining({ kind: 'invite', role_id: roleId })]);
  const teams = await rpc<unknown[]>(person, 'get_user_related_missions', { p_user_id: person.id });
  expect(teams).toEqual([]);

  // The person reads it as the organisers' proposal: whose team it is and why they fit, never a personal invitation from the organiser.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  const personPage = await context.newPage();
  await signIn(personPage, person);
  const card = personPage.getByTestId('team-request').filter({ hasText: `Fit ${tag}` });
  await expect(card).toContainText(`The organisers propose you for “Fit ${tag}” as Facilitator.`);
  await expect(card).toContainText(`The mission’s owners: Olu${tag} Owner.`);
  await expect(card).toContainText(`It wants what you wrote: ${skill}.`);
  await expect(card).not.toContainText('You are invited');
  await expect(card).not.toContainText(organiser.firstName);
  await expectNoA11yViolationsEverywhere(personPage, card);
  // The mission's page says the same beside the role.
  await personPage.goto(`/mission/${mission.mission_id}`);
  await expect(personPage.getByRole('paragraph').filter({ hasText: `The organisers propose you for “Fit ${tag}” as Facilitator.` })).toBeVisible();
  await expect(personPage.getByRole('button', { name: /^Accept The organisers propose you/ })).toBeVisible();
  await expect(personPage.getByText(`The mission’s owners: Olu${tag} Owner.`)).toBeVisible();
  await context.close();
});
