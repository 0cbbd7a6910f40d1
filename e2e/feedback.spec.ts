import { expect, test, type Page } from './support/test.ts';
import { signInAsNewOrganiser, signedInUser } from './support/app.ts';
import { expectNoA11yViolationsEverywhere } from './support/every-look.ts';

/**
 * Feedback after a part (docs/product.md#feedback): the sample programme's parts have ended by the
 * server's clock, so an attendee rates one in its details, and the organisers read it, without a
 * name, in the console's Feedback section. When "How was …?" reaches the bell is proven on the
 * server with the notification jobs' clock set by the test (features/feedback/feedback.test.ts).
 */

const PART = { id: 's3p2', title: 'Strong Families, Strong Communities' };

async function openPartDetails(page: Page) {
  await page.goto(`/agenda-schedule?part=${PART.id}`);
  const card = page.getByTestId('agenda-part').filter({ has: page.getByRole('heading', { name: PART.title, exact: true }) });
  await card.getByRole('button', { name: /^View Full Details/ }).click();
  const dialog = page.getByRole('dialog', { name: PART.title });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('after a part, an attendee rates it anonymously and the organisers read it in the console', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const comment = `Warm and practical (${Date.now().toString(36)})`;
  const attendee = await signedInUser(page);
  const dialog = await openPartDetails(page);
  const feedback = dialog.getByRole('region', { name: `How was ${PART.title}?` });
  await expect(feedback.getByText('For the speakers, anonymously: only the organisers read it, never with your name.')).toBeVisible();
  await feedback.getByText('4', { exact: true }).click();
  await feedback.getByLabel('A comment for the speakers (optional)').fill(comment);
  await feedback.getByRole('button', { name: 'Send my feedback' }).click();
  await expect(feedback.getByText('Thank you: your feedback is in.')).toBeVisible();
  await expect(feedback.getByRole('button', { name: 'Change my feedback' })).toBeVisible();
  await expectNoA11yViolationsEverywhere(page, feedback.getByRole('button', { name: 'Change my feedback' }));

  const context = await browser.newContext();
  const desk = await context.newPage();
  await signInAsNewOrganiser(desk);
  await desk.goto('/organiser/feedback');
  const row = desk.getByTestId('part-feedback').filter({ has: desk.getByRole('heading', { name: PART.title }) });
  await expect(row.getByText(comment)).toBeVisible();
  await expect(row).toContainText('average');
  await expect(row).not.toContainText(attendee.email);
  await expect(row).not.toContainText(attendee.firstName);
  await row.getByRole('button', { name: `Switch off feedback for ${PART.title}` }).click();
  await expect(row.getByText('Switched off')).toBeVisible();
  await expectNoA11yViolationsEverywhere(desk, row.getByText('Switched off'));
  // Switched off, the part no longer asks.
  await page.reload();
  const again = await openPartDetails(page);
  await expect(again.getByText('Strong Families, Strong Communities', { exact: true }).first()).toBeVisible();
  await expect(again.getByRole('region', { name: `How was ${PART.title}?` })).toHaveCount(0);
  await row.getByRole('button', { name: `Switch on feedback for ${PART.title}` }).click();
  await expect(row.getByText('Switched off')).toHaveCount(0);
  await context.close();
});
