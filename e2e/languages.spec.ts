import { expect, test } from './support/test.ts';
import { expectNoA11yViolations } from './support/app.ts';

/** The interface in the visitor's language (docs/product.md#languages): the public screens so far. */

test('a visitor chooses Afrikaans on the landing page; sign-in, sign-up and reset speak it, a reload keeps it, English comes back', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('af');

  await expect(page.getByRole('link', { name: 'Registreer' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'af');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privaatheid' })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('link', { name: 'Teken in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welkom terug' })).toBeVisible();
  await expect(page).toHaveTitle(/^Teken in · /);
  await page.getByRole('button', { name: 'Teken in' }).click();
  // The product's check, in the visitor's language, on the field and as a toast.
  await expect(page.getByText('E-pos word vereis').first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-pos' })).toBeFocused();
  await expectNoA11yViolations(page);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Welkom terug' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'af');

  // Sign-up and reset speak it too, with the product's checks and their numbers.
  await page.getByRole('link', { name: /Registreer/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: "Skep 'n rekening" })).toBeVisible();
  await expect(page.getByText('Jy moet ten minste 18 wees.')).toBeVisible();
  await page.getByRole('button', { name: 'Skep rekening' }).click();
  await expect(page.getByText('Voornaam word vereis').first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Voornaam' })).toBeFocused();
  await expectNoA11yViolations(page);

  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Jou geboortedatum vergeet?' })).toBeVisible();
  await page.getByRole('button', { name: 'Stuur herstelskakel' }).click();
  await expect(page.getByText('E-pos word vereis').first()).toBeVisible();

  await page.getByRole('combobox', { name: 'Taal' }).selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your date of birth?' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test.describe('a browser that prefers isiZulu', () => {
  test.use({ locale: 'zu-ZA' });

  test('opens the public screens in isiZulu without being asked, each language named in its own words', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zu');
    await expect(page.getByRole('link', { name: 'Bhalisa' })).toBeVisible();
    const picker = page.getByRole('combobox', { name: 'Ulimi' });
    await expect(picker).toHaveValue('zu');
    await expect(picker.getByRole('option')).toHaveText(['English', 'Afrikaans', 'isiZulu', 'isiXhosa']);

    await page.getByRole('link', { name: 'Ngena' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Siyakwamukela futhi' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'I-imeyili' })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
