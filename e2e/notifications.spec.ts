import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from './support/test.ts';
import { createMission, createUser, expectNoA11yViolations, readMailedLink, rpc, signIn, withRoleProfile, type E2EUser } from './support/app.ts';

/**
 * Notifications (docs/product.md#notifications): the bell in the top bar, the profile page's
 * settings, refusing to be added to teams, and the unsubscribe link of a notification e-mail.
 * Changes by other people are made through the API; what the person sees happens in the browser.
 */

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
const item = (page: Page, text: string) => panel(page).getByRole('listitem').filter({ hasText: text });
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function owner(): Promise<E2EUser> {
  return withRoleProfile(await createUser({ firstName: 'Olu', lastName: `Owner${randomUUID().slice(0, 4)}` }));
}

async function changeStatement(who: E2EUser, missionId: string): Promise<void> {
  await rpc(who, 'update_mission', { p_mission_id: missionId, p_updated_by: who.id, p_statement: `A new statement ${randomUUID()}` });
}

async function openBell(page: Page): Promise<Locator> {
  await bell(page).click();
  await expect(panel(page)).toBeVisible();
  return panel(page);
}

test.describe('the notification bell', () => {
  test('a follower sees a change live, reads the list, marks one and then all as read', async ({ page }) => {
    const author = await owner();
    const mission = await createMission(author);
    const follower = await createUser();
    await signIn(page, follower);
    await expect(bell(page)).toHaveAccessibleName('Notifications');

    // Follow the mission from its page.
    await page.goto(`/mission/${mission.mission_id}`);
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Unsubscribe', exact: true })).toBeVisible();

    // The owner changes it elsewhere: the bell counts it without a reload.
    await changeStatement(author, mission.mission_id);
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    await expect(page.getByTestId('unread-count')).toHaveText('1');

    const list = await openBell(page);
    const changed = `${author.firstName} ${author.lastName} changed the statement of “${mission.name}”.`;
    await expect(item(page, changed)).toHaveCount(1);
    await expectNoA11yViolations(page);
    await item(page, changed).getByRole('button', { name: 'Mark as read' }).click();
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await expect(item(page, changed).getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
    await expect(list.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();

    // Two more changes: newest first, both unread, then all read at once.
    await changeStatement(author, mission.mission_id);
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    await rpc(author, 'update_mission', { p_mission_id: mission.mission_id, p_updated_by: author.id, p_core_message: 'Now louder' });
    await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expect(list.getByRole('listitem').first()).toContainText('changed the core message of');
    await list.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await expect(list.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);

    // Escape closes the panel and gives focus back to the bell.
    await page.keyboard.press('Escape');
    await expect(panel(page)).toHaveCount(0);
    await expect(bell(page)).toBeFocused();

    // The sentence is a link to the mission.
    await openBell(page);
    await list.getByRole('listitem').first().getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/mission/${mission.mission_id}$`));
    await expect(panel(page)).toHaveCount(0);
  });

  test('someone added to a team sees who added them and leaves with one click, at 390 px', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const author = await owner();
    const mission = await createMission(author);
    const member = await withRoleProfile(await createUser());
    await signIn(page, member);

    await rpc(author, 'add_mission_member', { p_mission_id: mission.mission_id, p_user_id: member.id });
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    const list = await openBell(page);
    const added = item(page, `${author.firstName} ${author.lastName} added you to the team of “${mission.name}”.`);
    await expect(added).toBeVisible();
    // The panel fits the narrow screen.
    const box = await list.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await expectNoA11yViolations(page);

    await added.getByRole('button', { name: 'Leave team' }).click();
    await expect(toast(page, 'You left the team.')).toBeVisible();
    await expect(added.getByRole('button', { name: 'Leave team' })).toHaveCount(0);
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    const team = await rpc<{ user_id: string }[]>(author, 'get_mission_members', { p_mission_id: mission.mission_id });
    expect(team.map((person) => person.user_id)).not.toContain(member.id);
  });
});

test.describe('Others may add me to their team', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a person who switched it off on their profile page cannot be added: Manage Team says why', async ({ page, browser }) => {
    const tag = `Rf${randomUUID().slice(0, 6)}`;
    const author = await owner();
    await createMission(author);
    const refuser = await withRoleProfile(await createUser({ firstName: `Rena${tag}`, lastName: 'Refuser' }));

    // The refuser turns it off on their profile page, in a browser of their own.
    const theirs = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const refuserPage = await theirs.newPage();
    await signIn(refuserPage, refuser, '/view-role-profile');
    const allow = refuserPage.getByRole('switch', { name: 'Others may add me to their team' });
    await expect(allow).toBeChecked();
    await allow.click();
    await expect(refuserPage.getByRole('status').filter({ hasText: 'Notification settings saved.' })).toBeVisible();
    await expect(allow).not.toBeChecked();
    await expectNoA11yViolations(refuserPage);
    await refuserPage.reload();
    await expect(refuserPage.getByRole('switch', { name: 'Others may add me to their team' })).not.toBeChecked();
    await theirs.close();

    await signIn(page, author);
    await page.getByRole('button', { name: 'Manage Team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Team' });
    await dialog.getByPlaceholder('Search by name or email...').fill(tag);
    const found = dialog.getByRole('list', { name: 'Search results' }).getByRole('listitem').filter({ hasText: refuser.email.toLowerCase() });
    // The search result says so, with no button that the server would refuse.
    await expect(found.getByText("Doesn't accept additions")).toBeVisible();
    await expect(found.getByRole('button', { name: /^Add Member/ })).toHaveCount(0);
    await expect(dialog.getByRole('heading', { name: 'Current Team Members (1)' })).toBeVisible();
  });
});

test.describe('notification e-mails', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('chosen on the profile page, mailed after a change, stopped from the link without signing in', async ({ page, browser }) => {
    const author = await owner();
    const mission = await createMission(author);
    const reader = await createUser();
    await signIn(page, reader, '/view-role-profile');
    await expect(page.getByRole('radio', { name: /^Off/ })).toBeChecked();
    // The daily e-mail's hour: the server's MAIL_DAILY_DIGEST_HOUR (7 by default), written as this browser's locale does.
    await expect(page.getByText('One e-mail a day, at 7:00 AM venue time, with what happened since the last one.')).toBeVisible();
    // A save the server refuses puts the choice back and says so.
    await page.route('**/rest/v1/rpc/save_notification_settings', (route) => route.fulfill({ status: 503, body: 'unavailable' }), { times: 1 });
    await page.getByRole('radio', { name: /^Once a day/ }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Could not save your notification settings. Please try again.' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /^Off/ })).toBeChecked();
    await page.getByRole('radio', { name: /^Immediately/ }).check();
    await expect(page.getByRole('status').filter({ hasText: 'Notification settings saved.' })).toBeVisible();

    await rpc(reader, 'toggle_mission_subscription', { p_mission_id: mission.mission_id });
    await changeStatement(author, mission.mission_id);
    const link = await readMailedLink(reader.email);
    expect(link).toMatch(/\/unsubscribe\?token=/);

    // Someone who is not signed in opens the link: it asks first, then stops the e-mails.
    const anonymous = await browser.newContext();
    const mailbox = await anonymous.newPage();
    await mailbox.goto(link);
    await expect(mailbox.getByRole('heading', { name: 'Notification e-mails' })).toBeVisible();
    await expectNoA11yViolations(mailbox);
    await mailbox.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(mailbox.getByText('You are unsubscribed: no more notification e-mails will be sent to you.', { exact: false })).toBeVisible();

    // The same link again: already used. A damaged one: not valid.
    await mailbox.goto(link);
    await mailbox.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(mailbox.getByText('This link has already been used or replaced by a newer one', { exact: false })).toBeVisible();
    const url = new URL(link);
    const token = url.searchParams.get('token') ?? '';
    url.searchParams.set('token', `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`);
    await mailbox.goto(url.toString());
    await mailbox.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(mailbox.getByText('This unsubscribe link is not valid, so nothing was changed.', { exact: false })).toBeVisible();
    await anonymous.close();

    // The profile page now says the e-mails are off.
    await page.reload();
    await expect(page.getByRole('radio', { name: /^Off/ })).toBeChecked();
  });
});
