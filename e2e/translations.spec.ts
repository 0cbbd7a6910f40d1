import { expect, test } from './support/test.ts';
import { signedInUser, signInAsNewOrganiser, withRoleProfile } from './support/app.ts';
import { expectNoA11yViolationsEverywhere } from './support/every-look.ts';

/*
 * Organisers correct a translation (docs/product.md#languages): an organiser who speaks isiXhosa
 * corrects a message in the console, with the keyboard; a correction that drops a placeholder is
 * refused; an attendee reading isiXhosa sees the corrected text on their next page load, the
 * server never restarted.
 */

// One journey corrects a message everyone reading isiXhosa sees: the others must not run meanwhile.
test.describe.configure({ mode: 'default' });

const CATALOGUE = 'Yonke Imisebenzi';
const CORRECTED = 'Yonke Imisebenzi Yethu';

test('an organiser corrects an isiXhosa message in the console and an attendee reading isiXhosa sees it on their next load', async ({ page, browser }) => {
  // Two people, axe at two widths in two themes twice: more than one ordinary journey's time.
  test.slow();
  // The attendee, reading isiXhosa, sees the catalogue's text first.
  const attendeeContext = await browser.newContext();
  const attendee = await attendeeContext.newPage();
  await withRoleProfile(await signedInUser(attendee));
  await attendee.addInitScript(() => {
    localStorage.setItem('language', 'xh');
    localStorage.setItem('language_chosen', 'true');
  });
  await attendee.goto('/view-all-missions');
  await expect(attendee.locator('html')).toHaveAttribute('lang', 'xh');
  await expect(attendee.getByRole('heading', { level: 1, name: CATALOGUE, exact: true })).toBeVisible({ timeout: 30_000 });

  await signInAsNewOrganiser(page);
  await page.goto('/organiser/translations');
  await expect(page.getByRole('heading', { level: 1, name: 'Translations' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('xh');
  const messages = page.getByRole('list', { name: 'Messages' });
  await expect(messages.getByRole('listitem')).toHaveCount(25);
  await expect(page.getByText(/^\d[\d,\u00a0 ]* messages$/)).toBeVisible();
  await expectNoA11yViolationsEverywhere(page, messages);

  // A correction that drops the English's {name} is refused, with the reason, and nothing changes.
  await page.getByRole('searchbox', { name: 'Search the messages' }).fill('organiser.languages.switchedOff');
  const switchedOff = messages.getByRole('listitem', { name: 'organiser.languages.switchedOff' });
  await expect(messages.getByRole('listitem')).toHaveCount(1);
  await switchedOff.getByRole('button', { name: 'Correct' }).focus();
  await page.keyboard.press('Enter');
  const textBox = switchedOff.getByRole('textbox', { name: 'Text in isiXhosa' });
  await expect(textBox).toBeFocused();
  await expect(textBox).toHaveValue('I-{name} icinyiwe.');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Icinyiwe.');
  await page.keyboard.press('Tab');
  await expect(switchedOff.getByRole('button', { name: 'Save the correction' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(switchedOff.getByRole('alert')).toContainText('The correction must keep the placeholders and tags of the English ({name}); it has —');
  await expectNoA11yViolationsEverywhere(page, switchedOff.getByRole('alert'));
  await switchedOff.getByRole('button', { name: 'Cancel' }).click();
  await expect(switchedOff.getByText('I-{name} icinyiwe.')).toBeVisible();

  // The title of the missions list, corrected with the keyboard.
  await page.getByRole('searchbox', { name: 'Search the messages' }).fill('missions.title');
  const title = messages.getByRole('listitem', { name: 'missions.title' });
  await expect(title).toContainText('All Missions');
  await title.getByRole('button', { name: 'Correct' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(CORRECTED);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Correction saved.')).toBeVisible();
  await expect(title.getByText('Corrected', { exact: true })).toBeVisible();
  await expect(title.getByText('Reviewed', { exact: true })).toBeVisible();
  await expect(title.getByText(CORRECTED, { exact: true })).toBeVisible();

  // Only the corrected ones, when asked.
  await page.getByRole('searchbox', { name: 'Search the messages' }).fill('');
  await page.getByRole('combobox', { name: 'Show' }).selectOption('corrected');
  await expect(messages.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('1 message', { exact: true })).toBeVisible();

  // The attendee's next load speaks the correction; the server was never restarted.
  await attendee.reload();
  await expect(attendee.getByRole('heading', { level: 1, name: CORRECTED, exact: true })).toBeVisible();
  await expect(attendee).toHaveTitle(new RegExp(`^${CORRECTED} · `));

  // Back to the catalogue's text, so the other journeys read isiXhosa as the repository has it.
  await title.getByRole('button', { name: "Use the catalogue's text" }).click();
  await expect(page.getByText("The catalogue's text is back.")).toBeVisible();
  await attendee.reload();
  await expect(attendee.getByRole('heading', { level: 1, name: CATALOGUE, exact: true })).toBeVisible();
  await attendeeContext.close();
});

test('the Translations section speaks each language of the console; the privacy editor shows the template in each', async ({ page }) => {
  await signInAsNewOrganiser(page);
  await page.goto('/organiser/privacy');
  const templates = page.getByRole('region', { name: 'The template in each language' });
  await expect(templates.getByRole('heading', { name: 'Your rights' })).toBeVisible();
  await templates.getByRole('combobox', { name: 'Language of the template' }).selectOption('xh');
  await expect(templates.getByRole('heading', { name: 'Amalungelo akho' })).toBeVisible();
  await templates.getByRole('button', { name: 'Start from this template' }).click();
  await expect(page.getByRole('textbox', { name: 'Privacy page text' })).toHaveValue(/## Amalungelo akho/);

  const names = { af: 'Vertalings', zu: 'Ukuhumusha', xh: 'Iinguqulelo' } as const;
  for (const [code, name] of Object.entries(names)) {
    await page.evaluate((language) => {
      localStorage.setItem('language', language);
      localStorage.setItem('language_chosen', 'true');
    }, code);
    await page.goto('/organiser/translations');
    await expect(page.locator('html')).toHaveAttribute('lang', code);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.locator('ol li').first()).toBeVisible();
  }
});
