import { expect, test } from './support/test.ts';
import { signInAsNewOrganiser } from './support/app.ts';
import { expectNoA11yViolationsEverywhere } from './support/every-look.ts';

/**
 * "Send at" of a new announcement uses the console's own date and time fields, as the voting
 * rounds' schedule does (docs/product.md#announcements, docs/decisions/038-locale-date-and-time-fields.md),
 * never the browser's native picker with its own order.
 */

test('an announcement is scheduled with the console’s date and time fields; half a moment is refused, nothing sent', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsNewOrganiser(page);
  await page.goto('/organiser/announcements');
  const sendOn = page.getByLabel('Send on (optional)');
  const sendAt = page.getByLabel('Send at (optional)');
  await expect(sendOn).toBeVisible();
  await expect(page.locator('input[type="datetime-local"], input[type="date"], input[type="time"]')).toHaveCount(0);

  // Written as the rounds' fields write them (the journeys' browser reads dates as in the United States).
  await sendAt.pressSequentially('16:30');
  await sendAt.blur();
  await expect(sendAt).toHaveValue('4:30 PM');
  await page.getByLabel('Title').fill('Half a moment');
  await page.getByLabel(/^Text/).fill('Never sent.');
  await page.getByRole('button', { name: 'Schedule announcement' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Give both the day and the time, or leave both empty.' })).toBeVisible();
  await sendOn.pressSequentially('2026-12-06');
  await sendOn.blur();
  await expect(sendOn).toHaveValue('12/06/2026');
  await expectNoA11yViolationsEverywhere(page, sendOn);
  await expect(page.getByRole('list', { name: 'Announcements' }).getByText('Half a moment')).toHaveCount(0);
});

test('the announcement form previews the banner and the bell line as recipients will see them', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsNewOrganiser(page);
  await page.goto('/organiser/announcements');
  const preview = page.getByTestId('announcement-preview');
  await expect(page.getByLabel('Title')).toBeVisible();
  await expect(preview).toHaveCount(0);
  await page.getByLabel('Title').fill('Lunch moved');
  await page.getByLabel(/^Text/).fill('Lunch is in the courtyard today.');
  await page.getByLabel('Link in the app (optional)').fill('/agenda');
  await page.getByLabel(/^Urgent/).check();
  await expect(preview.getByRole('heading', { name: 'How recipients will see it' })).toBeVisible();
  const banner = preview.getByRole('article', { name: /Lunch moved/ });
  await expect(banner).toContainText('Urgent');
  await expect(banner).toContainText('Lunch is in the courtyard today.');
  await expect(banner.getByRole('link')).toHaveCount(0);
  await expect(page.getByTestId('announcement-preview-bell')).toHaveText('From the organisers: “Lunch moved”. Lunch is in the courtyard today.');
  await expectNoA11yViolationsEverywhere(page, banner);
});
