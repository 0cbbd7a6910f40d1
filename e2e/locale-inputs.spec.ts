import { expect, test } from './support/test.ts';
import { createUser, enterAuthenticatorCode, expectNoA11yViolations, makeOrganiser, signInViaUi, withAuthenticator } from './support/app.ts';

/**
 * The organisers' dates and times are typed and shown as the person's locale writes them
 * (docs/product.md#dates-times-and-counts): in South Africa year first and a 24-hour clock, in the
 * United States month first and AM/PM. The browser's own date and time inputs would follow
 * Chromium's interface language instead, the same in both runs below. The date of birth stays the
 * browser's date input, as the product's rules name it.
 */

const LOCALES = [
  {
    locale: 'en-ZA',
    datePattern: 'YYYY/MM/DD',
    timePattern: 'HH:MM',
    times: ['14:30', '17:00'],
    typed: '15:15',
    shown: '15:15',
  },
  {
    locale: 'en-US',
    datePattern: 'MM/DD/YYYY',
    timePattern: 'H:MM AM',
    times: ['2:30 PM', '5:00 PM'],
    typed: '3:15 pm',
    shown: '3:15 PM',
  },
] as const;

for (const expected of LOCALES) {
  test.describe(`dates and times in ${expected.locale}`, () => {
    test.use({ locale: expected.locale, viewport: { width: 1280, height: 900 } });

    test("the date of birth is the browser's own date input, which the device shows in its own language", async ({ page }) => {
      const user = await createUser({ dateOfBirth: '1992-07-14' });
      await page.goto('/signin');
      const date = page.getByLabel('Date of Birth');
      await expect(date).toHaveAttribute('type', 'date');
      // No day after today can be picked: today is the input's last day, on the visitor's own clock.
      const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
      await expect(date).toHaveAttribute('max', today);
      await page.getByLabel('Email').fill(user.email);
      await date.fill('1992-07-14');
      await expectNoA11yViolations(page);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);

      await page.goto('/signup');
      await expect(page.getByLabel('Date of Birth')).toHaveAttribute('type', 'date');
    });

    test("the organiser's programme and voting rounds show and take times on the locale's clock", async ({ page }) => {
      const organiser = await createUser();
      makeOrganiser(organiser);
      const secret = await withAuthenticator(organiser);
      await signInViaUi(page, organiser);
      await enterAuthenticatorCode(page, secret);

      await page.goto('/organiser/programme');
      const firstDay = page.getByLabel('First day');
      await expect(firstDay).toHaveAttribute('placeholder', expected.datePattern);
      const dateShape = expected.locale === 'en-ZA' ? /^\d{4}\/\d{2}\/\d{2}$/ : /^\d{2}\/\d{2}\/\d{4}$/;
      await expect(firstDay).toHaveValue(dateShape);
      await expect(page.getByLabel('Last day')).toHaveValue(dateShape);

      // Session 3 runs from 14:30 to 17:00 at the venue; the editor is left without saving.
      await page.getByRole('button', { name: 'Edit session 3' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit session 3' });
      await expect(dialog.getByLabel(/^Session starts/)).toHaveValue(expected.times[0]);
      await expect(dialog.getByLabel(/^Session ends/)).toHaveValue(expected.times[1]);
      await expect(dialog.getByLabel(/^Session starts/)).toHaveAttribute('placeholder', expected.timePattern);
      // Its day is named in the locale too, and the box shows the whole name.
      const day = dialog.getByRole('combobox', { name: 'Day', exact: true });
      const shown = await day.evaluate((select: HTMLSelectElement) => {
        const style = getComputedStyle(select);
        const context = document.createElement('canvas').getContext('2d');
        if (!context) throw new Error('no canvas');
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = select.selectedOptions[0]?.text ?? '';
        // The arrow is drawn inside the padding box: leave it 20 px.
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
        return { text, fits: context.measureText(text).width <= room };
      });
      expect(shown).toEqual({ text: expected.locale === 'en-ZA' ? 'Day 1 (06 Dec)' : 'Day 1 (Dec 6)', fits: true });
      const partStarts = dialog.getByLabel(/^Part starts/).first();
      await partStarts.clear();
      await partStarts.pressSequentially(expected.typed);
      await partStarts.blur();
      await expect(partStarts).toHaveValue(expected.shown);
      await expectNoA11yViolations(page);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);

      // A new round's opening: a time typed on the 24-hour clock is shown on the locale's own;
      // a time without a day is refused before anything is created.
      await page.goto('/organiser/rounds');
      await page.getByRole('button', { name: 'New round' }).click();
      const roundName = `Half a schedule ${expected.locale} ${Date.now()}`;
      await page.getByLabel('Round name').fill(roundName);
      const opensAt = page.getByLabel('Opens at (optional)');
      await opensAt.pressSequentially('16:30');
      await opensAt.blur();
      await expect(opensAt).toHaveValue(expected.locale === 'en-ZA' ? '16:30' : '4:30 PM');
      const opensOn = page.getByLabel('Opens on (optional)');
      await opensOn.pressSequentially('2026-12-06');
      await opensOn.blur();
      await expect(opensOn).toHaveValue(expected.locale === 'en-ZA' ? '2026/12/06' : '12/06/2026');
      await page.getByLabel('Closes at (optional)').pressSequentially('18:00');
      await page.getByRole('button', { name: 'Create round' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Give both the day and the time, or leave both empty.' })).toBeVisible();
      await expect(page.getByTestId('round-card').filter({ hasText: roundName })).toHaveCount(0);
    });
  });
}
