import { mkdirSync } from 'node:fs';
import { test, type Page } from './support/test.ts';
import {
  createMission,
  createUser,
  enterAuthenticatorCode,
  makeOrganiser,
  rpc,
  screenReady,
  signInViaUi,
  trackApiCalls,
  withAuthenticator,
  withRoleProfile,
  type E2EUser,
} from './support/app.ts';

/**
 * Not a test: `npm run screenshots` (playwright.screenshots.config.ts) walks every screen and saves
 * a full-page picture of each at both widths and in both themes, as screenshots/<width>-<theme>-<screen>.png.
 */

const OUT = 'screenshots';
const WIDTHS = [1280, 390];
const THEMES = ['dark', 'light'] as const;

interface Screen {
  name: string;
  path: string;
  /** What to do once the page is open (open a dialog, say) before the picture is taken. */
  then?: (page: Page) => Promise<void>;
}

/** Presses the button and waits for the dialog it opens. */
function openDialog(button: string): (page: Page) => Promise<void> {
  return async (page) => {
    await page.getByRole('button', { name: button }).click();
    await page.getByRole('dialog').waitFor();
  };
}

async function shoot(page: Page, screens: readonly Screen[]): Promise<void> {
  trackApiCalls(page);
  for (const theme of THEMES) {
    await page.evaluate((wanted) => window.localStorage.setItem('mc-theme', wanted), theme);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
      for (const screen of screens) {
        await page.goto(screen.path);
        await screenReady(page, page.locator('body'));
        await page
          .locator('[aria-busy="true"], [role="status"]:has-text("Loading")')
          .first()
          .waitFor({ state: 'detached', timeout: 5_000 })
          .catch(() => undefined);
        if (screen.then) await screen.then(page);
        // A dialog is pictured as the screen shows it; a page from top to bottom.
        await page.screenshot({ path: `${OUT}/${width}-${theme}-${screen.name}.png`, fullPage: !screen.then, animations: 'disabled' });
      }
    }
  }
}

test('every screen, at 1280 and 390 px, dark and light', async ({ page }) => {
  mkdirSync(OUT, { recursive: true });
  await page.goto('/');
  await shoot(page, [
    { name: 'landing', path: '/' },
    { name: 'signin', path: '/signin' },
    { name: 'signup', path: '/signup' },
    { name: 'reset-password', path: '/reset-password' },
    { name: 'not-found', path: '/no-such-page' },
  ]);

  // A newcomer: survey still to do.
  const newcomer = await createUser({ firstName: 'Nomvula', lastName: 'Dlamini' });
  await signInViaUi(page, newcomer);
  await shoot(page, [
    { name: 'dashboard-survey-required', path: '/dashboard' },
    { name: 'pre-conference', path: '/pre-conference' },
  ]);

  // Survey done, no profile yet.
  await rpc(newcomer, 'mark_survey_completed', { p_user_id: newcomer.id, p_survey_type: 'pre_survey_completed' });
  await shoot(page, [
    { name: 'dashboard-ready', path: '/dashboard' },
    { name: 'role-profile-new', path: '/role-profile' },
  ]);

  // A profile, no mission yet.
  await withRoleProfile(newcomer);
  await shoot(page, [
    { name: 'dashboard-create-mission', path: '/dashboard' },
    {
      name: 'create-mission-confirm',
      path: '/dashboard',
      then: openDialog('Create Mission'),
    },
    { name: 'mission-form-new', path: '/create-mission' },
  ]);

  // A team leader with a profile, a mission with members, and organiser rights.
  const leader: E2EUser = await withRoleProfile(await createUser({ firstName: 'Thandiwe', lastName: 'Mokoena-Fitzgerald' }));
  const members = await Promise.all([1, 2].map(async () => withRoleProfile(await createUser())));
  const mission = await createMission(leader, { p_member_ids: members.map((member) => member.id) });
  await createMission(members[0] as E2EUser);
  makeOrganiser(leader);
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await signInViaUi(page, leader);
  await shoot(page, [
    { name: 'dashboard-mission', path: '/dashboard' },
    {
      name: 'manage-team',
      path: '/dashboard',
      then: openDialog('Manage Team'),
    },
    { name: 'role-profile-edit', path: '/role-profile' },
    { name: 'view-role-profile', path: '/view-role-profile' },
    { name: 'my-mission', path: '/view-my-mission' },
    { name: 'all-missions', path: '/view-all-missions' },
    { name: 'mission-details', path: `/mission/${mission.mission_id}` },
    { name: 'mission-form', path: `/create-mission?edit=${mission.mission_id}` },
    { name: 'post-conference', path: '/post-conference' },
    { name: 'speakers', path: '/speakers-directory' },
    { name: 'agenda', path: '/agenda-schedule' },
    { name: 'live', path: '/live' },
    { name: 'organiser', path: '/organiser' },
    {
      name: 'menu',
      path: '/dashboard',
      then: async (open) => {
        const menu = open.getByRole('button', { name: 'Open menu' });
        if (await menu.isVisible()) await menu.click();
      },
    },
  ]);

  // The same organiser with an authenticator: the console's sections, the session editor and a new round.
  const secret = await withAuthenticator(leader);
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await signInViaUi(page, leader);
  await enterAuthenticatorCode(page, secret);
  await shoot(page, [
    { name: 'organiser-overview', path: '/organiser' },
    { name: 'organiser-programme', path: '/organiser/programme' },
    { name: 'organiser-session-editor', path: '/organiser/programme', then: openDialog('Edit session 3') },
    { name: 'organiser-missions', path: '/organiser/missions' },
    { name: 'organiser-people', path: '/organiser/people' },
    {
      name: 'organiser-new-round',
      path: '/organiser/rounds',
      then: async (open) => {
        await open.getByRole('button', { name: 'New round' }).click();
        await open.getByRole('heading', { name: 'New round' }).waitFor();
      },
    },
    { name: 'organiser-exports', path: '/organiser/exports' },
    { name: 'organiser-audit-log', path: '/organiser/audit-log' },
  ]);
});
