import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from './support/test.ts';
import { createMission, createUser, expectNoA11yViolations, rpc, signIn, withRoleProfile, type E2EUser } from './support/app.ts';
import { USER_SEARCH_DEBOUNCE_MS } from '../packages/contract/src/constants.ts';

/**
 * The Manage Team dialog (docs/product.md#manage-team-dialog) opened from the dashboard's mission card. People and the
 * mission are set up through the API; everything the owner does happens in the browser.
 */

const SEARCH_PROCEDURE = '**/rest/v1/rpc/search_users_with_profiles';
const MEMBERS_PROCEDURE = '**/rest/v1/rpc/get_mission_members';

interface Crew {
  tag: string;
  owner: E2EUser;
  member: E2EUser;
  candidate: E2EUser;
  late: E2EUser;
  noProfile: E2EUser;
  refuser: E2EUser;
  missionId: string;
}

/** An owner with a mission and one member, two people to find, and one without a profile. */
async function crew(): Promise<Crew> {
  const tag = `Zx${randomUUID().slice(0, 6)}`;
  const owner = await withRoleProfile(await createUser({ firstName: `Olga${tag}`, lastName: 'Owner' }));
  const member = await withRoleProfile(await createUser({ firstName: `Mia${tag}`, lastName: 'Member' }));
  const candidate = await withRoleProfile(await createUser({ firstName: `Cara${tag}`, lastName: 'Candidate' }));
  const late = await withRoleProfile(await createUser({ firstName: `Leo${tag}`, lastName: 'Late' }));
  const noProfile = await createUser({ firstName: `Nora${tag}`, lastName: 'Noprofile' });
  const refuser = await withRoleProfile(await createUser({ firstName: `Rita${tag}`, lastName: 'Refuser' }));
  await rpc(refuser, 'save_notification_settings', { p_email_digest: 'off', p_allow_team_additions: false });
  const missionId = (await createMission(owner, { p_member_ids: [member.id] })).mission_id;
  return { tag, owner, member, candidate, late, noProfile, refuser, missionId };
}

function toast(page: Page, text: string): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

async function openManageTeam(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Manage Team' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage Team' });
  await expect(dialog).toBeVisible();
  return dialog;
}

const results = (dialog: Locator) => dialog.getByRole('list', { name: 'Search results' });
const members = (dialog: Locator) => dialog.getByRole('list', { name: /Current Team Members/ });
const row = (list: Locator, email: string) => list.getByRole('listitem').filter({ hasText: email.toLowerCase() });

test.describe('Manage Team dialog', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('searches after a 500 ms pause, adds, follows a change made elsewhere and removes members', async ({ page }) => {
    const { tag, owner, member, candidate, late, noProfile, refuser, missionId } = await crew();
    let searches = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/rest/v1/rpc/search_users_with_profiles')) searches += 1;
    });

    // The page's clock is Playwright's, so the debounce can be stepped through whatever the machine's load.
    await page.clock.install();
    await signIn(page, owner);
    const dialog = await openManageTeam(page);
    const search = dialog.getByPlaceholder('Search by name or email...');

    // The team: the owner with a badge and no remove button, the member removable.
    await expect(dialog.getByRole('heading', { name: 'Current Team Members (2)' })).toBeVisible();
    const ownerRow = row(members(dialog), owner.email);
    await expect(ownerRow.getByText('Owner', { exact: true })).toBeVisible();
    await expect(ownerRow.getByTitle('Remove member')).toHaveCount(0);
    await expect(row(members(dialog), member.email).getByTitle('Remove member')).toBeVisible();

    // Debounce: typing sends one search, only after the pause. Time stands still while typing.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    await search.pressSequentially(tag, { delay: 40 });
    await expect(dialog.getByText('Searching...')).toBeVisible();
    await page.clock.runFor(USER_SEARCH_DEBOUNCE_MS - 1);
    await expect(dialog.getByText('Searching...')).toBeVisible();
    expect(searches).toBe(0);
    await page.clock.runFor(1);
    await expect(results(dialog)).toBeVisible();
    expect(searches).toBe(1);
    await page.clock.resume();

    // The caller and people without a role profile never show; members are marked.
    await expect(row(results(dialog), owner.email)).toHaveCount(0);
    await expect(row(results(dialog), noProfile.email)).toHaveCount(0);
    await expect(row(results(dialog), member.email).getByText('Already a member')).toBeVisible();
    await expect(row(results(dialog), member.email)).toContainText(`Mia${tag} Member`);
    const candidateResult = row(results(dialog), candidate.email);
    await expect(candidateResult).toContainText(`Cara${tag} Candidate`);
    // Someone who refuses additions says so, and is not offered a button that would be refused.
    const refuserResult = row(results(dialog), refuser.email);
    await expect(refuserResult.getByText("Doesn't accept additions")).toBeVisible();
    await expect(refuserResult.getByRole('button', { name: /Add Member/ })).toHaveCount(0);

    // Added with the keyboard: focus comes back to the search box, not to the dialog.
    await candidateResult.getByRole('button', { name: /Add Member/ }).focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Member added successfully!')).toBeVisible();
    await expect(search).toBeFocused();
    await expect(dialog.getByRole('heading', { name: 'Current Team Members (3)' })).toBeVisible();
    await expect(candidateResult.getByText('Already a member')).toBeVisible();
    await expect(row(members(dialog), candidate.email).getByTitle('Remove member')).toBeVisible();

    // Someone else adds this person meanwhile: the live channel brings the change into the open dialog.
    await rpc(owner, 'add_mission_member', { p_mission_id: missionId, p_user_id: late.id });
    await expect(dialog.getByRole('heading', { name: 'Current Team Members (4)' })).toBeVisible();
    await expect(row(results(dialog), late.email).getByText('Already a member')).toBeVisible();

    // Remove two members (each on a second press, "Remove"); the list and the count follow. Focus
    // goes to the next row's remove button, and with no row after, to the search box.
    await row(members(dialog), candidate.email).getByTitle('Remove member').click();
    await row(members(dialog), candidate.email).getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(toast(page, 'Member removed successfully')).toBeVisible();
    await expect(row(members(dialog), candidate.email)).toHaveCount(0);
    await expect(row(members(dialog), late.email).getByTitle('Remove member')).toBeFocused();
    await page.keyboard.press('Enter');
    await row(members(dialog), late.email).getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(dialog.getByRole('heading', { name: 'Current Team Members (2)' })).toBeVisible();
    await expect(search).toBeFocused();
    await expect(row(results(dialog), candidate.email).getByRole('button', { name: /Add Member/ })).toBeVisible();

    // No match, then empty text clears the results at once.
    await search.fill(`${tag}-nobody`);
    await expect(dialog.getByText('No users found')).toBeVisible();
    await search.fill('');
    await expect(dialog.getByText('No users found')).toHaveCount(0);
    await expect(results(dialog)).toHaveCount(0);

    // Close, and the team is shown the same on reopening.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    const again = await openManageTeam(page);
    await expect(again.getByRole('heading', { name: 'Current Team Members (2)' })).toBeVisible();
    await expect(again.getByPlaceholder('Search by name or email...')).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(again).toBeHidden();
  });

  test('without the live channel, adding someone already added elsewhere is refused with the server message', async ({ page }) => {
    const { tag, owner, late, missionId } = await crew();
    // A network that blocks WebSockets: the dialog cannot learn of the other addition.
    await page.routeWebSocket(/\/live\/v1\/websocket/, (socket) => socket.close());
    await signIn(page, owner);
    const dialog = await openManageTeam(page);
    await dialog.getByPlaceholder('Search by name or email...').fill(tag);
    const addLate = row(results(dialog), late.email).getByRole('button', { name: /Add Member/ });
    await expect(addLate).toBeVisible();

    await rpc(owner, 'add_mission_member', { p_mission_id: missionId, p_user_id: late.id });
    await addLate.click();
    await expect(toast(page, 'User is already a member')).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Current Team Members (3)' })).toBeVisible();
  });

  test('shows the loading text, an error with "Try again" when members fail to load (never an empty team), and a search failure', async ({ page }) => {
    const { tag, owner } = await crew();
    await signIn(page, owner);

    let releaseMembers: () => void = () => undefined;
    const membersHeld = new Promise<void>((resolve) => {
      releaseMembers = resolve;
    });
    await page.route(MEMBERS_PROCEDURE, async (route) => {
      await membersHeld;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'XX000', message: 'boom', details: null, hint: null }),
      });
    });
    const dialog = await openManageTeam(page);
    await expect(dialog.getByText('Loading team members...')).toBeVisible();
    releaseMembers();
    await expect(dialog.getByRole('alert').getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(dialog.getByText('No team members added yet. Search above to add members.')).toHaveCount(0);

    await page.route(SEARCH_PROCEDURE, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'XX000', message: 'boom', details: null, hint: null }) }),
    );
    await dialog.getByPlaceholder('Search by name or email...').fill(tag);
    await expect(toast(page, 'Failed to search users')).toBeVisible();
    await expect(dialog.getByText('Searching...')).toHaveCount(0);
    await expect(results(dialog)).toHaveCount(0);
  });

  test('has no accessibility violations with results open, and fits a 360 px phone', async ({ page }) => {
    const { tag, owner, candidate } = await crew();
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, owner);
    const dialog = await openManageTeam(page);
    await expect(dialog.getByRole('heading', { name: /Current Team Members/ })).toBeVisible();
    await expect(dialog.getByPlaceholder('Search by name or email...')).toBeFocused();
    await page.keyboard.type(tag);
    await expect(row(results(dialog), candidate.email)).toBeVisible();

    const box = await dialog.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 360).toBe(true);
    const overflow = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await expectNoA11yViolations(page);

    // Keyboard: Enter on a focused Add Member button adds.
    const add = row(results(dialog), candidate.email).getByRole('button', { name: /Add Member/ });
    await add.focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Member added successfully!')).toBeVisible();
  });
});
