import { expect, test } from './support/test.ts';
import { createUser } from './support/app.ts';
import { box, overlap } from './support/geometry.ts';

/**
 * Where toasts appear: at the top right but below the header, so on a 390 px phone they cover
 * neither the sign-in screens' Back link nor the menu button; and listed one under the other, so
 * an error stays readable when a success toast follows it.
 */

test.describe('toasts', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('on a phone: an error and the success after it both show, apart, below the Back link and the menu button', async ({ page }) => {
    const user = await createUser();
    await page.goto('/signin');
    const back = page.getByRole('link', { name: 'Back' });
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Date of Birth').fill('1990-01-01');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const error = page.locator('[data-sonner-toast]').filter({ hasText: 'Invalid login credentials' });
    await expect(error).toBeVisible();
    // (Polled: a toast slides in from above and settles below the header.)
    await expect.poll(async () => overlap(await box(error), await box(back))).toBe(false);

    // The right date at once: the success toast joins the error instead of hiding it. (The pointer
    // rests on the error meanwhile, which holds its timer, so a slow sign-in cannot outlast it.)
    await error.hover();
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
