import type { MyBadge } from '../packages/contract/src/checkin.ts';
import { expect, test, type BrowserContext, type Page } from './support/test.ts';
import { createUser, organiserViaApi, rpc, signIn, withRoleProfile, type E2EUser } from './support/app.ts';
import { CHROMIUM_LAUNCH } from './support/chromium.ts';
import { FAKE_CAMERA_ARGS, showOnFakeCamera } from './support/fake-camera.ts';
import { expectNoA11yViolationsEverywhere } from './support/every-look.ts';

/**
 * Check-in at the door (docs/product.md#check-in-at-the-door, docs/product.md#my-badge): an
 * attendee's badge opens offline, door staff scan it through the camera (Chromium's fake camera
 * playing a video of the code), the door answers at once, scans made offline are sent when the
 * network returns, and a replaced code is refused.
 */

// The camera is a video of the code this worker writes (support/fake-camera.ts); blank until a journey shows one.
showOnFakeCamera(null);
test.use({ launchOptions: { ...CHROMIUM_LAUNCH, args: [...CHROMIUM_LAUNCH.args, ...FAKE_CAMERA_ARGS] } });

async function doorStaff(): Promise<E2EUser> {
  const door = await createUser({ firstName: 'Door' });
  const organiser = await organiserViaApi(await createUser());
  await rpc(organiser, 'organiser_set_door_staff', { p_email: door.email, p_door_staff: true });
  return door;
}

/** Signs the door staff in on a phone-sized screen, opens Check-in from the menu and names the door. */
async function openDoor(context: BrowserContext, door: E2EUser, name: string): Promise<Page> {
  await context.grantPermissions(['camera']);
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, door);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Check-in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check-in' })).toBeVisible();
  await page.getByLabel('This door’s name').fill(name);
  await page.getByRole('button', { name: 'Start checking in' }).click();
  await expect(page.getByTestId('door-name')).toHaveText(`Door: ${name}`);
  // The layout's later parts (the bell) have loaded: a journey may take the network away now.
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
  return page;
}

/** Starts the camera (again) so it plays what the video file holds now. */
async function scanWithCamera(page: Page): Promise<void> {
  const stop = page.getByRole('button', { name: 'Stop the camera' });
  const start = page.getByRole('button', { name: 'Scan with the camera' });
  // While the camera starts, the button says neither: wait until it says one.
  await expect(stop.or(start)).toBeVisible();
  if (await stop.isVisible()) await stop.click();
  await start.click();
}

const fullName = (user: E2EUser) => `${user.firstName} ${user.lastName}`;

test('an attendee opens My badge offline; the door scans it: checked in, then already; a replaced code is refused', async ({ browser }) => {
  test.slow();
  const attendee = await withRoleProfile(await createUser());
  const door = await doorStaff();

  // The attendee opens My badge once online, then without a network: it is still there.
  const phone = await browser.newContext({ serviceWorkers: 'allow' });
  const attendeePage = await phone.newPage();
  await signIn(attendeePage, attendee);
  await attendeePage.evaluate(() => navigator.serviceWorker.ready);
  await attendeePage.getByRole('link', { name: 'My badge' }).first().click();
  await expect(attendeePage.getByRole('heading', { level: 1, name: 'My badge' })).toBeVisible();
  await expect(attendeePage.getByTestId('badge-name')).toHaveText(fullName(attendee));
  await expect(attendeePage.getByText('Navigator')).toBeVisible();
  const badge = await rpc<MyBadge>(attendee, 'my_badge', {});
  // Kept on the device (an ES256 signature differs at each signing, so the badge is known by its id).
  await expect
    .poll(() =>
      attendeePage.evaluate(
        (id) => Object.entries(localStorage).some(([key, value]) => key.startsWith('offline_cache:') && value.includes(id)),
        badge.badge_id,
      ),
    )
    .toBe(true);
  await phone.setOffline(true);
  await attendeePage.reload();
  await expect(attendeePage.getByTestId('badge-name')).toHaveText(fullName(attendee));
  await expect(attendeePage.getByRole('img', { name: `Check-in code of ${fullName(attendee)}` })).toBeVisible();
  await expect(attendeePage.getByTestId('offline-banner')).toBeVisible();
  await expectNoA11yViolationsEverywhere(attendeePage, attendeePage.getByTestId('badge-qr'));
  await phone.setOffline(false);

  // The door scans the badge through the camera.
  const doorContext = await browser.newContext();
  const doorPage = await openDoor(doorContext, door, 'Main entrance');
  showOnFakeCamera(badge.code);
  await scanWithCamera(doorPage);
  const answer = doorPage.getByTestId('door-answer');
  await expect(answer).toContainText(`Checked in: ${fullName(attendee)}`);
  await expect(answer).toHaveAttribute('data-tone', 'in');
  await expect(doorPage.getByTestId('door-count')).toHaveText('1 scan at this door');
  await expectNoA11yViolationsEverywhere(doorPage, answer);
  await doorPage.setViewportSize({ width: 390, height: 844 });

  // The same badge again, once the door asked for the next one.
  await doorPage.getByRole('button', { name: 'Scan next' }).click();
  await expect(answer).toContainText(/^Already checked in at \d{1,2}:\d{2}\s?[AP]M at Main entrance/);
  await expect(answer).toHaveAttribute('data-tone', 'already');
  await expect(doorPage.getByTestId('door-count')).toHaveText('2 scans at this door');

  // The attendee gets a new code: the old one is refused at the door.
  await attendeePage.getByRole('button', { name: 'Get a new code' }).click();
  await attendeePage.getByRole('dialog').getByRole('button', { name: 'Get a new code' }).click();
  await expect(attendeePage.getByText('Your new code is ready. The old one no longer works.')).toBeVisible();
  const fresh = await rpc<MyBadge>(attendee, 'my_badge', {});
  expect(fresh.code).not.toBe(badge.code);
  await expect(attendeePage.getByText(`Code ${fresh.version}`)).toBeVisible();

  // The door's deny list is read when it opens (and every minute): the old code is refused on the device.
  await doorPage.reload();
  await expect(doorPage.getByTestId('door-name')).toHaveText('Door: Main entrance');
  await scanWithCamera(doorPage);
  await expect(answer).toContainText('This code is not valid (replaced or not from this event)');
  await expect(answer).toContainText('This badge was replaced by a newer one.');
  await expect(answer).toHaveAttribute('data-tone', 'invalid');
  await expectNoA11yViolationsEverywhere(doorPage, answer);

  // The new code works: the person is already in.
  showOnFakeCamera(fresh.code);
  await doorPage.setViewportSize({ width: 390, height: 844 });
  await scanWithCamera(doorPage);
  await expect(answer).toHaveAttribute('data-tone', 'already');
  await phone.close();
  await doorContext.close();
});

test('scans made offline wait on the device and are sent when the network returns, with their own times, once', async ({ browser }) => {
  test.slow();
  const [first, second] = [await createUser(), await createUser()];
  const door = await doorStaff();
  const [firstBadge, secondBadge] = [await rpc<MyBadge>(first, 'my_badge', {}), await rpc<MyBadge>(second, 'my_badge', {})];

  const context = await browser.newContext();
  const page = await openDoor(context, door, 'Side door');
  // The door has its keys and deny list: the network can go.
  await context.setOffline(true);
  showOnFakeCamera(firstBadge.code);
  await scanWithCamera(page);
  const answer = page.getByTestId('door-answer');
  await expect(answer).toContainText('Checked in');
  await expect(answer).toContainText('Offline: this scan is kept on this device');
  const offlineAt = Date.now();
  await expect(page.getByTestId('door-waiting')).toHaveText('1 scan waits to be sent');

  // Meanwhile another door checks the second person in.
  await rpc(door, 'checkin_scan', {
    p_code: secondBadge.code,
    p_door: 'North gate',
    p_scanned_at: new Date().toISOString(),
    p_client_scan_id: crypto.randomUUID(),
  });
  showOnFakeCamera(secondBadge.code);
  await scanWithCamera(page);
  await expect(page.getByTestId('door-waiting')).toHaveText('2 scans wait to be sent');
  // A reload without a network keeps the queue (it is in IndexedDB).
  await page.getByRole('button', { name: 'Stop the camera' }).click();

  // Sent from here on, after offlineAt: a check-in stamped with the time it was sent would be later.
  await context.setOffline(false);
  await expect(page.getByTestId('door-waiting')).toHaveCount(0);
  const notices = page.getByTestId('door-notices');
  await expect(notices).toContainText(`Already checked in at`);
  await expect(notices).toContainText('at North gate');
  await expect(notices).toContainText(fullName(second));

  // The first person was checked in at this door, at the time of the scan (not of the sync).
  const firstNow = await rpc<MyBadge>(first, 'my_badge', {});
  expect(firstNow.door).toBe('Side door');
  expect(Date.parse(firstNow.checked_in_at ?? '')).toBeLessThanOrEqual(offlineAt);
  await expect(page.getByTestId('door-count')).toHaveText('2 scans at this door');

  // Reopened, the door sends nothing again: every scan was answered once.
  let syncs = 0;
  page.on('request', (request) => {
    if (request.url().includes('/rpc/checkin_sync')) syncs += 1;
  });
  await page.reload();
  await expect(page.getByTestId('door-count')).toHaveText('2 scans at this door');
  await expect(page.getByTestId('door-waiting')).toHaveCount(0);
  expect(syncs).toBe(0);
  await context.close();
});
