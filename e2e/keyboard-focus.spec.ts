import { expect, test, type Locator, type Page } from './support/test.ts';
import { createMission, createUser, signIn, signInViaUi, withRoleProfile } from './support/app.ts';

/**
 * Where keyboard focus goes after the actions that used to drop it (docs/product.md#keyboard-and-focus):
 * a toggle keeps it, a dialog closed with Escape gives it back to its opener, and moving to another
 * screen puts it on that screen's main heading. Everything here is done with the keyboard.
 */

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

function card(page: Page, name: string): Locator {
  return page.getByTestId('mission-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** Focuses the control and activates it with Enter, as a keyboard user does. */
async function press(control: Locator, key = 'Enter'): Promise<void> {
  // A keyboard user reaches a control with keys, and their first key ends the new screen's wait to
  // put focus on its heading (app/RouteFocus.tsx); focus() alone presses none, so a screen still
  // loading could take focus back between focus() and the key.
  await control.page().keyboard.press('Shift');
  await control.focus();
  await control.press(key);
}

test.describe('keyboard focus', () => {
  test('Vote and Subscribe keep focus on the card and on the details page, also when the card moves', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const owner = await withRoleProfile(await createUser());
    const { name, mission_id: missionId } = await createMission(owner);
    await signIn(page, await createUser(), '/view-all-missions');

    const mine = card(page, name);
    await press(mine.getByRole('button', { name: 'Vote', exact: true }));
    await expect(mine.getByRole('button', { name: 'Unvote' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(mine.getByRole('button', { name: 'Vote', exact: true })).toBeFocused();

    await press(mine.getByRole('button', { name: 'Subscribe', exact: true }), ' ');
    await expect(mine.getByRole('button', { name: 'Unsubscribe' })).toBeFocused();

    // Sorted by votes, the voted card moves to the top: focus follows it.
    await page.getByLabel('Sort missions').selectOption('votes');
    await press(mine.getByRole('button', { name: 'Vote', exact: true }));
    await expect(mine.getByRole('button', { name: 'Unvote' })).toBeFocused();
    await expect(page.getByTestId('mission-card').first()).toContainText(name);

    await page.goto(`/mission/${missionId}`);
    await press(page.getByRole('button', { name: 'Unvote' }));
    await expect(page.getByRole('button', { name: 'Vote', exact: true })).toBeFocused();
  });

  test('a dialog closed with Escape gives focus back to the button that opened it', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    // Survey not done: Open Survey opens the anonymity dialog.
    await signIn(page, await createUser());
    const openSurvey = page.getByRole('button', { name: 'Open Survey' });
    await press(openSurvey);
    await expect(page.getByRole('dialog', { name: 'Do you want to stay anonymous?' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(openSurvey).toBeFocused();

    // With a role profile: Create Mission's confirmation.
    await page.evaluate(() => localStorage.clear());
    const leader = await withRoleProfile(await createUser());
    await signIn(page, leader);
    const create = page.getByRole('button', { name: 'Create Mission' });
    // The button waits, disabled, until the dashboard knows the profile is there.
    await expect(create).toBeEnabled();
    await press(create);
    await expect(page.getByRole('dialog', { name: 'Confirm Mission Creation' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(create).toBeFocused();
    // Cancel returns it too.
    await press(create);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).press('Enter');
    await expect(create).toBeFocused();

    // With a mission: Manage Team.
    await createMission(leader);
    await page.reload();
    const manage = page.getByRole('button', { name: 'Manage Team' });
    await press(manage);
    await expect(page.getByRole('dialog', { name: 'Manage Team' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(manage).toBeFocused();

    // A speaker's dialog in the directory.
    await page.goto('/speakers-directory');
    const opener = page.getByRole('list', { name: 'Speakers' }).getByRole('button').first();
    await press(opener);
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(opener).toBeFocused();
  });

  test("after a sidebar link, an in-page link and Back, focus is on the new screen's heading", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const owner = await withRoleProfile(await createUser());
    const { name } = await createMission(owner);
    await signInViaUi(page, await createUser());
    // Signing in is a move to another screen too.
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await press(sidebar.getByRole('link', { name: 'All Missions' }));
    await expect(page.getByRole('heading', { level: 1, name: 'All Missions' })).toBeFocused();

    await press(card(page, name).getByRole('link', { name: 'View Details' }));
    await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'All Missions' })).toBeFocused();

    // Into the conference group, whose screens load their own data.
    await press(sidebar.getByRole('button', { name: 'Conference 2025' }));
    await press(sidebar.getByRole('link', { name: 'Speakers Directory' }));
    await expect(page.getByRole('heading', { level: 1, name: 'Speakers Directory' })).toBeFocused();
    await press(sidebar.getByRole('link', { name: 'Profile' }));
    await expect(page.getByRole('heading', { level: 1, name: 'My Role Profile' })).toBeFocused();
  });

  test('on a phone, a link in the menu drawer closes it and focus lands on the new heading, not the menu button', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, await createUser());
    await press(page.getByRole('button', { name: 'Open menu' }));
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await press(drawer.getByRole('link', { name: 'My Mission' }));
    await expect(drawer).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'My Mission' })).toBeFocused();
  });

  test('a busy button stays focused and cannot be pressed twice', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const user = await withRoleProfile(await createUser());
    await signIn(page, user, '/role-profile');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    await page.route('**/rest/v1/rpc/update_role_profile', async (route) => {
      calls += 1;
      await held;
      await route.continue();
    });
    const save = page.getByRole('button', { name: 'Save Profile' });
    await press(save);
    const busy = page.getByRole('button', { name: 'Saving...' });
    await expect(busy).toBeFocused();
    await expect(busy).toBeDisabled();
    await busy.press('Enter');
    release();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(calls).toBe(1);
  });
});
