import { expect, test, type Locator, type Page } from './support/test.ts';
import {
  createMission,
  createUser,
  expectNoA11yViolations,
  rpc,
  screenReady,
  signIn,
  trackApiCalls,
  withRoleProfile,
  type E2EUser,
  signInAsNewOrganiser,
  useServer,
} from './support/app.ts';
import { E2E_PROGRAMME_PORT } from './support/env.ts';
import { startJourneyServer, stopJourneyServer, type JourneyServer } from './support/server.ts';
import { box, contains, drawnLines, settledBox } from './support/geometry.ts';
import { expectNoA11yViolationsEverywhere } from './support/every-look.ts';

/**
 * Organisers edit the programme in the console and attendees see it. Every journey reads the
 * programme, so these change it on a server of their own (the journeys' other server keeps the
 * sample programme), one after another, each from where the one before left it.
 */
test.describe.configure({ mode: 'serial' });

const PROGRAMME_URL = `http://localhost:${E2E_PROGRAMME_PORT}`;
test.use({ baseURL: PROGRAMME_URL });

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1f0b3e60000000049454e44ae426082',
  'hex',
);

let original: unknown;

/** The screen has drawn its data (the marker shows, no call in flight) and its animations ended. */
async function settle(page: Page, marker: Locator): Promise<void> {
  await screenReady(page, marker);
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
}

/** A new organiser signed in, with the page's calls tracked for screenReady. */
async function signInAsOrganiser(page: Page): Promise<E2EUser> {
  trackApiCalls(page);
  return signInAsNewOrganiser(page, { firstName: 'Petra' });
}

let server: JourneyServer | undefined;

test.beforeAll(async () => {
  server = await startJourneyServer({ port: E2E_PROGRAMME_PORT, logFile: `test-results/e2e-server-${E2E_PROGRAMME_PORT}.log` });
  useServer(server);
  const response = await fetch(`${PROGRAMME_URL}/content/v1/programme`);
  original = ((await response.json()) as { programme: unknown }).programme;
});

test.afterAll(async () => {
  useServer();
  if (server) await stopJourneyServer(server);
});

/**
 * Publishes the draft from the console as an organiser does: review what changes, write the note,
 * confirm. A draft the same as the published version has nothing to publish and is left so.
 */
async function publishDraft(page: Page, note: string): Promise<void> {
  await page.goto('/organiser/programme');
  await page.getByRole('button', { name: 'Review and publish' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish the programme' });
  const confirm = dialog.getByRole('button', { name: /^Publish version \d+$/ });
  const nothing = dialog.getByText(/there is nothing to publish\.$/);
  await expect(confirm.or(nothing)).toBeVisible();
  if (await nothing.isVisible()) return;
  await dialog.getByLabel('Note for attendees').fill(note);
  await confirm.click();
  await expect(page.getByText(/^Version \d+ published$/)).toBeVisible();
}

/** Replaces the whole programme as the organiser, through the console's own import, and publishes it. */
async function importProgramme(page: Page, programme: unknown, fileName: string): Promise<void> {
  await signInAsOrganiser(page);
  await page.goto('/organiser/programme');
  await page.getByLabel('Import programme').setInputFiles({ name: fileName, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(programme)) });
  await page.getByRole('button', { name: 'Replace programme' }).click();
  await expect(page.getByText('Programme imported')).toBeVisible();
  await publishDraft(page, `Imported ${fileName}`);
}

test('an organiser edits a speaker with a photo, and an attendee sees the change on the next load', async ({ page, browser }) => {
  const attendee = await createUser();
  const attendeePage = await browser.newPage();
  await signIn(attendeePage, attendee, '/speakers-directory');
  await expect(attendeePage.getByText('Founder, Orbit Community Labs')).toBeVisible();

  await signInAsOrganiser(page);
  await page.goto('/organiser/programme');
  await expect(page.getByRole('heading', { level: 1, name: 'Programme' })).toBeVisible();
  await settle(page, page.getByRole('heading', { level: 1, name: 'Programme' }));
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Edit Amina Yusuf' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Amina Yusuf' });
  await dialog.getByLabel('Designation').fill('Chief Navigator, Orbit Community Labs');
  // A file that is not an image is refused before anything is stored.
  await dialog.getByLabel(/Upload a photo/).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(dialog.getByText('The photo must be a PNG, JPEG or WebP image.')).toBeVisible();
  await dialog.getByLabel(/Upload a photo/).setInputFiles({ name: 'amina.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByRole('img', { name: 'Photo of Amina Yusuf' })).toHaveAttribute('src', /^\/content\/v1\/speaker-photos\/[0-9a-f-]{36}\.png$/);
  await settle(page, dialog.getByRole('img', { name: 'Photo of Amina Yusuf' }));
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Save speaker' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Chief Navigator, Orbit Community Labs')).toBeVisible();

  // A draft until published: the attendee's next load still has the published version.
  await attendeePage.reload();
  await expect(attendeePage.getByText('Founder, Orbit Community Labs')).toBeVisible();
  // Once published, the attendee's next load shows the edit, without a restart.
  await publishDraft(page, 'Amina Yusuf has a new role and photo');
  await page.goto('/organiser/programme');
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
  await expect(entries.nth(1)).toContainText('Programme: published');
  await expect(entries.nth(2)).toContainText('Programme: speaker saved');
});

test('an organiser adds a speaker and a session; bad times are refused with every problem listed', async ({ page }) => {
  await signInAsOrganiser(page);
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
  await settle(page, sessionDialog.getByRole('list', { name: 'Problems' }));
  await expectNoA11yViolations(page);

  await sessionDialog.getByLabel('Part ends').fill('15:50');
  await sessionDialog.getByRole('button', { name: 'Save session' }).click();
  await expect(sessionDialog).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Sessions' })).toContainText('Compilers for communities');

  // Once published, the attendee screens show it.
  await publishDraft(page, 'Grace Hopper speaks on day two');
  await page.goto('/speakers-directory');
  await expect(page.getByRole('button', { name: 'Grace Hopper', exact: true })).toBeVisible();
});

test('an import with mistakes lists every problem and changes nothing; on a phone the editor fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsOrganiser(page);
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
  await settle(page, page.getByRole('heading', { level: 1, name: 'Programme' }));
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
  trackApiCalls(attendee);
  await signIn(attendee, await createUser(), '/agenda-schedule?day=2');
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
  await settle(attendee, notes);
  await expectNoA11yViolations(attendee);

  // The star is kept on the server: a reload still has it, under the organisers' id.
  await attendee.goto('/agenda-schedule?filter=mine&part=maps-workshop');
  await expect(attendee.locator('#part-maps-workshop')).toBeFocused();
  await expect(attendee.getByTestId('agenda-part')).toHaveCount(2);
  await context.close();
});

test('an organiser gives the venue and moves a starred part to a room, publishes, and the attendee sees where and what changed', async ({ page, browser }) => {
  const attendee = await createUser();
  await rpc(attendee, 'set_agenda_favourite', { p_part_id: 's1p1', p_starred: true });

  await signInAsOrganiser(page);
  await page.goto('/organiser/programme');
  await page.getByLabel('Venue', { exact: true }).fill('Harbour Hall');
  await page.getByLabel('Venue address').fill('1 Dock Road, Cape Town');
  await page.getByLabel('Map link').fill('https://www.openstreetmap.org/#map=18/-33.90/18.42');
  await page.getByLabel('Rooms').fill('Hall A\nHall B');
  await page.getByRole('button', { name: 'Save conference details' }).click();
  await expect(page.getByText('Conference details saved')).toBeVisible();

  await page.getByRole('button', { name: 'Edit session 1' }).click();
  const sessionDialog = page.getByRole('dialog', { name: 'Edit session 1' });
  await sessionDialog.getByLabel('Room').first().selectOption('Hall B');
  await sessionDialog.getByRole('button', { name: 'Save session' }).click();
  await expect(sessionDialog).toHaveCount(0);

  // Before confirming, the organiser sees exactly what changes for attendees, with the stars.
  await page.getByRole('button', { name: 'Review and publish' }).click();
  const publish = page.getByRole('dialog', { name: 'Publish the programme' });
  const changes = publish.getByRole('list', { name: 'Changes for attendees' }).getByRole('listitem');
  await expect(changes).toHaveCount(1);
  // Other journeys on this server may have starred it too: at least this attendee did.
  await expect(changes.first()).toContainText(/Moved · [1-9]\d* stars?/);
  await expect(changes.first()).toContainText('09:00–09:30 → Sat 6 Dec 09:00–09:30, Hall B');
  await settle(page, changes.first());
  await expectNoA11yViolations(page);
  // An empty note is refused in words, and nothing is published.
  await publish.getByRole('button', { name: /^Publish version \d+$/ }).click();
  await expect(publish.getByText('Write a short note for attendees about what changed')).toBeVisible();
  await publish.getByLabel('Note for attendees').fill('The welcome is in Hall B');
  await publish.getByRole('button', { name: /^Publish version \d+$/ }).click();
  await expect(page.getByText(/^Version \d+ published$/)).toBeVisible();

  const context = await browser.newContext();
  const attendeePage = await context.newPage();
  trackApiCalls(attendeePage);
  await signIn(attendeePage, attendee, '/agenda-schedule?day=1&filter=mine');
  // The bell tells the attendee who starred the part, in words, and leads to My agenda.
  const bell = attendeePage.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await bell.click();
  const alert = attendeePage.getByRole('dialog', { name: 'Notifications' }).getByRole('link', { name: /^The programme changed for a part you starred/ });
  await expect(alert).toContainText('"Welcome to Mission Control" moved: Sat 6 Dec 09:00–09:30 → Sat 6 Dec 09:00–09:30, Hall B');
  await expect(alert).toContainText("The organisers' note: “The welcome is in Hall B”");
  await attendeePage.keyboard.press('Escape');
  const part = attendeePage.locator('#part-s1p1');
  await expect(part.getByTestId('part-place')).toHaveText('Where: Hall B, Harbour Hall, 1 Dock Road, Cape Town');
  const venue = attendeePage.getByTestId('venue-line');
  await expect(venue).toContainText('Venue: Harbour Hall, 1 Dock Road, Cape Town');
  await expect(venue.getByRole('link', { name: /^Map/ })).toHaveAttribute('href', 'https://www.openstreetmap.org/#map=18/-33.90/18.42');
  await part.getByRole('button', { name: /^View Full Details/ }).click();
  const details = attendeePage.getByRole('dialog');
  await expect(details.getByTestId('part-place')).toHaveText('Where: Hall B, Harbour Hall, 1 Dock Road, Cape Town');
  await details.getByRole('button', { name: 'Close' }).click();
  // The Rooms view draws the part in its room's column; on a phone the page does not scroll sideways.
  await attendeePage.setViewportSize({ width: 390, height: 844 });
  await attendeePage.goto('/agenda-schedule?day=1&filter=mine&view=rooms');
  await expect(attendeePage.getByTestId('room-grid-room')).toHaveText(['Hall B']);
  await expect(attendeePage.getByTestId('room-grid-part')).toHaveAccessibleName(/^Hall B: 09:00/);
  expect(await attendeePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await attendeePage.setViewportSize({ width: 1280, height: 720 });

  await attendeePage.getByRole('button', { name: 'Changes' }).click();
  const changelog = attendeePage.getByRole('dialog', { name: 'Changes to the programme' });
  const versions = changelog
    .getByRole('list', { name: 'Published versions' })
    .getByRole('listitem')
    .filter({ has: attendeePage.getByRole('heading') });
  await expect(versions.first()).toContainText('The welcome is in Hall B');
  await expect(versions.first()).toContainText('"Welcome to Mission Control" moved: Sat 6 Dec 09:00–09:30 → Sat 6 Dec 09:00–09:30, Hall B');
  await expect(versions.last()).toContainText('The programme as first published.');
  await settle(attendeePage, versions.last());
  await expectNoA11yViolations(attendeePage);
  await context.close();
});

test('moving the conference a week earlier is one line in the publish dialog and the changelog, not one per part', async ({ page, browser }) => {
  const published = ((await (await fetch(`${PROGRAMME_URL}/content/v1/programme`)).json()) as { programme: unknown }).programme;
  const programme = structuredClone(published) as { settings: { startDate: string; endDate: string } };
  const earlier = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);
  const span = (first: string, last: string) => {
    const format = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
    return format.formatRange(new Date(`${first}T00:00:00Z`), new Date(`${last}T00:00:00Z`)).replace(/\s+–\s+/u, '–');
  };
  const { startDate, endDate } = programme.settings;
  const line = `All parts moved from ${span(startDate, endDate)} to ${span(earlier(startDate), earlier(endDate))}`;
  programme.settings = { ...programme.settings, startDate: earlier(startDate), endDate: earlier(endDate) };

  await signInAsOrganiser(page);
  await page.goto('/organiser/programme');
  await page
    .getByLabel('Import programme')
    .setInputFiles({ name: 'week-earlier.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(programme)) });
  await page.getByRole('button', { name: 'Replace programme' }).click();
  await expect(page.getByText('Programme imported')).toBeVisible();
  await page.getByRole('button', { name: 'Review and publish' }).click();
  const publish = page.getByRole('dialog', { name: 'Publish the programme' });
  const changes = publish.getByRole('list', { name: 'Changes for attendees' }).getByRole('listitem');
  await expect(changes).toHaveCount(1);
  await expect(changes.first()).toContainText(/Moved · \d+ stars?/);
  await expect(changes.first()).toContainText(line);
  await settle(page, changes.first());
  await expectNoA11yViolationsEverywhere(page, changes.first());
  await publish.getByLabel('Note for attendees').fill('The conference is a week earlier');
  await publish.getByRole('button', { name: /^Publish version \d+$/ }).click();
  await expect(page.getByText(/^Version \d+ published$/)).toBeVisible();

  const context = await browser.newContext({ serviceWorkers: 'block' });
  const attendeePage = await context.newPage();
  trackApiCalls(attendeePage);
  await signIn(attendeePage, await createUser(), '/agenda-schedule');
  await attendeePage.getByRole('button', { name: 'Changes' }).click();
  const latest = attendeePage
    .getByRole('dialog', { name: 'Changes to the programme' })
    .getByRole('list', { name: 'Published versions' })
    .getByRole('listitem')
    .first();
  await expect(latest).toContainText('The conference is a week earlier');
  await expect(latest.getByRole('listitem')).toHaveText([line]);
  await settle(attendeePage, latest);
  await expectNoA11yViolationsEverywhere(attendeePage, latest);
  await context.close();
});

test('an announcement to people in no team yet reaches exactly them: in the bell and a dashboard banner until dismissed', async ({ page, browser }) => {
  // First in the group's list by name, whatever else the shared database holds.
  const loner = await createUser({ firstName: `Aaaron${Date.now().toString(36)}`, lastName: 'Loner' });
  const owner = await withRoleProfile(await createUser());
  await createMission(owner);

  await signInAsOrganiser(page);
  await page.goto('/organiser/announcements');
  await page.getByLabel('Title').fill('Find your team');
  await page.getByLabel(/^Text/).fill('Teams form at the courtyard at 13:00.');
  await page.getByLabel('Link in the app (optional)').fill('/all-missions');
  await page.getByLabel('Recipients', { exact: true }).selectOption('no_team');
  const count = page.getByTestId('recipient-count');
  await expect(count).toHaveText(/^This goes to [\d,]+ (person|people) now\.$/);
  const previewed = Number((await count.textContent())?.replace(/\D/g, ''));
  // Who is in the group: the console's names and e-mail; someone on a team is not.
  await page.getByRole('button', { name: 'Who is in the group' }).click();
  const who = page.getByRole('list', { name: 'People in the group' });
  await expect(who.getByRole('listitem').filter({ hasText: `${loner.firstName} Loner` })).toContainText(loner.email.toLowerCase());
  await expect(who.getByRole('listitem').filter({ hasText: owner.email.toLowerCase() })).toHaveCount(0);
  await settle(page, who);
  await expectNoA11yViolationsEverywhere(page, who);
  // A time already past is refused in words, and nothing is sent.
  await page.getByLabel('Send on (optional)').pressSequentially('2020-01-01');
  await page.getByLabel('Send at (optional)').pressSequentially('09:00');
  await page.getByRole('button', { name: 'Schedule announcement' }).click();
  await expect(page.getByText('The time to send it has passed. Choose a later time, or send it now.')).toBeVisible();
  await page.getByLabel('Send on (optional)').clear();
  await page.getByLabel('Send at (optional)').clear();
  await settle(page, count);
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Send announcement' }).click();
  await expect(page.getByText(/^Announcement sent to [\d,]+ (person|people)$/)).toBeVisible();
  const sent = page.getByRole('list', { name: 'Announcements' }).getByRole('listitem').first();
  await expect(sent).toContainText('Find your team');
  await expect(sent).toContainText(`People in no team yet · Sent`);
  expect(Number((await sent.textContent())?.match(/to ([\d,]+) (person|people)/)?.[1]?.replace(/,/g, ''))).toBeGreaterThanOrEqual(previewed);

  const context = await browser.newContext();
  const lonerPage = await context.newPage();
  trackApiCalls(lonerPage);
  await signIn(lonerPage, loner, '/dashboard');
  const banner = lonerPage.getByRole('region', { name: 'Announcements' }).getByRole('article', { name: 'Find your team' });
  await expect(banner).toContainText('Teams form at the courtyard at 13:00.');
  await expect(banner.getByRole('link', { name: /^Open ?: Find your team$/ })).toHaveAttribute('href', '/all-missions');
  await expect(lonerPage.getByRole('button', { name: /^Notifications/ })).toHaveAccessibleName(/^Notifications, \d+ unread$/);
  await settle(lonerPage, banner);
  await expectNoA11yViolations(lonerPage);
  await banner.getByRole('button', { name: 'Dismiss the announcement Find your team' }).click();
  await expect(banner).toHaveCount(0);
  await lonerPage.reload();
  await expect(lonerPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(lonerPage.getByRole('article', { name: 'Find your team' })).toHaveCount(0);

  // The team owner is not in the group: no banner.
  const ownerPage = await context.newPage();
  await signIn(ownerPage, owner, '/dashboard');
  await expect(ownerPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(ownerPage.getByRole('article', { name: 'Find your team' })).toHaveCount(0);
  await context.close();
});

/** A wall clock whose local hour is between 06:00 and 17:00 now, so a part can start in a few minutes on today's date there. */
function daytimeZoneNow(): { timeZone: string; date: string; start: string; end: string } {
  const soon = new Date(Date.now() + 5 * 60_000);
  for (const timeZone of ['Africa/Johannesburg', 'Asia/Tokyo', 'America/New_York', 'Pacific/Honolulu', 'Asia/Kolkata', 'Pacific/Kiritimati']) {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
        .formatToParts(soon)
        .map((part) => [part.type, part.value]),
    );
    const hour = Number(parts.hour);
    if (hour >= 6 && hour < 17) {
      const start = `${parts.hour}:${parts.minute}`;
      return { timeZone, date: `${parts.year}-${parts.month}-${parts.day}`, start, end: `${String(hour + 1).padStart(2, '0')}:${parts.minute}` };
    }
  }
  throw new Error('no listed time zone is in the daytime now');
}

test('a person who switched reminders on and allowed notifications sees the reminder on the device, and in the bell', async ({ page, browser }) => {
  // Today, a part that starts in five minutes (in a time zone where that is daytime, so it never crosses midnight).
  const soon = daytimeZoneNow();
  const programme = structuredClone(original) as {
    settings: { startDate: string; endDate: string; timeZone: string };
    agenda: { day: number; startTime: string; endTime: string; parts: { id: string; title: string; startTime: string; endTime: string }[] }[];
  };
  const [first] = programme.agenda;
  const [welcome] = first?.parts ?? [];
  if (!first || !welcome) throw new Error('the sample programme has no first part');
  programme.settings = { ...programme.settings, startDate: soon.date, endDate: soon.date, timeZone: soon.timeZone };
  programme.agenda = [{ ...first, day: 1, startTime: soon.start, endTime: soon.end, parts: [{ ...welcome, startTime: soon.start, endTime: soon.end }] }];
  await importProgramme(page, programme, 'starting-soon.json');

  const attendee = await createUser();
  await rpc(attendee, 'set_agenda_favourite', { p_part_id: welcome.id, p_starred: true });
  const context = await browser.newContext({ permissions: ['notifications'] });
  // What the page asks the device to show, recorded on the way to the real Notification.
  await context.addInitScript(() => {
    const Real = window.Notification;
    const shown: { title: string; body: string | undefined }[] = [];
    Object.assign(window, { shownNotifications: shown });
    window.Notification = class extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push({ title, body: options?.body });
      }
    };
  });
  const attendeePage = await context.newPage();
  trackApiCalls(attendeePage);
  await signIn(attendeePage, attendee, '/agenda-schedule');
  await attendeePage.getByRole('button', { name: 'Calendar', exact: true }).click();
  const calendar = attendeePage.getByRole('dialog', { name: 'Calendar' });
  const remind = calendar.getByRole('button', { name: 'Remind me 10 minutes before my starred sessions' });
  await remind.click();
  await expect(remind).toHaveAttribute('aria-pressed', 'true');
  await expect(calendar.getByText('This device also shows each reminder while the app is open.')).toBeVisible();
  await settle(attendeePage, remind);
  await expectNoA11yViolations(attendeePage);
  await attendeePage.keyboard.press('Escape');

  // The server's job finds the reminder due on its next pass (every 30 s); the open app hears at once.
  const words = `Starting in 10 minutes: “${welcome.title}” at ${soon.start}.`;
  await expect
    .poll(() => attendeePage.evaluate(() => (window as unknown as { shownNotifications: unknown[] }).shownNotifications), { timeout: 60_000 })
    .toEqual([{ title: 'Mission Control', body: words }]);
  const bell = attendeePage.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await bell.click();
  await expect(attendeePage.getByRole('dialog', { name: 'Notifications' }).getByRole('link', { name: words })).toHaveAttribute(
    'href',
    '/agenda-schedule?filter=mine',
  );
  // Read again (a reload, another tab): the device does not show it twice.
  await attendeePage.reload();
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await settle(attendeePage, bell);
  expect(await attendeePage.evaluate(() => (window as unknown as { shownNotifications: unknown[] }).shownNotifications)).toEqual([]);
  await context.close();
});
