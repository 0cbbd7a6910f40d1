import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test.ts';
import { createMission, createUser, signIn, withRoleProfile } from './support/app.ts';

/**
 * Every screen names itself in the browser tab, no two alike, and the dashboard greets the person by
 * name while the programme name stands only where it belongs (docs/product.md#constants).
 */

const PRODUCT = 'Mission Control';
const PROGRAMME = 'Community Mission Game 2025';

test.describe('document titles and names', () => {
  test('every screen has its own title', async ({ page }) => {
    const seen = new Map<string, string>();
    const visit = async (path: string, screen: string | null) => {
      await page.goto(path);
      const expected = screen === null ? PRODUCT : `${screen} · ${PRODUCT}`;
      await expect(page).toHaveTitle(expected);
      const before = seen.get(expected);
      expect(before, `${path} has the same title as ${before ?? ''}`).toBeUndefined();
      seen.set(expected, path);
    };

    await visit('/', null);
    await visit('/signin', 'Sign in');
    await visit('/signup', 'Sign up');
    await visit('/reset-password', 'Reset sign-in');
    await visit('/no-such-page-anywhere', 'Page not found');

    const user = await withRoleProfile(await createUser());
    const { mission_id: missionId, name } = await createMission(user);
    await signIn(page, user);
    await visit('/dashboard', 'Dashboard');
    await visit('/role-profile', 'Edit Your Role Profile');
    await visit('/view-role-profile', 'My Role Profile');
    await visit('/view-my-mission', 'My Mission');
    await visit('/view-all-missions', 'All Missions');
    await visit(`/mission/${missionId}`, name);
    await visit(`/mission/${randomUUID()}`, 'Mission Not Found');
    await visit('/create-mission', 'Create a Mission');
    await visit(`/create-mission?edit=${missionId}`, 'Update Mission');
    await visit('/pre-conference', 'Pre-Conference Survey');
    await visit('/post-conference', 'Post-Conference Survey');
    await visit('/speakers-directory', 'Speakers Directory');
    await visit('/agenda-schedule', 'Agenda Schedule');
    await visit('/live', 'Live results');
    await visit('/organiser', 'Not allowed');
  });

  test('the dashboard greets the person by name; the programme name stands twice, not three times', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const user = await createUser({ firstName: 'Zanele', lastName: 'Mokoena' });
    await signIn(page, user);
    await expect(page.getByText('Hello, Zanele', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `Welcome: ${PROGRAMME}` })).toBeVisible();
    await expect(page.getByRole('main').getByText(user.email)).toBeVisible();
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await expect(sidebar.getByText('Zanele Mokoena', { exact: true })).toBeVisible();
    await expect(page.getByText(PROGRAMME).filter({ visible: true })).toHaveCount(2);
    await expect(page.getByRole('banner').getByText(PROGRAMME)).toHaveCount(0);
  });
});
