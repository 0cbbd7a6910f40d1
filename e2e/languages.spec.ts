import { expect, test, type Browser, type Page } from './support/test.ts';
import {
  createMission,
  createUser,
  expectNoA11yViolations,
  organiserViaApi,
  rpc,
  signInAsNewOrganiser,
  signInViaUi,
  withRoleProfile,
  type E2EUser,
} from './support/app.ts';
import { E2E_BASE_URL } from './support/env.ts';

/** The interface in the person's language (docs/product.md#languages). */

// One journey switches a language off for everyone: the others must not run meanwhile.
test.describe.configure({ mode: 'default' });

const PROGRAMME = 'Community Mission Game 2025';

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

/** What one newcomer sees, in their language, from sign-up to their first vote. */
const NEWCOMER_WORDS = {
  af: {
    firstName: 'Voornaam',
    lastName: 'Van',
    email: 'E-pos',
    dateOfBirth: 'Geboortedatum',
    mobile: 'Selfoonnommer',
    submit: 'Skep rekening',
    created: 'Rekening suksesvol geskep!',
    welcome: `Welkom: ${PROGRAMME}`,
    allMissions: 'Alle missies',
    vote: 'Stem',
    unvote: 'Trek stem terug',
    details: 'Bekyk besonderhede',
    oneVote: '1 stem',
  },
  zu: {
    firstName: 'Igama',
    lastName: 'Isibongo',
    email: 'I-imeyili',
    dateOfBirth: 'Usuku lokuzalwa',
    mobile: 'Inombolo yeselula',
    submit: 'Dala i-akhawunti',
    created: 'I-akhawunti idalwe ngempumelelo!',
    welcome: `Siyakwamukela: ${PROGRAMME}`,
    allMissions: 'Yonke imisebenzi',
    vote: 'Vota',
    unvote: 'Hoxisa ivoti',
    details: 'Buka Imininingwane',
    oneVote: 'ivoti eli-1',
  },
} as const;

for (const language of ['af', 'zu'] as const) {
  test.describe(`a newcomer whose browser prefers ${language}`, () => {
    test.use({ locale: `${language}-ZA` });

    test('signs up, lands on the dashboard and casts a first vote, all in their language', async ({ page }) => {
      const words = NEWCOMER_WORDS[language];
      const mission = await createMission(await withRoleProfile(await createUser()));
      await page.goto('/signup');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.getByLabel(words.firstName).fill('Thandi');
      await page.getByLabel(words.lastName).fill('Nkosi');
      await page.getByLabel(words.email).fill(`newcomer-${language}-${Date.now()}@example.com`);
      await page.getByLabel(words.dateOfBirth).fill('1994-03-08');
      await page.getByLabel(words.mobile).fill('821234567');
      await page.getByRole('button', { name: words.submit }).click();
      await expect(page.getByText(words.created)).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1, name: words.welcome })).toBeVisible();
      await expectNoA11yViolations(page);

      await page.getByRole('link', { name: words.allMissions }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: words.allMissions })).toBeVisible();
      const card = page.getByTestId('mission-card').filter({ has: page.getByRole('heading', { name: mission.name, exact: true }) });
      await card.getByRole('button', { name: words.vote, exact: true }).click();
      await expect(card.getByTestId('card-votes')).toHaveText('1');
      await expect(card.getByRole('button', { name: words.unvote, exact: true })).toBeVisible();
      await card.getByRole('link', { name: words.details }).click();
      await expect(page.getByTestId('engagement-votes')).toHaveText(words.oneVote);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expectNoA11yViolations(page);
    });
  });
}

/** The account's metadata as the server keeps it. */
async function accountLanguage(user: E2EUser): Promise<unknown> {
  const response = await fetch(`${E2E_BASE_URL}/auth/v1/user`, {
    headers: { apikey: 'mission-control', authorization: `Bearer ${user.session.access_token}` },
  });
  return ((await response.json()) as { user_metadata?: { language?: unknown } }).user_metadata?.language;
}

async function newDevice(browser: Browser): Promise<Page> {
  return (await browser.newContext({ locale: 'en-ZA' })).newPage();
}

test('a language chosen on one device follows the account to another, and a change there comes back', async ({ browser }) => {
  const person = await createUser();
  const laptop = await newDevice(browser);
  await laptop.goto('/');
  await laptop.getByRole('combobox', { name: 'Language' }).selectOption('af');
  await laptop.goto('/signin');
  await laptop.getByLabel('E-pos').fill(person.email);
  await laptop.getByLabel('Geboortedatum').fill(person.dateOfBirth);
  await laptop.getByRole('button', { name: 'Teken in' }).click();
  await expect(laptop.getByRole('heading', { level: 1, name: `Welkom: ${PROGRAMME}` })).toBeVisible();
  // The account had no language yet: it takes the one the person chose on this device.
  await expect.poll(() => accountLanguage(person)).toBe('af');

  const phone = await newDevice(browser);
  await signInViaUi(phone, person);
  await expect(phone.getByRole('heading', { level: 1, name: `Welkom: ${PROGRAMME}` })).toBeVisible();
  await expect(phone.locator('html')).toHaveAttribute('lang', 'af');

  await phone.goto('/account');
  await phone.getByRole('combobox', { name: 'Taal' }).selectOption('zu');
  await expect(phone.locator('html')).toHaveAttribute('lang', 'zu');
  await expect.poll(() => accountLanguage(person)).toBe('zu');
  await expectNoA11yViolations(phone);

  await laptop.reload();
  await expect(laptop.getByRole('heading', { level: 1, name: `Siyakwamukela: ${PROGRAMME}` })).toBeVisible();
  await expect(laptop.locator('html')).toHaveAttribute('lang', 'zu');
});

/** Keeps `language` on the account, as choosing it on another device would have. */
async function setAccountLanguage(user: E2EUser, language: string): Promise<void> {
  const response = await fetch(`${E2E_BASE_URL}/auth/v1/user`, {
    method: 'PUT',
    headers: { apikey: 'mission-control', authorization: `Bearer ${user.session.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ data: { language } }),
  });
  expect(response.ok).toBe(true);
}

test("a language picked on the sign-in screen wins over the account's: the person lands in it and the account keeps it", async ({ browser }) => {
  const person = await createUser();
  await setAccountLanguage(person, 'af');
  const phone = await newDevice(browser);
  await phone.goto('/signin');
  await phone.getByRole('combobox', { name: 'Language' }).selectOption('zu');
  await phone.getByLabel('I-imeyili').fill(person.email);
  await phone.getByLabel('Usuku lokuzalwa').fill(person.dateOfBirth);
  await phone.getByRole('button', { name: 'Ngena' }).click();
  await expect(phone.getByText('Ungene ngempumelelo!')).toBeVisible();
  await expect(phone.getByRole('heading', { level: 1, name: `Siyakwamukela: ${PROGRAMME}` })).toBeVisible();
  await expect.poll(() => accountLanguage(person)).toBe('zu');
  // Once the account keeps it, a reload still shows it (and no longer counts as this device's own choice).
  await phone.reload();
  await expect(phone.getByRole('heading', { level: 1, name: `Siyakwamukela: ${PROGRAMME}` })).toBeVisible();
  await expect(phone.locator('html')).toHaveAttribute('lang', 'zu');
});

test('an Afrikaans account signing in on a new phone is greeted in Afrikaans, toast and dashboard alike', async ({ browser }) => {
  const person = await createUser();
  await setAccountLanguage(person, 'af');
  const phone = await newDevice(browser);
  await signInViaUi(phone, person);
  await expect(phone.getByText('Suksesvol aangeteken!')).toBeVisible();
  await expect(phone.getByRole('heading', { level: 1, name: `Welkom: ${PROGRAMME}` })).toBeVisible();
  await expect(phone.getByText('Signed in successfully!')).toHaveCount(0);
  await expect(phone.locator('html')).toHaveAttribute('lang', 'af');
});

test('organisers switch isiXhosa off: it leaves the language lists, a browser preferring it gets English, and it comes back', async ({ page, browser }) => {
  await signInAsNewOrganiser(page);
  const helper = await organiserViaApi(await createUser());
  try {
    await page.goto('/organiser/languages');
    await expect(page.getByRole('heading', { level: 1, name: 'Languages' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /English/ })).toBeDisabled();
    await page.getByRole('checkbox', { name: 'isiXhosa' }).click();
    await expect(page.getByText('isiXhosa is switched off.')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'isiXhosa' })).not.toBeChecked();
    await expectNoA11yViolations(page);

    const visitor = await (await browser.newContext({ locale: 'xh-ZA' })).newPage();
    await visitor.goto('/');
    await expect(visitor.locator('html')).toHaveAttribute('lang', 'en');
    await expect(visitor.getByRole('combobox', { name: 'Language' }).getByRole('option')).toHaveText(['English', 'Afrikaans', 'isiZulu']);

    await page.getByRole('checkbox', { name: 'isiXhosa' }).click();
    await expect(page.getByText('isiXhosa is offered again.')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'isiXhosa' })).toBeChecked();
    await visitor.reload();
    await expect(visitor.locator('html')).toHaveAttribute('lang', 'xh');
  } finally {
    await rpc(helper, 'set_language_offered', { p_language: 'xh', p_offered: true });
  }
});
