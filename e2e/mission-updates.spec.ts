import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './support/test.ts';
import { createMission, createUser, expectNoA11yViolations, rpc, signIn, withRoleProfile } from './support/app.ts';
import { expectNoA11yViolationsEverywhere } from './support/every-look.ts';

/**
 * Missions after the conference (docs/product.md#mission-updates, #mission-status, #public-page):
 * an owner posts an update with a photo from My Mission and a follower sees it in the bell and on
 * the mission's page; the owner publishes the public page, which opens signed out and names nobody
 * who did not choose to share their name.
 */

/** A small JPEG a phone might send: with a camera make and a GPS position in its EXIF. */
const PHOTO_WITH_LOCATION = Buffer.from(
  '/9j/4QEWRXhpZgAASUkqAAgAAAAIAA8BAgALAAAAfgAAABIBAwABAAAAAQAAABoBBQABAAAAbgAAABsBBQABAAAAdgAAACgBAwABAAAAAgAAABMCAwABAAAAAQAAAGmHBAABAAAAigAAACWIBAABAAAA2AAAAAAAAAA4YwAA6AMAADhjAADoAwAAUGhvbmVNYWtlcgAABgAAkAcABAAAADAyMTABkQcABAAAAAECAwAAoAcABAAAADAxMDABoAMAAQAAAP//AAACoAQAAQAAACAAAAADoAQAAQAAABgAAAAAAAAAAgABAAIAAgAAAFMAAAACAAUAAwAAAPYAAAAAAAAAIQAAAAEAAAA3AAAAAQAAAAwAAAABAAAA/9sAQwAQCwwODAoQDg0OEhEQExgoGhgWFhgxIyUdKDozPTw5Mzg3QEhcTkBEV0U3OFBtUVdfYmdoZz5NcXlwZHhcZWdj/9sAQwEREhIYFRgvGhovY0I4QmNjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2Nj/8AAEQgAGAAgAwEiAAIRAQMRAf/EABUAAQEAAAAAAAAAAAAAAAAAAAAC/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/EABYBAQEBAAAAAAAAAAAAAAAAAAABBf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AJARggAAAAAP/9k=',
  'base64',
);

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

test.describe('mission updates and the public page', () => {
  test('an owner posts an update with a photo; a follower hears of it in the bell and sees it on the mission', async ({ page, browser }) => {
    const owner = await withRoleProfile(await createUser({ firstName: 'Olu', lastName: `Owner${randomUUID().slice(0, 4)}` }));
    const mission = await createMission(owner);
    const follower = await createUser();
    await rpc(follower, 'toggle_mission_subscription', { p_mission_id: mission.mission_id });

    await signIn(page, owner, '/view-my-mission');
    const updates = page.getByRole('region', { name: 'Updates' });
    await expect(updates.getByText('No updates yet.')).toBeVisible();
    const form = page.getByRole('form', { name: 'Post an update' });
    // A link that is not https is refused with the server's words; nothing is posted.
    await form.getByLabel('Title').fill('First week');
    await form.getByLabel('What happened').fill('We met at the library and mapped two wells.');
    await form.getByLabel('Link (https, optional)').fill('http://example.org/notes');
    await form.getByRole('button', { name: 'Post update' }).click();
    await expect(page.getByTestId('update-error')).toHaveText('The link must be a full https:// address.');
    await form.getByLabel('Link (https, optional)').fill('https://example.org/notes');
    await form.getByLabel('Photo (optional)').setInputFiles({ name: 'wells.jpg', mimeType: 'image/jpeg', buffer: PHOTO_WITH_LOCATION });
    await form.getByRole('button', { name: 'Post update' }).click();
    await expect(page.getByTestId('mission-update')).toHaveCount(1);
    const posted = page.getByTestId('mission-update').first();
    await expect(posted.getByRole('heading', { name: 'First week' })).toBeVisible();
    const photo = posted.getByRole('img', { name: 'Photo of the update “First week”' });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(32);
    // What the browser receives is the re-encoded photo: no EXIF, no camera, no GPS.
    const served = await page.request.get((await photo.getAttribute('src')) ?? '');
    const bytes = Buffer.from(await served.body());
    expect(bytes.includes(Buffer.from('Exif'))).toBe(false);
    expect(bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);

    // Status and a milestone, then the page is checked in every look.
    const progress = page.getByRole('region', { name: 'Progress' });
    await progress.getByLabel('Status').selectOption('paused');
    await progress.getByLabel('Reason').fill('Exams until June');
    await progress.getByRole('button', { name: 'Save status' }).click();
    await expect(page.getByTestId('mission-status')).toHaveText('Paused');
    await expectNoA11yViolationsEverywhere(page, posted);

    // The follower, in their own browser: the bell has it, and the mission's page shows it.
    const context = await browser.newContext();
    const other = await context.newPage();
    await signIn(other, follower);
    await expect(bell(other)).toHaveAccessibleName('Notifications, 1 unread');
    await bell(other).click();
    const item = other.getByRole('dialog', { name: 'Notifications' }).getByRole('listitem').first();
    await expect(item).toContainText(`${owner.firstName} ${owner.lastName} posted an update on “${mission.name}”: “First week”`);
    await item.getByRole('link').click();
    await expect(other).toHaveURL(new RegExp(`/mission/${mission.mission_id}$`));
    await expect(other.getByTestId('mission-update').getByRole('heading', { name: 'First week' })).toBeVisible();
    await expect(other.getByRole('form', { name: 'Post an update' })).toHaveCount(0);
    await expect(other.getByTestId('mission-status')).toHaveText('Paused');
    await context.close();
  });

  test('the public page opens signed out, names only who shares their name, and goes away when unpublished', async ({ page, browser }) => {
    const owner = await withRoleProfile(await createUser({ firstName: 'Sipho', lastName: `Sharer${randomUUID().slice(0, 4)}` }));
    const mission = await createMission(owner);
    const hiddenName = `Quillon${randomUUID().slice(0, 6)}`;
    const anonymous = await createUser({ firstName: hiddenName, lastName: 'Zephyrwick' });
    await rpc(owner, 'add_mission_member', { p_mission_id: mission.mission_id, p_user_id: anonymous.id });
    await rpc(owner, 'post_mission_update', { p_mission_id: mission.mission_id, p_title: 'Two pumps fixed', p_text: 'At both schools.' });

    await signIn(page, owner, `/mission/${mission.mission_id}`);
    const progress = page.getByRole('region', { name: 'Progress' });
    await expect(progress.getByText('Not published: only people signed in to the app see this mission.')).toBeVisible();
    const slug = `clean-water-${randomUUID().slice(0, 8)}`;
    await progress.getByLabel('Address of the public page').fill(slug);
    await progress.getByRole('button', { name: 'Publish' }).click();
    await expect(progress.getByTestId('public-page-link')).toContainText(`/m/${slug}`);

    // Signed out, in a new browser: the page, its preview tags, and nobody's hidden name.
    const context = await browser.newContext();
    const reader = await context.newPage();
    const answer = await reader.goto(`/m/${slug}`);
    expect(answer?.status()).toBe(200);
    await expect(reader.getByRole('heading', { level: 1, name: mission.name })).toBeVisible();
    await expect(reader.getByText('Two pumps fixed')).toBeVisible();
    await expect(reader.getByText('A team of 2.')).toBeVisible();
    await expect(reader.locator('meta[property="og:title"]')).toHaveAttribute('content', mission.name);
    const html = await reader.content();
    for (const hidden of [hiddenName, 'Zephyrwick', anonymous.email, owner.email]) expect(html).not.toContain(hidden);
    expect(await reader.locator('script').count()).toBe(0);
    for (const width of [390, 1280]) {
      await reader.setViewportSize({ width, height: 844 });
      for (const scheme of ['light', 'dark'] as const) {
        await reader.emulateMedia({ colorScheme: scheme });
        await expectNoA11yViolations(reader);
      }
    }
    // Printable: the print style applies.
    await reader.emulateMedia({ media: 'print' });
    await expect(reader.locator('body')).toHaveCSS('background-color', 'rgb(255, 255, 255)');

    await progress.getByRole('button', { name: 'Unpublish' }).click();
    await expect(progress.getByText('Not published: only people signed in to the app see this mission.')).toBeVisible();
    expect((await reader.goto(`/m/${slug}`))?.status()).toBe(404);
    await context.close();
  });
});
