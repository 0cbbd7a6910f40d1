import { expect, test, type Locator, type Page } from './support/test.ts';
import { randomUUID } from 'node:crypto';
import { createMission, createUser, rpc, signInViaUi, withRoleProfile } from './support/app.ts';
import { box, overlap } from './support/geometry.ts';

/**
 * Where toasts appear: at the top right below the header on a wider screen; on a 390 px phone at
 * the bottom of the screen, so they cover neither the sign-in screens' Back link, the menu button
 * nor the first row of controls; and listed one under the other, so an error stays readable when a
 * success toast follows it.
 */

test.describe('toasts', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('on a phone: an error and the success after it both show, apart, at the bottom, clear of the form, the Back link and the menu button', async ({
    page,
  }) => {
    const user = await createUser();
    await page.goto('/signin');
    const back = page.getByRole('link', { name: 'Back' });
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Date of Birth').fill('1990-01-01');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const error = page.locator('[data-sonner-toast]').filter({ hasText: 'Invalid login credentials' });
    await expect(error).toBeVisible();
    // (Polled: a toast slides in and settles at the bottom of the phone's screen.)
    await expect.poll(async () => overlap(await box(error), await box(back))).toBe(false);
    // It covers none of the form's controls, which the person is about to press again (docs/product.md#constants).
    for (const control of [page.getByLabel('Email'), page.getByLabel('Date of Birth'), page.getByRole('button', { name: 'Sign In' })]) {
      await expect.poll(async () => overlap(await box(error), await box(control))).toBe(false);
    }
    expect((await box(error)).y).toBeGreaterThan(844 / 2);

    // The right date at once: the success toast joins the error instead of hiding it. (The pointer
    // rests on the error's close button meanwhile, which holds its timer, so a slow sign-in cannot
    // outlast it; on a phone the rest of a toast lets the pointer through to the page.)
    await error.getByRole('button', { name: 'Close toast' }).hover();
    await page.getByLabel('Date of Birth').fill(user.dateOfBirth);
    await page.getByLabel('Date of Birth').press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
    const success = page.locator('[data-sonner-toast]').filter({ hasText: 'Signed in successfully!' });
    await expect(success).toBeVisible();
    await expect(error).toBeVisible();
    // The pointer leaves: the toasts stay listed apart, not piled up (sonner piles them unless expanded).
    await page.mouse.move(200, 820);
    await expect(error).toHaveAttribute('data-expanded', 'true');
    await expect(success).toHaveAttribute('data-expanded', 'true');
    await expect.poll(async () => overlap(await box(error), await box(success))).toBe(false);
    await expect(error).toBeInViewport({ ratio: 1 });
    await expect(success).toBeInViewport({ ratio: 1 });

    const menu = page.getByRole('button', { name: 'Open menu' });
    const topBar = page.locator('header').first();
    for (const toast of [error, success]) {
      await expect.poll(async () => overlap(await box(toast), await box(menu))).toBe(false);
      await expect.poll(async () => overlap(await box(toast), await box(topBar))).toBe(false);
    }
    // The menu button stays usable while the toasts show.
    await menu.click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  });
});

/** The toast with this text, once it has faded into its place (no transition running). */
async function settledToast(page: Page, text: string): Promise<Locator> {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
  await expect(toast).toHaveAttribute('data-mounted', 'true');
  await expect.poll(() => toast.evaluate((element) => element.getAnimations().length)).toBe(0);
  return toast;
}

/** The toast covers none of these, all drawn on the screen. */
async function expectClearOf(toast: Locator, texts: Locator[]): Promise<void> {
  for (const text of texts) {
    await expect(text).toBeInViewport();
    expect(overlap(await box(toast), await box(text)), await text.innerText()).toBe(false);
  }
}

for (const width of [390, 1280]) {
  test.describe(`toasts leave headings readable at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 900 : 844 } });

    test('the sign-up card heading, the role profile subtitle and the bell panel header', async ({ page }) => {
      await page.goto('/signup');
      await page.getByRole('button', { name: 'Create Account' }).click();
      const signUpError = await settledToast(page, 'First name is required');
      await expectClearOf(signUpError, [page.getByRole('heading', { level: 1, name: 'Create Account' }), page.getByText('Join us and start your journey')]);

      const author = await withRoleProfile(await createUser());
      const mission = await createMission(author);
      const user = await createUser();
      await rpc(user, 'mark_survey_completed', { p_user_id: user.id, p_survey_type: 'pre_survey_completed' });
      await rpc(user, 'toggle_mission_subscription', { p_mission_id: mission.mission_id });
      await rpc(author, 'update_mission', { p_mission_id: mission.mission_id, p_updated_by: author.id, p_statement: `A new statement ${randomUUID()}` });
      await signInViaUi(page, user);

      await page.goto('/role-profile');
      await page.getByRole('button', { name: 'Save Profile' }).click();
      const profileError = await settledToast(page, 'Please fill in all required fields');
      await expectClearOf(profileError, [
        page.getByRole('heading', { level: 1, name: 'Create Your Role Profile' }),
        page.getByText('Define your purpose, skills, and how you'),
      ]);

      await page.getByRole('button', { name: /^Notifications/ }).click();
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      const markAll = panel.getByRole('button', { name: 'Mark all as read' });
      await expect(markAll).toBeEnabled();
      await page.route('**/rest/v1/rpc/mark_notifications_read', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
      await markAll.click();
      const bellError = await settledToast(page, 'Could not mark as read. Please try again.');
      await expectClearOf(bellError, [panel.getByRole('heading', { name: 'Notifications' }), markAll]);
    });
  });
}
