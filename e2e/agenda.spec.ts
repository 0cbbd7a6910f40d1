import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { expect, test, type Page } from './support/test.ts';
import { box, overlap } from './support/geometry.ts';
import type { ProgrammeResponse } from '../packages/contract/src/programme.ts';
import { createUser, expectNoA11yViolations, rpc, screenReady, signIn, signedInUser, trackApiCalls } from './support/app.ts';

/**
 * The attendee's conference day: stars that follow the person to another browser, "My agenda",
 * "Now"/"Next" at the venue's time (Africa/Johannesburg, days from 6 December 2025: the sample
 * configuration), calendar files and the private subscription address, and the links between
 * parts and speakers' profiles. Times are set with Playwright's clock, never waited for.
 */

test.use({ viewport: { width: 390, height: 844 } });

async function openAgenda(page: Page, query = ''): Promise<void> {
  await page.goto(`/agenda-schedule${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Agenda Schedule' })).toBeVisible();
}

function partCard(page: Page, title: string) {
  return page.getByTestId('agenda-part').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

test('a starred part is in My agenda, and in another browser signed in as the same person', async ({ page, browser }) => {
  const user = await signedInUser(page);
  await openAgenda(page);
  const title = 'Why Communities Need Missions, Not Just Meetings';
  const star = page.getByRole('button', { name: `Add ${title} to My agenda` });
  await star.click();
  const unstar = page.getByRole('button', { name: `Remove ${title} from My agenda` });
  await expect(unstar).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'My agenda (1)' })).toBeVisible();
  // On a phone the confirmation shows at the foot of the screen, covering none of the filter
  // buttons: a tap on "My agenda" while it shows reaches the button.
  const confirmation = page.locator('[data-sonner-toast]').filter({ hasText: `Added "${title}" to My agenda` });
  const myAgenda = page.getByRole('button', { name: 'My agenda (1)' });
  await expect(confirmation).toBeVisible();
  await myAgenda.scrollIntoViewIfNeeded();
  await expect.poll(async () => overlap(await box(confirmation), await box(myAgenda))).toBe(false);
  const button = await box(myAgenda);
  await page.mouse.click(button.x + button.width / 2, button.y + button.height / 2);
  await expect(myAgenda).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('agenda-part')).toHaveCount(1);
  await expect(partCard(page, title)).toBeVisible();
  await expectNoA11yViolations(page);
  // Day two has nothing starred: an empty state that leads back to everything.
  await page.getByRole('tab', { name: /^Day Two/ }).click();
  await expect(page.getByText('Nothing starred on this day')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Show all sessions' }).click();
  await expect(page.getByRole('button', { name: 'All sessions', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // Another browser (its own storage, its own session) sees the same star: it is kept on the server.
  const other = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const otherPage = await other.newPage();
  await signIn(otherPage, user);
  await openAgenda(otherPage, '?filter=mine');
  await expect(otherPage.getByRole('button', { name: `Remove ${title} from My agenda` })).toHaveAttribute('aria-pressed', 'true');
  await expect(otherPage.getByTestId('agenda-part')).toHaveCount(1);

  // Someone else does not see it.
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await signedInUser(strangerPage);
  await openAgenda(strangerPage);
  await expect(strangerPage.getByRole('button', { name: 'My agenda (0)' })).toBeVisible();
  await expect(strangerPage.getByRole('button', { name: `Add ${title} to My agenda` })).toHaveAttribute('aria-pressed', 'false');

  // Unstarring on the second browser shows on the first after a reload.
  await otherPage.getByRole('button', { name: `Remove ${title} from My agenda` }).click();
  await expect(otherPage.getByText('Nothing starred on this day')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'My agenda (0)' })).toBeVisible();
  await other.close();
  await stranger.close();
});

test('Now and Next follow the venue clock, and a person abroad is told the times are the venue’s', async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: 'America/New_York', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  // 10:20 in Johannesburg (08:20 UTC, 03:20 in New York) on day one.
  await page.clock.install({ time: new Date('2025-12-06T08:20:00Z') });
  await signedInUser(page);
  await openAgenda(page);
  const strip = page.getByTestId('now-next');
  await expect(strip).toContainText('Now · 10:20');
  await expect(strip.getByRole('link', { name: 'From Intention to Action' })).toBeVisible();
  await expect(strip).toContainText('Next · 11:45');
  await expect(partCard(page, 'From Intention to Action').getByText('Now', { exact: true })).toBeVisible();
  await expect(page.getByTestId('venue-time-note')).toContainText('Your device is set to New York (GMT-5); it is 10:20 at the venue now.');
  await expect(partCard(page, 'From Intention to Action').getByText('venue time')).toBeVisible();
  await expectNoA11yViolations(page);

  // Across midnight into day two: the day two tab opens by itself, nothing is on, 08:00 is next.
  await page.clock.setSystemTime(new Date('2025-12-06T23:30:00Z'));
  await page.reload();
  await expect(page.getByRole('tab', { name: /^Day Two/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('now-next')).toContainText('Nothing on right now');
  await expect(page.getByTestId('now-next')).toContainText('Next · 08:00');
  await context.close();
});

test('Add to calendar downloads an .ics a calendar app reads; the subscription address shows my stars until stopped', async ({ page, request }) => {
  await signedInUser(page);
  await openAgenda(page);
  const title = 'Welcome to Mission Control';
  const downloadPromise = page.waitForEvent('download');
  await partCard(page, title)
    .getByRole('button', { name: /^Add to calendar/ })
    .click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('s1p1-welcome-to-mission-control.ics');
  const ics = await readFile(await download.path(), 'utf8');
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const [event] = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
  expect(event?.summary).toBe(title);
  expect(event?.startDate.toString()).toBe('2025-12-06T09:00:00');
  expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Africa/Johannesburg');

  await page.getByRole('button', { name: `Add ${title} to My agenda` }).click();
  await expect(page.getByRole('button', { name: 'My agenda (1)' })).toBeVisible();

  await page.getByRole('button', { name: 'Calendar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Calendar' });
  // Step by step, so a failure says which part was missing: the dialog, or the address's state.
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('You have no subscription address.')).toBeVisible();
  await expectNoA11yViolations(page);

  const whole = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download the programme (.ics)' }).click();
  expect((await whole).suggestedFilename()).toBe('community-mission-game-2025.ics');

  await dialog.getByRole('button', { name: 'Make a subscription address' }).click();
  const address = await dialog.getByRole('textbox', { name: 'Subscription address' }).inputValue();
  expect(address).toMatch(/\/calendar\/feeds\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(dialog.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute('href', address.replace(/^http:/, 'webcal:'));
  await expectNoA11yViolations(page);
  const feed = await request.get(address);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('SUMMARY:Welcome to Mission Control');

  // Shown once: opened again, the dialog says an address exists without showing it.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Calendar', exact: true }).click();
  await expect(dialog.getByText(/^You made an address on [A-Z][a-z]{2} \d{1,2}, \d{4}\. It is not shown again/)).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Subscription address' })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Stop the address' }).click();
  await expect(dialog.getByText('You have no subscription address.')).toBeVisible();
  expect((await request.get(address)).status()).toBe(404);
});

test('parts link to speakers’ profiles and profiles link back; speakers are A–Z with initials for those without a photo', async ({ page }) => {
  await signedInUser(page);
  await openAgenda(page);
  const card = partCard(page, 'From Intention to Action');
  await card.getByRole('button', { name: /^View Full Details/ }).click();
  const partDialog = page.getByRole('dialog', { name: 'From Intention to Action' });
  await partDialog.getByRole('link', { name: 'Speaker profile: Daniel Mensah' }).click();

  await expect(page).toHaveURL(/\/speakers-directory\?speaker=daniel-mensah$/);
  const profile = page.getByRole('dialog', { name: 'Daniel Mensah' });
  await expect(profile).toBeVisible();
  await expect(profile.getByRole('img', { name: 'No photo of Daniel Mensah' })).toHaveText('DM');
  await expectNoA11yViolations(page);
  await profile.getByRole('link', { name: 'From Intention to Action in the agenda' }).click();
  await expect(page).toHaveURL(/\/agenda-schedule\?part=s1p3$/);
  await expect(page.locator('#part-s1p3')).toBeFocused();
  // A link to a part further down its day reaches it too, though a day draws its first session first.
  await page.goto('/agenda-schedule?part=s4p3');
  await expect(page.locator('#part-s4p3')).toBeFocused();

  await page.goto('/speakers-directory');
  const names = await page.getByTestId('speaker-card').getByRole('heading', { level: 2 }).allTextContents();
  const key = (name: string) => name.replace(/^((Dr|Prof)\.?\s+)+/, '');
  expect(names).toEqual([...names].sort((a, b) => key(a).localeCompare(key(b), 'en', { sensitivity: 'base' })));
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('programme');
  await expect(page.getByTestId('speaker-card').first()).toContainText('Amina Yusuf');
});

test('the compact view fits each part in a line or two and is remembered on this device', async ({ page }) => {
  await signedInUser(page);
  await openAgenda(page);
  const compact = page.getByRole('button', { name: 'Compact view' });
  await compact.click();
  await expect(compact).toHaveAttribute('aria-pressed', 'true');
  const first = page.getByTestId('agenda-part').first();
  expect((await first.boundingBox())?.height ?? 999).toBeLessThan(130);
  // Session 1 (3 parts) fits on one phone screen with its header.
  const session = await page.getByTestId('agenda-session').first().boundingBox();
  expect(session?.height ?? 9999).toBeLessThan(844);
  await expectNoA11yViolations(page);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Compact view' })).toHaveAttribute('aria-pressed', 'true');
  // The sample programme names no rooms: there is no room view to switch to.
  await expect(page.getByRole('group', { name: 'Show the agenda as' })).toHaveCount(0);
  // The session header stays in view while its parts scroll: scrolled past the session's top, it is still on screen.
  await page
    .getByTestId('agenda-session')
    .first()
    .evaluate((session) => window.scrollTo(0, session.getBoundingClientRect().top + window.scrollY + 50));
  const header = await page
    .getByTestId('agenda-session')
    .first()
    .getByRole('button', { name: /^Session 1\b/ })
    .boundingBox();
  expect(header && header.y >= 0 && header.y < 200).toBe(true);
});

test('a person without favourites sees a useful empty My agenda', async ({ page }) => {
  const user = await createUser();
  await signIn(page, user);
  await openAgenda(page, '?filter=mine');
  await expect(page.getByText('Nothing starred on this day')).toBeVisible();
  await expect(page.getByText('Star a part to add it to My agenda; it follows you to your other devices.')).toBeVisible();
});

test('when the stars cannot be loaded the programme still shows, and says so', async ({ page }) => {
  await signedInUser(page);
  await page.route('**/rest/v1/rpc/get_my_agenda', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'XX000', message: 'The service is not available', details: null, hint: null }),
    }),
  );
  await openAgenda(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Your starred parts could not be loaded' })).toBeVisible();
  await expect(partCard(page, 'Welcome to Mission Control')).toBeVisible();
  await expectNoA11yViolations(page);
});

test('search finds a speaker’s parts on every day, accents ignored; type and room narrow it; Jump to now goes to what is on', async ({ page }) => {
  // The sample programme names no rooms: these parts get one, as organisers would give them
  // (programme-editing.spec.ts publishes real ones, on a server of its own).
  const rooms: Record<string, string> = { s1p2: 'Hall B', s3p3: 'Hall A', s5p3: 'Hall A', s7p2: 'Hall B' };
  await page.route('**/content/v1/programme', async (route) => {
    const answer = (await (await route.fetch()).json()) as ProgrammeResponse;
    answer.programme.settings.rooms = ['Hall A', 'Hall B'];
    for (const part of answer.programme.agenda.flatMap((session) => session.parts)) part.room = rooms[part.id];
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(answer) });
  });
  // 16:20 in Johannesburg (14:20 UTC) on day one: "Caring for the Carers" (16:00–17:00) is on.
  await page.clock.install({ time: new Date('2025-12-06T14:20:00Z') });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  trackApiCalls(page);
  await signedInUser(page);
  await page.goto('/agenda-schedule?day=2');
  await screenReady(page, page.getByRole('heading', { level: 1, name: 'Agenda Schedule' }));

  // On a phone the search and the filters fold behind one button, so the day starts on the first screen.
  const search = page.getByRole('searchbox', { name: 'Search the agenda' });
  await expect(search).toBeHidden();
  const fold = page.getByRole('button', { name: 'Search and filter the agenda' });
  await expect(fold).toHaveAttribute('aria-expanded', 'false');
  await fold.click();
  await expect(fold).toHaveAttribute('aria-expanded', 'true');
  // Typed with an accent the programme does not have, and in other capitals.
  await search.fill('Amína YUSUF');
  const results = page.getByTestId('agenda-search-results');
  await expect(page.getByRole('status').filter({ hasText: 'parts match' })).toHaveText('3 parts match');
  await expect(results.getByRole('heading', { level: 2, name: /^Day One/ })).toBeVisible();
  await expect(results.getByRole('heading', { level: 2, name: /^Day Two/ })).toBeVisible();
  await expect(results.getByTestId('agenda-part')).toHaveCount(3);
  await expect(partCard(page, 'Why Communities Need Missions, Not Just Meetings')).toBeVisible();
  await expect(partCard(page, "Mission Pitches: The Judges' Panel")).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Conference days' })).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]q=Am%C3%ADna(\+|%20)YUSUF/);
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);

  // The query is in the address: after a speaker's profile and Back, it is still there.
  await partCard(page, 'Faith in Public Life').getByRole('link', { name: 'Speaker profile: Amina Yusuf' }).click();
  await expect(page.getByRole('dialog', { name: 'Amina Yusuf' })).toBeVisible();
  await page.goBack();
  await expect(search).toHaveValue('Amína YUSUF');
  await expect(results.getByTestId('agenda-part')).toHaveCount(3);
  // And a link to the address (here, the page loaded afresh) opens on the same search.
  await page.reload();
  await expect(search).toHaveValue('Amína YUSUF');
  await expect(results.getByTestId('agenda-part')).toHaveCount(3);

  // The filters narrow the search, and are kept in the address too.
  const type = page.getByRole('combobox', { name: 'Type', exact: true });
  const room = page.getByRole('combobox', { name: 'Room', exact: true });
  await expect(room.getByRole('option')).toHaveText(['All rooms', 'Hall A', 'Hall B']);
  await type.selectOption({ label: 'Panels' });
  await expect(results.getByTestId('agenda-part')).toHaveCount(2);
  await room.selectOption({ label: 'Hall A' });
  await expect(page.getByRole('status').filter({ hasText: 'match' })).toHaveText('1 part matches');
  await expect(results.getByTestId('agenda-part')).toHaveCount(1);
  await expect(partCard(page, 'Faith in Public Life')).toBeVisible();
  await expect(page).toHaveURL(/[?&]type=PANEL(&|$)/);
  await expect(page).toHaveURL(/[?&]room=Hall(\+|%20)A(&|$)/);
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);

  // Clearing the filters brings back every match, and keeps focus in the controls.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(type).toBeFocused();
  await expect(type).toHaveValue('');
  await expect(room).toHaveValue('');
  await expect(results.getByTestId('agenda-part')).toHaveCount(3);
  await expect(page).not.toHaveURL(/[?&](type|room)=/);

  // Nothing found says so, and clearing the search brings the day tabs back.
  await search.fill('zzz nothing');
  await expect(page.getByText('Nothing on the agenda matches “zzz nothing”.')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Clear the search' }).click();
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('');
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(page.getByRole('tab', { name: /^Day Two/ })).toHaveAttribute('aria-selected', 'true');

  // Jump to now, by keyboard, from day two and a search: day one's tab, the part on now, focused.
  await search.fill('welcome');
  const jump = page.getByRole('button', { name: 'Jump to now' });
  await jump.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: /^Day One/ })).toHaveAttribute('aria-selected', 'true');
  const now = partCard(page, 'Caring for the Carers');
  await expect(now).toBeFocused();
  await expect(now).toBeInViewport();
  await expect(now.getByText('Now', { exact: true })).toBeVisible();
  await expect(search).toHaveValue('');
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);
});

test('the Rooms view lays a day out as rooms × time on a phone: a part opens by keyboard, the grid scrolls sideways and the page does not', async ({
  page,
}) => {
  // Rooms as organisers would give them, and a workshop beside the first session, in the answer
  // this page reads only (see the search journey above).
  await page.route('**/content/v1/programme', async (route) => {
    const answer = (await (await route.fetch()).json()) as ProgrammeResponse;
    answer.programme.settings.rooms = ['Hall A', 'Hall B'];
    for (const part of answer.programme.agenda.find((session) => session.sessionNumber === 1)?.parts ?? []) part.room = 'Hall A';
    answer.programme.agenda.push({
      sessionNumber: 20,
      day: 1,
      sessionTitle: 'Side room workshops',
      startTime: '09:00',
      endTime: '10:00',
      parts: [
        {
          id: 'maps-workshop',
          title: 'Maps for Missions',
          type: 'TALK',
          startTime: '09:00',
          endTime: '10:00',
          speaker: '',
          speakers: [],
          description: 'Drawing the neighbourhood a mission serves.',
          room: 'Hall B',
        },
      ],
    });
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(answer) });
  });
  // 10:20 in Johannesburg (08:20 UTC) on day one: "From Intention to Action" (10:15–11:30) is on.
  await page.clock.install({ time: new Date('2025-12-06T08:20:00Z') });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  trackApiCalls(page);
  const user = await signedInUser(page);
  await rpc(user, 'set_agenda_favourite', { p_part_id: 's1p1', p_starred: true });
  await openAgenda(page, '?day=1');

  const layout = page.getByRole('group', { name: 'Show the agenda as' });
  await expect(layout.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  await layout.getByRole('button', { name: 'Rooms' }).focus();
  await page.keyboard.press('Space');
  await expect(layout.getByRole('button', { name: 'Rooms' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/[?&]view=rooms(&|$)/);
  // The list's density means nothing in the grid.
  await expect(page.getByRole('button', { name: 'Compact view' })).toHaveCount(0);

  // A column per room in the organisers' order, then the parts without one.
  const grid = page.getByRole('region', { name: 'Day One by room' });
  await expect(grid.getByTestId('room-grid-room')).toHaveText(['Hall A', 'Hall B', 'No room']);
  await expect(grid.getByTestId('room-grid-part')).toHaveCount(16);
  // A phone's top is tight (docs/product.md#agenda-schedule): with Now and Next on, the grid's rooms
  // start on the first screen; the search and filters are folded; "Changes" says its word.
  await page.evaluate(() => window.scrollTo(0, 0));
  const roomsTop = (await grid.getByTestId('room-grid-room').first().boundingBox())?.y ?? Infinity;
  console.log(`rooms start at ${roomsTop} px`);
  expect(roomsTop).toBeLessThan(844 - 60);
  await expect(page.getByRole('searchbox', { name: 'Search the agenda' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Changes' })).toHaveText('Changes');
  // The welcome and the workshop beside it both start at 09:00, side by side; the starred one says so.
  const welcome = grid.getByRole('button', { name: /Welcome to Mission Control/ });
  const workshop = grid.getByRole('button', { name: /Maps for Missions/ });
  await expect(welcome).toHaveAccessibleName(/^Hall A: 09:00 – 09:30 Welcome to Mission Control Rukhsana Moosa \(in My agenda\)$/);
  await expect(workshop).toHaveAccessibleName('Hall B: 09:00 – 10:00 Maps for Missions');
  const [welcomeBox, workshopBox] = [await welcome.boundingBox(), await workshop.boundingBox()];
  expect(Math.abs((welcomeBox?.y ?? 0) - (workshopBox?.y ?? 99))).toBeLessThan(2);
  expect(workshopBox?.x ?? 0).toBeGreaterThan((welcomeBox?.x ?? 0) + (welcomeBox?.width ?? 0) - 1);
  // The hour-long workshop is taller than the half-hour welcome.
  expect(workshopBox?.height ?? 0).toBeGreaterThan(welcomeBox?.height ?? 999);

  // Reached and opened with the keyboard; Escape closes the part's details and gives focus back.
  const panel = grid.getByRole('button', { name: /From Intention to Action/ });
  await panel.focus();
  await page.keyboard.press('Enter');
  const details = page.getByRole('dialog', { name: 'From Intention to Action' });
  await expect(details).toBeVisible();
  await expect(details).toContainText('Session 1:');
  await expect(details.getByRole('link', { name: 'Speaker profile: Daniel Mensah' })).toBeVisible();
  // The details star it as the list's star does, so the grid needs no list to build My agenda.
  const star = details.getByRole('button', { name: 'Add From Intention to Action to My agenda' });
  await star.click();
  await expect(details.getByRole('button', { name: 'Remove From Intention to Action from My agenda' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(details).toHaveCount(0);
  await expect(panel).toBeFocused();
  await expect(panel).toHaveAccessibleName(/From Intention to Action .*\(in My agenda\)$/);
  await page.keyboard.press('Enter');
  await details.getByRole('button', { name: 'Remove From Intention to Action from My agenda' }).click();
  await expect(details.getByRole('button', { name: 'Add From Intention to Action to My agenda' })).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Escape');
  await expect(panel).not.toHaveAccessibleName(/\(in My agenda\)$/);

  // Wider than the phone: the grid scrolls sideways inside its own box, from the keyboard too, with
  // the times and the rooms' names kept in view; the page itself never scrolls sideways.
  const overflow = await grid.evaluate((box) => ({ scrollWidth: box.scrollWidth, clientWidth: box.clientWidth }));
  expect(overflow.scrollWidth).toBeGreaterThan(overflow.clientWidth);
  await grid.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => grid.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
  await grid.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
  const [gridBox, firstTime] = [await grid.boundingBox(), await grid.getByText('09:00', { exact: true }).boundingBox()];
  expect(Math.abs((firstTime?.x ?? 0) - (gridBox?.x ?? 99))).toBeLessThan(2);
  await grid.evaluate((box) => box.scrollTo({ top: 600 }));
  expect(await grid.evaluate((box) => box.scrollTop)).toBeGreaterThan(0);
  const noRoom = await grid.getByTestId('room-grid-room').filter({ hasText: 'No room' }).boundingBox();
  expect(Math.abs((noRoom?.y ?? 0) - (gridBox?.y ?? 99))).toBeLessThan(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoHorizontalScroll(page);

  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe(colorScheme);
    await screenReady(page, grid);
    await expectNoA11yViolations(page);
  }

  // The filters apply: only the parts they let through are drawn, in the columns those parts need.
  await page.getByRole('button', { name: 'Search and filter the agenda' }).click();
  await page.getByRole('combobox', { name: 'Type', exact: true }).selectOption({ label: 'Panels' });
  await expect(grid.getByTestId('room-grid-room')).toHaveText(['Hall A', 'No room']);
  await expect(grid.getByTestId('room-grid-part')).toHaveCount(5);
  await page.getByRole('button', { name: 'My agenda (1)' }).click();
  await expect(page.getByText('Nothing on this day matches these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(grid.getByTestId('room-grid-room')).toHaveText(['Hall A']);
  await expect(grid.getByTestId('room-grid-part')).toHaveCount(1);
  // Jump to now finds the part on now in the grid: scrolled to and focused.
  await page.getByRole('button', { name: 'All sessions', exact: true }).click();
  await page.getByRole('button', { name: 'Jump to now' }).click();
  await expect(panel).toBeFocused();
  await expect(panel).toBeInViewport();
  await expect(panel).toHaveAccessibleName(/^Hall A: Now 10:15 – 11:30 From Intention to Action/);
  // A search draws each day it finds something on as its own grid, as the list gives each its heading.
  await page.getByRole('searchbox', { name: 'Search the agenda' }).fill('Amina Yusuf');
  await expect(page.getByRole('status').filter({ hasText: 'parts match' })).toHaveText('3 parts match');
  await expect(page.getByRole('region', { name: /by room$/ })).toHaveCount(2);
  await expect(page.getByTestId('room-grid-part')).toHaveCount(3);

  // Kept in the address: a reload stays in the Rooms view; List goes back and drops it.
  await page.reload();
  await expect(layout.getByRole('button', { name: 'Rooms' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('room-grid-part')).toHaveCount(3);
  await layout.getByRole('button', { name: 'List' }).click();
  await expect(page).not.toHaveURL(/[?&]view=/);
  await expect(page.getByTestId('agenda-part')).toHaveCount(3);
});

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
