import { expect, test, type Page } from './support/test.ts';
import { createUser, enterAuthenticatorCode, expectNoA11yViolations, makeOrganiser, signInViaUi, withAuthenticator, type E2EUser } from './support/app.ts';
import { E2E_BASE_URL } from './support/env.ts';
import { box, contains, drawnLines, settledBox } from './support/geometry.ts';

/**
 * Organisers edit the programme in the console and attendees see it. These change the shared
 * server's programme, so they run in their own project after every other journey, one at a time,
 * and put the programme back as it was at the end. To run only these while working on them:
 * `npx playwright test e2e/programme-editing.spec.ts --no-deps` (otherwise every other journey runs first).
 */
test.describe.configure({ mode: 'serial' });

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1f0b3e60000000049454e44ae426082',
  'hex',
);

let organiser: E2EUser;
let original: unknown;
let secret = '';

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
}

test.beforeAll(async () => {
  organiser = await createUser({ firstName: 'Petra' });
  makeOrganiser(organiser);
  secret = await withAuthenticator(organiser);
  const response = await fetch(`${E2E_BASE_URL}/content/v1/programme`);
  original = ((await response.json()) as { programme: unknown }).programme;
});

/** Replaces the whole programme as the organiser, through the console's own import. */
async function importProgramme(page: Page, programme: unknown, fileName: string): Promise<void> {
  await signInViaUi(page, organiser);
  await enterAuthenticatorCode(page, secret);
  await page.goto('/organiser/programme');
  await page.getByLabel('Import programme').setInputFiles({ name: fileName, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(programme)) });
  await page.getByRole('button', { name: 'Replace programme' }).click();
  await expect(page.getByText('Programme imported')).toBeVisible();
}

test.afterAll(async ({ browser }) => {
  // Put the sample programme back.
  const page = await browser.newPage();
  await importProgramme(page, original, 'original.json');
  await page.close();
});

test('an organiser edits a speaker with a photo, and an attendee sees the change on the next load', async ({ page, browser }) => {
  const attendee = await createUser();
  const attendeePage = await browser.newPage();
  await signInViaUi(attendeePage, attendee);
  await attendeePage.goto('/speakers-directory');
  await expect(attendeePage.getByText('Founder, Orbit Community Labs')).toBeVisible();

  await signInViaUi(page, organiser);
  await enterAuthenticatorCode(page, secret);
  await page.goto('/organiser/programme');
  await expect(page.getByRole('heading', { level: 1, name: 'Programme' })).toBeVisible();
  await settle(page);
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Edit Amina Yusuf' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Amina Yusuf' });
  await dialog.getByLabel('Designation').fill('Chief Navigator, Orbit Community Labs');
  // A file that is not an image is refused before anything is stored.
  await dialog.getByLabel(/Upload a photo/).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(dialog.getByText('The photo must be a PNG, JPEG or WebP image.')).toBeVisible();
  await dialog.getByLabel(/Upload a photo/).setInputFiles({ name: 'amina.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByRole('img', { name: 'Photo of Amina Yusuf' })).toHaveAttribute('src', /^\/content\/v1\/speaker-photos\/[0-9a-f-]{36}\.png$/);
  await settle(page);
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Save speaker' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Chief Navigator, Orbit Community Labs')).toBeVisible();

  // The attendee's next load shows the edit, without a restart.
  await attendeePage.reload();
  await expect(attendeePage.getByText('Chief Navigator, Orbit Community Labs')).toBeVisible();
  await expect(attendeePage.getByRole('img', { name: 'Photo of Amina Yusuf' }).first()).toHaveAttribute('src', /speaker-photos/);
  await attendeePage.close();

  // Moving a speaker changes the order; the audit log has both changes.
  const names = page.getByRole('list', { name: 'Speakers' }).getByRole('listitem');
  const firstBefore = await names.first().getByRole('paragraph').first().textContent();
  await page.getByRole('button', { name: `Move ${firstBefore} down` }).click();
  await expect(names.nth(1)).toContainText(firstBefore ?? '');
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Audit log' }).click();
  const entries = page.getByRole('list', { name: 'Audit log entries' }).getByRole('listitem');
  await expect(entries.nth(0)).toContainText('Programme: speakers reordered');
  await expect(entries.nth(1)).toContainText('Programme: speaker saved');
});

test('an organiser adds a speaker and a session; bad times are refused with every problem listed', async ({ page }) => {
  await signInViaUi(page, organiser);
  await enterAuthenticatorCode(page, secret);
  await page.goto('/organiser/programme');
  await page.getByRole('button', { name: 'Add speaker' }).click();
  const speakerDialog = page.getByRole('dialog', { name: 'Add a speaker' });
  await speakerDialog.getByLabel('Name').fill('Grace Hopper');
  await expect(speakerDialog.getByLabel('Id')).toHaveValue('grace-hopper');
  await speakerDialog.getByLabel('Designation').fill('Rear Admiral');
  await speakerDialog.getByLabel('Bio').fill('Wrote the first compiler.');
  await speakerDialog.getByRole('button', { name: 'Save speaker' }).click();
  await expect(page.getByRole('list', { name: 'Speakers' }).getByText('Grace Hopper')).toBeVisible();

  await page.getByRole('button', { name: 'Add session' }).click();
  const sessionDialog = page.getByRole('dialog', { name: 'Add a session' });
  // Wide enough for its fields side by side: none cut off, and room for a whole time ("16:00", not "04:0").
  const dialogBox = await settledBox(sessionDialog);
  for (const label of ['Number', 'Day', 'Session starts', 'Session ends', 'Type', 'Room', 'Part starts', 'Part ends']) {
    const field = await box(sessionDialog.getByLabel(new RegExp(`^${label}`)).first());
    expect(contains(dialogBox, field), label).toBe(true);
    expect(field.width, label).toBeGreaterThanOrEqual(150);
  }
  await sessionDialog.getByLabel('Session title').fill('Compilers for communities');
  await sessionDialog.getByLabel('Day').selectOption('2');
  await sessionDialog.getByLabel('Session starts').fill('15:00');
  await sessionDialog.getByLabel('Session ends').fill('16:00');
  await sessionDialog.getByLabel('Part title').fill('Bugs and moths');
  await sessionDialog.getByLabel('Part starts').fill('15:30');
  await sessionDialog.getByLabel('Part ends').fill('15:10');
  await sessionDialog.getByLabel('Grace Hopper').check();
  await sessionDialog.getByLabel('Description').fill('Where the word comes from.');
  await sessionDialog.getByRole('button', { name: 'Save session' }).click();
  await expect(sessionDialog.getByText(/^The programme has 1 problem; nothing was changed\.$/)).toBeVisible();
  // In words, named as the editor names it, once.
  await expect(sessionDialog.getByRole('list', { name: 'Problems' }).getByRole('listitem')).toHaveText([
    /^Session \d+, part 1: the start time must be before the end time$/,
  ]);
  await settle(page);
  await expectNoA11yViolations(page);

  await sessionDialog.getByLabel('Part ends').fill('15:50');
  await sessionDialog.getByRole('button', { name: 'Save session' }).click();
  await expect(sessionDialog).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Sessions' })).toContainText('Compilers for communities');

  // The attendee agenda shows it on day two.
  await page.goto('/speakers-directory');
  await expect(page.getByRole('button', { name: 'Grace Hopper', exact: true })).toBeVisible();
});

test('an import with mistakes lists every problem and changes nothing; on a phone the editor fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInViaUi(page, organiser);
  await enterAuthenticatorCode(page, secret);
  await page.goto('/organiser/programme');
  await expect(page.getByRole('heading', { name: /^Sessions \(\d+\)$/ })).toBeVisible();
  const sessionsBefore = await page.getByRole('heading', { name: /^Sessions \(\d+\)$/ }).textContent();

  const broken = structuredClone(original) as {
    speakers: { id: string }[];
    agenda: { parts: { id: string; endTime: string; speakers: { name: string; linkedinUrl: string }[] }[] }[];
  };
  broken.speakers[1]!.id = broken.speakers[0]!.id;
  broken.agenda[0]!.parts[0]!.endTime = '08:00';
  broken.agenda[1]!.parts[0]!.speakers = [{ name: 'Nobody Known', linkedinUrl: '' }];
  await page.getByLabel('Import programme').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(broken)) });
  await page.getByRole('button', { name: 'Replace programme' }).click();
  await expect(page.getByText('The programme has 3 problems; nothing was changed.')).toBeVisible();
  const problems = page.getByRole('list', { name: 'Problems' });
  await expect(problems.getByRole('listitem')).toHaveCount(3);
  await expect(problems).toContainText('another speaker already has the id');
  await expect(problems).toContainText('Session 1, part 1: the start time must be before the end time');
  await expect(problems).not.toContainText('agenda.');
  await expect(problems).toContainText('Nobody Known');
  await expect(page.getByRole('heading', { name: /^Sessions \(\d+\)$/ })).toHaveText(sessionsBefore ?? '');

  await page.getByLabel('Import programme').setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('not json') });
  await expect(page.getByText('notes.json is not a JSON file: nothing was changed.')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export programme' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^programme-\d{4}-\d{2}-\d{2}\.json$/);

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // A speaker's name keeps its line: the buttons beside it move below rather than squeeze it.
  const firstSpeaker = page.getByRole('list', { name: 'Speakers' }).getByRole('listitem').first();
  expect(await drawnLines(firstSpeaker.locator('p').first())).toHaveLength(1);
  await settle(page);
  await expectNoA11yViolations(page);
});

test('a part the organisers named themselves can be starred, and stars that overlap are flagged', async ({ page, browser }) => {
  // A workshop beside the main room on day two, with an id of the organisers' choosing.
  const edited = structuredClone(original) as { agenda: unknown[] };
  edited.agenda.push({
    sessionNumber: 20,
    day: 2,
    sessionTitle: 'Side room workshops',
    startTime: '08:30',
    endTime: '09:30',
    parts: [
      {
        id: 'maps-workshop',
        title: 'Maps for Missions',
        type: 'TALK',
        startTime: '08:30',
        endTime: '09:30',
        speaker: '',
        speakers: [],
        description: 'Drawing the neighbourhood a mission serves.',
      },
    ],
  });
  await importProgramme(page, edited, 'workshops.json');

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const attendee = await context.newPage();
  await signInViaUi(attendee, await createUser());
  await attendee.goto('/agenda-schedule?day=2');
  const workshop = 'Maps for Missions';
  const parallel = 'Designing Missions People Want to Join';
  await attendee.getByRole('button', { name: `Add ${workshop} to My agenda` }).click();
  await expect(attendee.getByRole('button', { name: `Remove ${workshop} from My agenda` })).toHaveAttribute('aria-pressed', 'true');
  await expect(attendee.getByTestId('overlap-note')).toHaveCount(0);
  await attendee.getByRole('button', { name: `Add ${parallel} to My agenda` }).click();
  await expect(attendee.getByRole('button', { name: 'My agenda (2)' })).toBeVisible();
  const notes = attendee.getByTestId('overlap-note');
  await expect(notes).toHaveCount(2);
  await expect(notes.first()).toHaveText(`Overlaps with "${workshop}" in My agenda`);
  await expect(notes.last()).toHaveText(`Overlaps with "${parallel}" in My agenda`);
  await settle(attendee);
  await expectNoA11yViolations(attendee);

  // The star is kept on the server: a reload still has it, under the organisers' id.
  await attendee.goto('/agenda-schedule?filter=mine&part=maps-workshop');
  await expect(attendee.locator('#part-maps-workshop')).toBeFocused();
  await expect(attendee.getByTestId('agenda-part')).toHaveCount(2);
  await context.close();
});
