import { expect, test } from './support/test.ts';
import { createMission, createUser, expectNoA11yViolations, screenReady, signIn, trackApiCalls, withRoleProfile } from './support/app.ts';

/** My Mission with several missions, and /create-mission for someone who already has one (docs/product.md#my-mission, #mission-form). */

test.use({ viewport: { width: 1280, height: 900 } });

test('My Mission lists every mission the person is on and shows the one chosen', async ({ page }) => {
  trackApiCalls(page);
  const person = await withRoleProfile(await createUser({ firstName: 'Both', lastName: 'Teams' }));
  const other = await withRoleProfile(await createUser());
  const own = await createMission(person, { p_name: `Own ${Date.now().toString(36)}` });
  const joined = await createMission(other, { p_name: `Joined ${Date.now().toString(36)}`, p_member_ids: [person.id] });
  await signIn(page, person, '/view-my-mission');
  const missions = page.getByRole('navigation', { name: 'Your missions' });
  await screenReady(page, missions.getByRole('link', { name: new RegExp(joined.name) }));
  await expect(missions.getByText('You are on 2 missions:')).toBeVisible();
  await expect(missions.getByRole('link')).toHaveText([`${own.name}(Owner)`, `${joined.name}(Member)`]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(own.name);
  await expect(missions.getByRole('link', { name: new RegExp(own.name) })).toHaveAttribute('aria-current', 'page');

  await missions.getByRole('link', { name: new RegExp(joined.name) }).click();
  await expect(page).toHaveURL(new RegExp(`/view-my-mission\\?mission=${joined.mission_id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(joined.name);
  await expect(missions.getByRole('link', { name: new RegExp(joined.name) })).toHaveAttribute('aria-current', 'page');
  await expectNoA11yViolations(page);
});

test('/create-mission shows the mission someone already created, with the way to update it', async ({ page }) => {
  trackApiCalls(page);
  const person = await withRoleProfile(await createUser());
  const mission = await createMission(person);
  await signIn(page, person, '/create-mission');
  const own = page.getByTestId('own-mission');
  await screenReady(page, own);
  await expect(own).toContainText('You already have a mission.');
  await expect(own.getByRole('heading', { name: mission.name })).toBeVisible();
  await expect(page.getByLabel('Mission Name')).toHaveCount(0);
  await own.getByRole('link', { name: 'Update Mission' }).click();
  await expect(page).toHaveURL(new RegExp(`/create-mission\\?edit=${mission.mission_id}$`));
  await expect(page.getByLabel('Mission Name')).toHaveValue(mission.name);
});
