import { expect, test, type Locator, type Page } from './support/test.ts';
import { createMission, createUser, expectNoA11yViolations, rpc, screenReady, signIn, trackApiCalls, withRoleProfile, type E2EUser } from './support/app.ts';

/**
 * The light and the dark theme (docs/decisions/024-light-theme.md): the device's setting by default,
 * the person's own choice (System / Light / Dark in the sidebar) kept on the device and in place
 * before the app's code runs, and the same contrast rules (axe) on the main screens in both.
 */

const THEMES = ['light', 'dark'] as const;

const theme = (page: Page) => page.locator('html').getAttribute('data-theme');

/** Someone with a profile and a mission, so the dashboard, the mission screens and the dialogs have something to show. */
async function leader(): Promise<{ user: E2EUser; missionId: string }> {
  const member = await withRoleProfile(await createUser({ firstName: 'Lindiwe', lastName: 'Member' }));
  const user = await withRoleProfile(await createUser({ firstName: 'Sipho', lastName: 'Leader' }));
  const { mission_id: missionId } = await createMission(user, { p_member_ids: [member.id] });
  return { user, missionId };
}

test.describe('themes', () => {
  test.beforeEach(({ page }) => trackApiCalls(page));

  test('follows the system setting, and the switch overrides it on this device', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await signIn(page, await createUser());
    expect(await theme(page)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => theme(page)).toBe('light');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const lightBackground = await background();

    // The switch lives in the sidebar (the menu on a phone, always shown from 1280 px).
    await page.setViewportSize({ width: 1280, height: 900 });
    const switcher = page.getByRole('group', { name: 'Theme' });
    await expect(switcher.getByRole('radio', { name: 'System' })).toBeChecked();
    await switcher.getByText('Dark', { exact: true }).click();
    await expect(switcher.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await expect.poll(() => theme(page)).toBe('dark');
    expect(await background()).not.toBe(lightBackground);

    // Kept on reload, whatever the system says.
    await page.reload();
    await expect(page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(await theme(page)).toBe('dark');

    // Back to System: the device decides again.
    await page.getByRole('group', { name: 'Theme' }).getByText('System', { exact: true }).click();
    await expect.poll(() => theme(page)).toBe('light');
    expect(await page.evaluate(() => localStorage.getItem('mc-theme'))).toBeNull();
  });

  test('the chosen theme is on the page before the app code runs, under the Content-Security-Policy', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.goto('/signin');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await page.evaluate(() => localStorage.setItem('mc-theme', 'light'));

    // Without the app's own scripts only public/theme.js can have set it.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/signin');
    expect(await theme(page)).toBe('light');
    expect(refused).toEqual([]);
  });

  for (const wanted of THEMES) {
    test.describe(`no axe violations in the ${wanted} theme`, () => {
      test.use({ colorScheme: wanted });

      test('sign-in, and the dashboard of a newcomer', async ({ page }) => {
        await page.goto('/signin');
        await screenReady(page, page.getByRole('heading', { name: 'Welcome Back' }));
        expect(await theme(page)).toBe(wanted);
        await expectNoA11yViolations(page);
        await signIn(page, await createUser());
        await screenReady(page, page.getByText('Complete Survey Required'));
        await expectNoA11yViolations(page);
      });

      test('the dashboard with a mission, and Manage Team', async ({ page }) => {
        const { user } = await leader();
        await signIn(page, user);
        expect(await theme(page)).toBe(wanted);
        await screenReady(page, page.getByRole('button', { name: 'Manage Team' }));
        await expectNoA11yViolations(page);
        await page.getByRole('button', { name: 'Manage Team' }).click();
        await screenReady(page, page.getByRole('dialog', { name: 'Manage Team' }).getByText(/Current Team Members/));
        await expectNoA11yViolations(page);
      });

      test('the notification bell with an unread item', async ({ page }) => {
        const { user: author, missionId } = await leader();
        const follower = await createUser();
        await rpc(follower, 'toggle_mission_subscription', { p_mission_id: missionId });
        await rpc(author, 'update_mission', { p_mission_id: missionId, p_updated_by: author.id, p_core_message: 'Louder now' });
        await signIn(page, follower);
        const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
        await bell.click();
        const panel = page.getByRole('dialog', { name: 'Notifications' });
        await screenReady(page, panel.getByRole('button', { name: 'Mark as read' }));
        expect(await theme(page)).toBe(wanted);
        await expectNoA11yViolations(page);
      });

      for (const width of [1280, 390]) {
        test(`missions, profile, survey, speakers and agenda at ${width} px`, async ({ page }) => {
          test.setTimeout(180_000);
          await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
          const { user, missionId } = await leader();
          await signIn(page, user);
          const screens: { path: string; marker: (page: Page) => Locator }[] = [
            { path: '/view-all-missions', marker: (p) => p.getByTestId('mission-card') },
            { path: `/mission/${missionId}`, marker: (p) => p.getByRole('heading', { level: 1 }) },
            { path: '/view-my-mission', marker: (p) => p.getByRole('heading', { level: 1 }) },
            { path: '/role-profile', marker: (p) => p.getByRole('heading', { level: 1 }) },
            { path: '/pre-conference', marker: (p) => p.getByRole('button', { name: 'Mark as Completed' }) },
            { path: '/speakers-directory', marker: (p) => p.getByRole('heading', { name: 'Speakers Directory' }) },
            { path: '/agenda-schedule', marker: (p) => p.getByRole('heading', { name: 'Agenda Schedule' }) },
            { path: '/view-role-profile', marker: (p) => p.getByRole('heading', { level: 1 }) },
          ];
          for (const screen of screens) {
            await page.goto(screen.path);
            await screenReady(page, screen.marker(page));
            expect(await theme(page)).toBe(wanted);
            await expectNoA11yViolations(page);
          }
        });
      }
    });
  }
});
