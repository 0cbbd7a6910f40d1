import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from './support/test.ts';
import { createMission, createUser, expectNoA11yViolations, rpc, signIn, withRoleProfile, type CreatedMission, type E2EUser } from './support/app.ts';

/**
 * Missions: the mission form, My Mission, All Missions and Mission details (docs/product.md). People
 * and their starting state are set up through the API; everything the test is about happens in the
 * browser.
 */

async function leader(overrides: Parameters<typeof createUser>[0] = {}): Promise<E2EUser> {
  return withRoleProfile(await createUser(overrides));
}

function toast(page: Page, text: string): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

/** Usable on a 360 px phone: nothing wider than the screen. */
async function expectFitsPhone(page: Page): Promise<void> {
  await page.setViewportSize({ width: 360, height: 740 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
}

function card(page: Page, name: string): Locator {
  return page.getByTestId('mission-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

test.describe('missions', () => {
  test('creates a mission from the dashboard: confirm dialog, required fields, counters, success', async ({ page }) => {
    const user = await leader({ firstName: 'Nadia', lastName: 'Creator' });
    await signIn(page, user);

    await page.getByRole('button', { name: 'Create Mission' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Mission Creation' });
    await expect(dialog).toContainText('Missions should be created by team leaders, are you sure you want to proceed?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Create Mission' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Proceed' }).click();
    await expect(page).toHaveURL(/\/create-mission$/);
    await expect(page.getByRole('heading', { name: 'Create a Mission' })).toBeVisible();
    await expect(page.getByLabel('Objective or Focus')).toHaveValue('');
    await expect(page.getByLabel('Objective or Focus').locator('option').first()).toHaveText('Select an objective or focus...');
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Create Mission' }).click();
    await expect(
      toast(
        page,
        'Please fill in all required fields: Mission name, Shared intention, Objective or focus, Statement, Core message, Problem being solved, First team action',
      ),
    ).toBeVisible();

    const name = `Clean Water ${randomUUID().slice(0, 6)}`;
    const nameField = page.getByLabel('Mission Name');
    await expect(page.getByTestId('touched-name')).toHaveCount(0);
    await nameField.fill(`  ${name}  `);
    await expect(page.getByTestId('touched-name')).toBeVisible();
    await page.getByLabel('Shared Intention').fill('Bring water to every home');
    await expect(page.getByText('25/1000')).toBeVisible();
    await page.getByLabel('Objective or Focus').selectOption('Life & Well-being');
    // Input beyond 1000 characters is ignored.
    await page.getByLabel('Mission Statement').fill('s'.repeat(1005));
    await expect(page.getByLabel('Mission Statement')).toHaveValue('s'.repeat(1000));
    await expect(page.getByText('1000/1000')).toBeVisible();
    await page.getByLabel('Core Message').fill('Water is life');
    await page.getByLabel('First Team Action').fill('Map the wells');
    await page.getByRole('button', { name: 'Create Mission' }).click();
    await expect(toast(page, 'Please fill in all required fields: Problem being solved')).toBeVisible();

    await page.getByLabel('Problem Being Solved').fill('Unsafe drinking water in the valley');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/rest/v1/rpc/create_mission', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Create Mission' }).click();
    await expect(page.getByRole('button', { name: 'Creating...' })).toBeDisabled();
    release();
    await expect(toast(page, 'Mission created successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);

    const section = page.getByRole('region', { name });
    await expect(section.getByRole('heading', { name, exact: true })).toBeVisible();
    await expect(section.getByText('Unsafe drinking water in the valley')).toBeVisible();
    await expect(section.getByText('0 votes')).toBeVisible();
    await expect(section.getByText('0 subscribers')).toBeVisible();
    await expect(section.getByRole('link', { name: 'Update Mission' })).toBeVisible();
    await expect(section.getByRole('button', { name: 'Manage Team' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Mission' })).toHaveCount(0);
    await expectNoA11yViolations(page);

    // The server keeps what the form sent, trimmed; a second mission is refused.
    const again = await rpc<CreatedMission[]>(user, 'get_all_missions', {});
    expect(again.find((mission) => mission.name === name)).toBeTruthy();
  });

  test('Create Mission is disabled until the survey and role profile are done', async ({ page }) => {
    const user = await createUser();
    await signIn(page, user);
    await expect(page.getByRole('button', { name: 'Create Mission' })).toBeDisabled();
  });

  test('edits the mission from the dashboard card, and leaves for the dashboard when it cannot load', async ({ page }) => {
    const user = await leader();
    const mission = await createMission(user, { p_name: 'Before the edit', p_core_message: 'Old message' });
    await signIn(page, user);
    await page.getByRole('region', { name: 'Before the edit' }).getByRole('link', { name: 'Update Mission' }).click();
    await expect(page).toHaveURL(new RegExp(`/create-mission\\?edit=${mission.mission_id}$`));
    await expect(page.getByRole('heading', { name: 'Update Mission' })).toBeVisible();
    await expect(page.getByLabel('Mission Name')).toHaveValue('Before the edit');
    await expect(page.getByLabel('Objective or Focus')).toHaveValue('Family & Care');
    await expect(page.getByLabel('Core Message')).toHaveValue('Old message');
    await expectNoA11yViolations(page);
    await expectFitsPhone(page);

    await page.getByLabel('Mission Name').fill('After the edit');
    await page.getByLabel('Core Message').fill('   ');
    await page.getByRole('button', { name: 'Update Mission' }).click();
    await expect(toast(page, 'Please fill in all required fields: Core message')).toBeVisible();
    await page.getByLabel('Core Message').fill('New message');
    await page.getByRole('button', { name: 'Update Mission' }).click();
    await expect(toast(page, 'Mission updated successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('region', { name: 'After the edit' })).toBeVisible();

    await page.goto(`/create-mission?edit=${randomUUID()}`);
    await expect(toast(page, 'Failed to load mission details')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('browses and searches all missions, own first, in a grid or a list', async ({ page }) => {
    const tag = randomUUID().slice(0, 6);
    const other = await leader({ firstName: 'Olu', lastName: `Other${tag}` });
    const otherMission = await createMission(other, { p_name: `Orchard ${tag}`, p_core_message: `Plant trees ${tag}`, p_statement: 'Trees for the town' });
    const me = await leader();
    const mine = await createMission(me, { p_name: `Library ${tag}`, p_statement: 'Books for every child' });
    await signIn(page, me, '/view-all-missions');
    await expect(page.getByRole('heading', { name: 'All Missions' })).toBeVisible();

    const cards = page.getByTestId('mission-card');
    await expect(cards.first()).toContainText(mine.name);
    await expect(cards.first()).toContainText('Your Mission');
    const theirs = card(page, otherMission.name);
    await expect(theirs).toContainText('Trees for the town');
    await expect(theirs).toContainText(`Olu Other${tag}`);
    await expect(theirs.getByText('Your Mission')).toHaveCount(0);
    await expect(theirs.getByTestId('card-team')).toHaveText('1');
    await expectNoA11yViolations(page);

    const search = page.getByPlaceholder('Search missions…');
    await search.fill(`PLANT TREES ${tag}`);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(otherMission.name);
    await search.fill('Books for every');
    await expect(card(page, mine.name)).toBeVisible();
    await expect(card(page, otherMission.name)).toHaveCount(0);
    await search.fill(`nothing like this ${tag}`);
    await expect(page.getByText('No missions found.')).toBeVisible();
    await search.fill('');

    const list = page.getByRole('list', { name: 'Missions' });
    await expect(list).toHaveAttribute('data-layout', 'grid');
    await page.getByRole('button', { name: 'List' }).click();
    await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    await expect(list).toHaveAttribute('data-layout', 'list');
    await page.getByRole('button', { name: 'Grid' }).click();
    await expect(list).toHaveAttribute('data-layout', 'grid');

    await expect(card(page, mine.name)).toBeVisible();
    await expectFitsPhone(page);
  });

  test('shows the load errors on All Missions and on the details page', async ({ page }) => {
    const me = await createUser();
    await signIn(page, me);
    await page.route('**/rest/v1/rpc/get_mission_list', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'XX000', message: 'Failed to load missions' }) }),
    );
    await page.goto('/view-all-missions');
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to load missions' })).toBeVisible();

    await page.route('**/rest/v1/rpc/get_mission_details', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'P0001', message: '', details: null, hint: null }) }),
    );
    await page.goto(`/mission/${randomUUID()}`);
    // A P0001 without a message reads "Database error" (docs/product.md#procedures).
    await expect(page.getByRole('alert').filter({ hasText: 'Database error' })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('votes and subscribes on a card and on the details page, counts following', async ({ page }) => {
    const owner = await leader({ firstName: 'Tariq', lastName: 'Owner' });
    const mission = await createMission(owner);
    const me = await createUser();
    await signIn(page, me, '/view-all-missions');

    const theirs = card(page, mission.name);
    await expect(theirs.getByTestId('card-votes')).toHaveText('0');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/rest/v1/rpc/toggle_mission_vote', async (route) => {
      await held;
      await route.continue();
    });
    await theirs.getByRole('button', { name: 'Vote', exact: true }).click();
    await expect(theirs.getByRole('button', { name: 'Processing…' })).toBeDisabled();
    release();
    await expect(theirs.getByTestId('card-votes')).toHaveText('1');
    await expect(theirs.getByRole('button', { name: 'Unvote', exact: true })).toBeVisible();
    await page.unroute('**/rest/v1/rpc/toggle_mission_vote');

    await theirs.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await expect(theirs.getByTestId('card-subscribers')).toHaveText('1');
    await expect(theirs.getByRole('button', { name: 'Unsubscribe', exact: true })).toBeVisible();
    await theirs.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
    await expect(theirs.getByTestId('card-subscribers')).toHaveText('0');
    await theirs.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await expect(theirs.getByTestId('card-subscribers')).toHaveText('1');

    await theirs.getByRole('link', { name: 'View Details' }).click();
    await expect(page).toHaveURL(new RegExp(`/mission/${mission.mission_id}$`));
    await expect(page.getByRole('heading', { name: mission.name, level: 1 })).toBeVisible();
    await expect(page.getByText('Creator: Tariq Owner')).toBeVisible();
    await expect(page.getByTestId('engagement-votes')).toHaveText('1 vote');
    await expect(page.getByTestId('engagement-subscribers')).toHaveText('1 subscriber');
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
    await expectFitsPhone(page);

    await page.getByRole('button', { name: 'Unvote', exact: true }).click();
    await expect(page.getByTestId('engagement-votes')).toHaveText('0 votes');
    await expect(page.getByRole('button', { name: 'Vote', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
    await expect(page.getByTestId('engagement-subscribers')).toHaveText('0 subscribers');

    // A fresh load agrees with what the buttons showed.
    await page.reload();
    await expect(page.getByTestId('engagement-votes')).toHaveText('0 votes');
    await expect(page.getByRole('button', { name: 'Subscribe', exact: true })).toBeVisible();

    await page.goto(`/mission/${randomUUID()}`);
    await expect(page.getByText('Mission Not Found – The mission may have been removed or you do not have access.')).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('My Mission shows the mission and its team with search and badges, or No Mission Found', async ({ page }) => {
    const tag = randomUUID().slice(0, 6);
    const member = await createUser({ firstName: 'Mira', lastName: `Member${tag}` });
    const owner = await leader({ firstName: 'Olga', lastName: `Owner${tag}` });
    const mission = await createMission(owner, { p_member_ids: [member.id], p_statement: 'A statement for My Mission' });
    const voter = await createUser();
    await rpc(voter, 'toggle_mission_vote', { p_mission_id: mission.mission_id });

    await signIn(page, owner, '/view-my-mission');
    await expect(page.getByRole('heading', { name: mission.name, level: 1 })).toBeVisible();
    await expect(page.getByText('A statement for My Mission')).toBeVisible();
    await expect(page.getByTestId('engagement-votes')).toHaveText('1 vote');
    await expect(page.getByTestId('engagement-subscribers')).toHaveText('0 subscribers');
    // docs/product.md#my-mission: the fields in the order it lists them.
    await expect(page.getByRole('main').locator('dt')).toHaveText([
      'Shared Intention',
      'Objective / Focus',
      'Statement',
      'Core Message',
      'Problem Being Solved',
      'First Team Action',
      'Status',
      'Created',
      'Last Updated',
      'Engagement',
    ]);
    await expect(page.getByRole('link', { name: 'Update Mission' })).toHaveAttribute('href', `/create-mission?edit=${mission.mission_id}`);
    await expect(page.getByRole('link', { name: 'Browse All Missions' })).toHaveAttribute('href', '/view-all-missions');

    const team = page.getByRole('list', { name: 'Team members' });
    await expect(team.getByRole('listitem')).toHaveCount(2);
    const ownerRow = team.getByRole('listitem').filter({ hasText: `Olga Owner${tag}` });
    await expect(ownerRow).toContainText('Co-Owner');
    // Badges read as words: "Owner" for the stored role `owner`, "Member" for `member`.
    await expect(ownerRow.getByText('Owner', { exact: true })).toBeVisible();
    await expect(ownerRow).toContainText(/Added [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    const memberRow = team.getByRole('listitem').filter({ hasText: `Mira Member${tag}` });
    await expect(memberRow.getByText('Member', { exact: true })).toBeVisible();
    await expect(team.getByText(/^(owner|member)$/)).toHaveCount(0);
    await expect(memberRow.getByText('Co-Owner')).toHaveCount(0);
    await expectNoA11yViolations(page);
    await expectFitsPhone(page);

    await page.getByPlaceholder('Search by name or email').fill(member.email.toUpperCase());
    await expect(team.getByRole('listitem')).toHaveCount(1);
    await expect(team).toContainText(`Mira Member${tag}`);
    await page.getByPlaceholder('Search by name or email').fill(`owner${tag}`);
    await expect(team.getByRole('listitem')).toHaveCount(1);
    await expect(team).toContainText(`Olga Owner${tag}`);

    // The member sees the same mission; someone without one sees the empty state.
    const loner = await createUser();
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await signIn(page, loner, '/view-my-mission');
    await expect(page.getByRole('heading', { name: 'No Mission Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Mission on Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expectNoA11yViolations(page);
  });
});
