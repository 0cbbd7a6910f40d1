import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './support/test.ts';
import {
  createMission,
  createUser,
  enterAuthenticatorCode,
  expectNoA11yViolations,
  makeOrganiser,
  signIn,
  withAuthenticator,
  withRoleProfile,
  signInAsNewOrganiser,
} from './support/app.ts';
import { drawnLines } from './support/geometry.ts';

/** The console's Overview, Missions, People and Exports sections, end to end in Chromium. */

async function openSection(page: Page, label: 'Overview' | 'Missions' | 'People' | 'Exports'): Promise<void> {
  await page.goto('/organiser');
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: label, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
}

test('an organiser hides a mission: it disappears for an attendee, its team reads the reason; unhiding brings it back', async ({ page, browser }) => {
  const owner = await withRoleProfile(await createUser());
  const mission = await createMission(owner, { p_name: `Hidden Journey ${Date.now()}` });
  const organiser = await createUser();
  makeOrganiser(organiser);
  const secret = await withAuthenticator(organiser);

  // An attendee sees the mission first.
  const attendeeContext = await browser.newContext();
  const attendeePage = await attendeeContext.newPage();
  await signIn(attendeePage, await createUser(), '/view-all-missions');
  await expect(attendeePage.getByRole('heading', { name: mission.name })).toBeVisible();

  await signIn(page, organiser);
  await enterAuthenticatorCode(page, secret);
  await openSection(page, 'Missions');
  await page.getByRole('searchbox', { name: 'Search missions' }).fill(mission.name);
  await page.getByRole('button', { name: `Hide ${mission.name}` }).click();
  const dialog = page.getByRole('dialog');
  // A reason is required.
  await dialog.getByRole('button', { name: 'Hide mission' }).click();
  await expect(dialog.getByText('Please give a reason')).toBeVisible();
  await dialog.getByLabel(/Reason/).fill('It advertises a product');
  await dialog.getByRole('button', { name: 'Hide mission' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('group', { name: mission.name });
  await expect(row.getByText('Hidden by the organisers: It advertises a product')).toBeVisible();
  await expectNoA11yViolations(page);

  // Gone for the attendee: list and details.
  await attendeePage.reload();
  await expect(attendeePage.getByRole('heading', { level: 1, name: 'All Missions' })).toBeVisible();
  await expect(attendeePage.getByRole('heading', { name: mission.name })).toHaveCount(0);
  await attendeePage.goto(`/mission/${mission.mission_id}`);
  await expect(attendeePage.getByRole('heading', { name: 'Mission Not Found' })).toBeVisible();

  // Its team reads why.
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await signIn(ownerPage, owner, '/view-my-mission');
  await expect(ownerPage.getByTestId('hidden-notice')).toHaveText('Hidden by the organisers: It advertises a product');
  await ownerContext.close();

  // Unhide: back for everyone.
  await row.getByRole('button', { name: `Unhide ${mission.name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Unhide mission' }).click();
  await expect(row.getByText('Visible')).toBeVisible();
  await attendeePage.goto('/view-all-missions');
  await expect(attendeePage.getByRole('heading', { name: mission.name })).toBeVisible();
  await attendeeContext.close();
});

test('People: an organiser finds a person, sees what they did, and deletes the account after being told what happens to its mission', async ({ page }) => {
  // A long address, so the narrow card has to wrap it.
  const email = `deletable.person.with.a.rather.long.address.${Date.now().toString(36)}@example.org`;
  const person = await withRoleProfile(await createUser({ firstName: 'Deletable', lastName: `Person${Date.now()}`, email }));
  const mission = await createMission(person);
  await signInAsNewOrganiser(page);
  await openSection(page, 'People');
  await page.getByRole('searchbox', { name: 'Find an attendee' }).fill(person.email);
  await page.getByRole('button', { name: new RegExp(person.lastName) }).click();
  const panel = page.getByRole('region', { name: `${person.firstName} ${person.lastName}` });
  await expect(panel.getByText('Written: ')).toBeVisible();
  await expect(panel.getByText(mission.name)).toBeVisible();
  await expect(panel.getByText(/birth/i)).toHaveCount(0);
  await expectNoA11yViolations(page);

  // On a phone the e-mail wraps before a dot or its "@", never inside a word ("example.or g").
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(async () => (await drawnLines(panel.getByTestId('person-email'))).length).toBeGreaterThan(1);
  const lines = await drawnLines(panel.getByTestId('person-email'));
  expect(lines.join('')).toBe(email);
  for (const line of lines.slice(1)) expect(line, lines.join(' | ')).toMatch(/^[@.]/);
  await page.setViewportSize({ width: 1280, height: 900 });

  await panel.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('mission-outcome')).toContainText(`Their mission "${mission.name}" has no co-owner`);
  await expect(dialog.getByTestId('mission-outcome')).toContainText('so it is hidden, with a note for its team');
  await expectNoA11yViolations(page);
  // The reason is required: it is what the audit log keeps.
  await expect(dialog.getByRole('button', { name: 'Delete account' })).toBeDisabled();
  await dialog.getByLabel('Reason').fill('Asked by e-mail on 3 December');
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(page.getByText(`The account ${person.email} is deleted.`)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Find an attendee' }).fill(`${person.email} `);
  await expect(page.getByText('Nobody matches this search.')).toBeVisible();
});

test('Exports: a CSV download with a byte order mark; Overview shows figures and each chart’s numbers', async ({ page }) => {
  const organiser = await signInAsNewOrganiser(page);
  await openSection(page, 'Exports');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download attendees.csv' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^attendees-\d{4}-\d\d-\d\d\.csv$/);
  const path = await download.path();
  const bytes = readFileSync(path);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.toString('utf8').slice(1)).toMatch(/^Attendee ID,Anonymity,First name,Last name,E-mail,Mobile,/);
  expect(bytes.toString('utf8')).toContain(organiser.email);

  // missions.csv carries each mission's own words, not only its figures.
  const words = { p_statement: `Filters for ${organiser.lastName}`, p_problem_being_solved: `Unsafe water near ${organiser.lastName}` };
  const mission = await createMission(await withRoleProfile(await createUser()), words);
  const [missionsDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download missions.csv' }).click()]);
  const missionsCsv = readFileSync(await missionsDownload.path())
    .toString('utf8')
    .slice(1);
  expect(missionsCsv.split(/\r?\n/)[0]).toMatch(/,Objective,.*,Statement,Shared intention,Core message,Problem being solved,First team action$/);
  const missionRow = missionsCsv.split(/\r?\n/).find((line) => line.startsWith(mission.mission_id)) ?? '';
  for (const text of [words.p_statement, 'Work together on it', 'Family & Care', 'Together we can', words.p_problem_being_solved, 'Meet on Monday'])
    expect(missionRow).toContain(text);

  await openSection(page, 'Overview');
  await expect(page.getByTestId('figure-registered')).toHaveText(/^[1-9]\d*$/);
  // The sign-ups chart's own "Show the numbers" (the check-ins chart may come first).
  const signUps = page.getByRole('table', { name: 'Sign-ups per day' });
  // (A closed disclosure's table has no role yet: it is found by its caption.)
  const signUpsCaption = page.locator('caption', { hasText: /^Sign-ups per day$/ });
  await page.locator('details').filter({ has: signUpsCaption }).getByText('Show the numbers').click();
  await expect(signUps).toBeVisible();
  await expect(page.getByRole('img', { name: /Sign-ups per day: bar chart/ })).toBeVisible();
  await expectNoA11yViolations(page);
});
