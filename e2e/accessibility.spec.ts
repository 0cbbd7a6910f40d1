import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from './support/test.ts';
import { createMission, createUser, expectNoA11yViolations, rpc, screenReady, signIn, trackApiCalls, withRoleProfile, type E2EUser } from './support/app.ts';

/**
 * axe-core on every screen of docs/product.md, signed out and signed in with data, in each of the
 * states a person meets (dashboard variants, open dialogs, empty and filled pages). One test per
 * screen and state, so a failure names exactly the screen whose markup breaks a rule.
 */

test.beforeEach(({ page }) => trackApiCalls(page));

async function withSurvey(user: E2EUser): Promise<E2EUser> {
  await rpc(user, 'mark_survey_completed', { p_user_id: user.id, p_survey_type: 'pre_survey_completed' });
  return user;
}

async function withMission(user: E2EUser, memberIds: string[] = []): Promise<{ user: E2EUser; missionId: string; name: string }> {
  await withRoleProfile(user);
  const { mission_id: missionId, name } = await createMission(user, { p_member_ids: memberIds });
  return { user, missionId, name };
}

/** Forgets the session in this tab and signs another person in. */
async function switchUser(page: Page, user: E2EUser): Promise<void> {
  await page.evaluate(() => localStorage.clear());
  await signIn(page, user);
}

test.describe('accessibility, signed out', () => {
  const screens: { path: string; marker: (page: Page) => Locator }[] = [
    { path: '/', marker: (page) => page.getByRole('link', { name: /sign in/i }) },
    { path: '/signin', marker: (page) => page.getByRole('heading', { name: 'Welcome Back' }) },
    { path: '/signup', marker: (page) => page.getByRole('heading', { name: 'Create Account' }) },
    { path: '/reset-password', marker: (page) => page.getByRole('heading') },
    { path: '/unsubscribe?token=not-a-token', marker: (page) => page.getByRole('button', { name: 'Unsubscribe' }) },
    { path: '/no-such-page-anywhere', marker: (page) => page.getByRole('link', { name: 'Return Home' }).or(page.getByRole('button', { name: 'Return Home' })) },
  ];
  for (const screen of screens) {
    test(`${screen.path} has no axe violations`, async ({ page }) => {
      await page.goto(screen.path);
      await screenReady(page, screen.marker(page));
      await expectNoA11yViolations(page);
    });
  }
});

test.describe('accessibility, signed in: dashboard variants', () => {
  test('survey not completed, and the anonymity dialog', async ({ page }) => {
    const user = await createUser();
    await signIn(page, user);
    await screenReady(page, page.getByText('Complete Survey Required'));
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Open Survey' }).click();
    await screenReady(page, page.getByRole('dialog', { name: 'Do you want to stay anonymous?' }));
    await expectNoA11yViolations(page);
  });

  test('survey completed, no role profile yet', async ({ page }) => {
    const user = await withSurvey(await createUser());
    await signIn(page, user);
    await screenReady(page, page.getByText('Ready to Create Profile'));
    await expectNoA11yViolations(page);
  });

  test('role profile active, and the Confirm Mission Creation dialog', async ({ page }) => {
    const user = await withRoleProfile(await createUser());
    await signIn(page, user);
    await screenReady(page, page.getByText('Your Role Profile'));
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Create Mission' }).click();
    await screenReady(page, page.getByRole('dialog', { name: 'Confirm Mission Creation' }));
    await expectNoA11yViolations(page);
  });

  test('with a mission card, and the Manage Team dialog open', async ({ page }) => {
    const member = await withRoleProfile(await createUser({ firstName: 'Thabo', lastName: 'Member' }));
    await withRoleProfile(await createUser({ firstName: 'Thandi', lastName: 'Candidate' }));
    const { user } = await withMission(await createUser(), [member.id]);
    await signIn(page, user);
    await screenReady(page, page.getByRole('button', { name: 'Manage Team' }));
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Manage Team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Team' });
    await screenReady(page, dialog.getByText(/Current Team Members/));
    await expectNoA11yViolations(page);

    await dialog.getByPlaceholder('Search by name or email...').fill('Thandi');
    await screenReady(page, dialog.getByRole('button', { name: 'Add Member' }));
    await expectNoA11yViolations(page);
  });
});

test.describe('accessibility, signed in: screens with data', () => {
  test('/role-profile, new and filled in', async ({ page }) => {
    const user = await withSurvey(await createUser());
    await signIn(page, user, '/role-profile');
    await screenReady(page, page.getByRole('heading', { name: 'Create Your Role Profile' }));
    await expectNoA11yViolations(page);

    await switchUser(page, await withRoleProfile(await createUser()));
    await page.goto('/role-profile');
    await screenReady(page, page.getByRole('button', { name: 'Save Profile' }));
    await expect(page.getByText('Loading profile data...')).toHaveCount(0);
    await expectNoA11yViolations(page);
  });

  test('/view-role-profile, with a profile and without', async ({ page }) => {
    const user = await withRoleProfile(await createUser());
    await signIn(page, user, '/view-role-profile');
    await screenReady(page, page.getByRole('button', { name: 'Edit Profile' }).or(page.getByRole('link', { name: 'Edit Profile' })));
    await expectNoA11yViolations(page);

    await switchUser(page, await createUser());
    await page.goto('/view-role-profile');
    await screenReady(page, page.getByText('No Profile Yet'));
    await expectNoA11yViolations(page);
  });

  test('/view-my-mission, with a mission and team, and without', async ({ page }) => {
    const member = await withRoleProfile(await createUser());
    const { user } = await withMission(await createUser(), [member.id]);
    await signIn(page, user, '/view-my-mission');
    await screenReady(page, page.getByText('Browse All Missions'));
    await expectNoA11yViolations(page);

    await switchUser(page, await createUser());
    await page.goto('/view-my-mission');
    await screenReady(page, page.getByText('No Mission Found'));
    await expectNoA11yViolations(page);
  });

  test('/view-all-missions with missions, grid and list', async ({ page }) => {
    const other = await withMission(await createUser({ firstName: 'Naledi', lastName: 'Founder' }));
    const mine = await withMission(await createUser());
    await rpc(mine.user, 'toggle_mission_vote', { p_mission_id: other.missionId });
    await rpc(mine.user, 'toggle_mission_subscription', { p_mission_id: other.missionId });
    await signIn(page, mine.user, '/view-all-missions');
    await screenReady(page, page.getByRole('heading', { name: other.name }));
    await expectNoA11yViolations(page);

    const list = page
      .getByRole('button', { name: /list/i })
      .or(page.getByRole('radio', { name: /list/i }))
      .or(page.getByRole('tab', { name: /list/i }));
    if ((await list.count()) > 0) {
      await list.first().click();
      await expectNoA11yViolations(page);
    }
  });

  test('/mission/:id', async ({ page }) => {
    const member = await withRoleProfile(await createUser());
    const { missionId, name } = await withMission(await createUser({ firstName: 'Sipho', lastName: 'Owner' }), [member.id]);
    const viewer = await createUser();
    await signIn(page, viewer, `/mission/${missionId}`);
    await screenReady(page, page.getByRole('heading', { name }));
    await expectNoA11yViolations(page);
  });

  test('/mission/:id of a mission that does not exist', async ({ page }) => {
    await signIn(page, await createUser(), `/mission/${randomUUID()}`);
    await screenReady(page, page.getByText(/Mission Not Found/));
    await expectNoA11yViolations(page);
  });

  test('/create-mission, new and in edit mode', async ({ page }) => {
    const fresh = await withRoleProfile(await createUser());
    await signIn(page, fresh, '/create-mission');
    await screenReady(page, page.getByRole('heading', { name: 'Create a Mission' }));
    await expectNoA11yViolations(page);

    const { user, missionId, name } = await withMission(await createUser());
    await switchUser(page, user);
    await page.goto(`/create-mission?edit=${missionId}`);
    await screenReady(page, page.getByLabel('Mission Name'));
    await expect(page.getByLabel('Mission Name')).toHaveValue(name);
    await expectNoA11yViolations(page);
  });

  test('/pre-conference', async ({ page }) => {
    await signIn(page, await createUser(), '/pre-conference');
    await expect(page.getByRole('button', { name: 'Mark as Completed' })).toBeVisible();
    // The survey form loads in a frame; wait for its heading rather than for an idle network.
    await expect(page.frameLocator('iframe').first().getByRole('heading').first()).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('/post-conference', async ({ page }) => {
    const { user } = await withMission(await createUser());
    await signIn(page, user, '/post-conference');
    await expect(page.getByRole('button', { name: 'Mark as Completed' })).toBeVisible();
    // The survey form loads in a frame; wait for its heading rather than for an idle network.
    await expect(page.frameLocator('iframe').first().getByRole('heading').first()).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('/speakers-directory', async ({ page }) => {
    await signIn(page, await createUser(), '/speakers-directory');
    await screenReady(page, page.getByRole('heading', { level: 1, name: 'Speakers Directory' }));
    await expectNoA11yViolations(page);
  });

  test('/agenda-schedule', async ({ page }) => {
    await signIn(page, await createUser(), '/agenda-schedule');
    await screenReady(page, page.getByRole('heading', { level: 1, name: 'Agenda Schedule' }));
    await expectNoA11yViolations(page);
  });
});
