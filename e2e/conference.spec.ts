import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from './support/test.ts';
import { SESSION_SCHEDULE, parseConferenceContent, type Speaker } from '../packages/contract/src/conference.ts';
import { expectNoA11yViolations, signedInUser } from './support/app.ts';

/**
 * Speakers Directory and Agenda Schedule, in Chromium against the real server, as a
 * signed-in attendee on a 360 px wide phone. Expectations come from docs/product.md (texts, session times)
 * and from the shipped content files, so replacing the sample content keeps these tests meaningful.
 */

const contentDir = new URL('../apps/web/src/features/conference/content/', import.meta.url);
const readJson = (name: string): unknown => JSON.parse(readFileSync(new URL(name, contentDir), 'utf8'));
const content = parseConferenceContent(readJson('speakers.json'), readJson('agenda.json'));

function partsOf(speaker: Speaker) {
  return content.agenda.flatMap((session) =>
    session.parts.filter((part) => part.speakers.some((ref) => ref.name === speaker.name)).map((part) => ({ part, session })),
  );
}

function find<T>(items: readonly T[], predicate: (item: T) => boolean, what: string): T {
  const found = items.find(predicate);
  if (!found) throw new Error(`The content has no ${what}`);
  return found;
}

const range = (start: string, end: string) => `${start} – ${end}`;

test.use({ viewport: { width: 360, height: 780 } });

test.beforeEach(async ({ page }) => {
  await signedInUser(page);
});

async function openSpeakers(page: Page): Promise<void> {
  await page.goto('/speakers-directory');
  await expect(page.getByRole('heading', { level: 1, name: 'Speakers Directory' })).toBeVisible();
}

async function openAgenda(page: Page): Promise<void> {
  await page.goto('/agenda-schedule');
  await expect(page.getByRole('heading', { level: 1, name: 'Agenda Schedule' })).toBeVisible();
}

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function expectOpensInNewTab(link: Locator, href: string): Promise<void> {
  await expect(link).toHaveAttribute('href', href);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
}

test.describe('Speakers Directory', () => {
  test('search filters by name, designation or bio, ignoring case, and shows the empty state', async ({ page }) => {
    await openSpeakers(page);
    const cards = page.getByTestId('speaker-card');
    const search = page.getByPlaceholder('Search speakers by name, designation, or expertise...');
    await expect(cards).toHaveCount(17);
    await expectNoHorizontalScroll(page);

    const [first, second] = content.speakers;
    if (!first || !second) throw new Error('no speakers');
    await search.fill(first.name.toUpperCase());
    await expect(cards).toHaveCount(content.speakers.filter((s) => s.name.toLowerCase().includes(first.name.toLowerCase())).length);
    await expect(cards.first()).toContainText(first.name);

    await search.fill(second.designation.toLowerCase());
    await expect(cards.filter({ hasText: second.name })).toHaveCount(1);
    await expect(cards).toHaveCount(
      content.speakers.filter((s) => [s.name, s.designation, s.about].some((f) => f.toLowerCase().includes(second.designation.toLowerCase()))).length,
    );

    // A phrase only the bio contains (the bio's first sentence ending, never part of name or designation).
    const bioPhrase = second.about.split(' ').slice(3, 7).join(' ');
    await search.fill(bioPhrase);
    await expect(cards.filter({ hasText: second.name })).toHaveCount(1);

    await search.fill('zz-no-such-speaker-zz');
    await expect(cards).toHaveCount(0);
    // docs/product.md#speakers-directory: the empty state reads exactly this, en dash included.
    await expect(page.getByText('No speakers found – Try adjusting your search query', { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);

    await search.fill('');
    await expect(cards).toHaveCount(17);
    await expect(page.getByText('No speakers found')).toHaveCount(0);
  });

  test('cards show photo or placeholder, designation, session count and a 3-line bio', async ({ page }) => {
    await openSpeakers(page);
    for (const speaker of content.speakers) {
      const card = page.getByTestId('speaker-card').filter({ has: page.getByRole('button', { name: speaker.name, exact: true }) });
      const count = partsOf(speaker).length;
      await expect(card).toContainText(speaker.designation);
      await expect(card).toContainText(count === 1 ? '1 Session' : `${count} Sessions`);
      const photo = speaker.profilePicURL
        ? card.getByRole('img', { name: `Photo of ${speaker.name}` })
        : card.getByRole('img', { name: `No photo of ${speaker.name}` });
      await expect(photo).toBeVisible();
    }
    const bio = page
      .getByTestId('speaker-card')
      .first()
      .locator('p')
      .filter({ hasText: content.speakers[0]?.about ?? '' });
    await expect(bio).toHaveCSS('-webkit-line-clamp', '3');
    // Photos are local files that load.
    const withPhoto = find(content.speakers, (s) => Boolean(s.profilePicURL), 'speaker with a photo');
    const loaded = await page.getByRole('img', { name: `Photo of ${withPhoto.name}` }).evaluate((img) => (img as HTMLImageElement).naturalWidth > 0);
    expect(loaded).toBe(true);
    await expectNoA11yViolations(page);
  });

  test('a card opens the speaker dialog with links, About and sessions; keyboard works', async ({ page }) => {
    await openSpeakers(page);
    const speaker = find(content.speakers, (s) => Boolean(s.linkedinUrl && s.websiteUrl && s.twitterUrl && s.profilePicURL), 'speaker with every link');
    const card = page.getByTestId('speaker-card').filter({ hasText: speaker.designation });
    // Clicking anywhere on the card, not only on the name, opens it (here: near the bottom, on the bio).
    const box = await card.boundingBox();
    if (!box) throw new Error('card not laid out');
    await card.click({ position: { x: box.width / 2, y: box.height - 24 } });
    const dialog = page.getByRole('dialog', { name: speaker.name });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(speaker.designation);
    await expect(dialog.getByRole('img', { name: `Photo of ${speaker.name}` })).toBeVisible();
    await expectOpensInNewTab(dialog.getByRole('link', { name: /^LinkedIn/ }), speaker.linkedinUrl ?? '');
    await expectOpensInNewTab(dialog.getByRole('link', { name: /^Website/ }), speaker.websiteUrl ?? '');
    await expectOpensInNewTab(dialog.getByRole('link', { name: /^Twitter/ }), speaker.twitterUrl ?? '');
    await expect(dialog.getByRole('heading', { name: 'About', exact: true })).toBeVisible();
    await expect(dialog).toContainText(speaker.about);
    const appearances = partsOf(speaker);
    const items = dialog.getByRole('listitem').filter({ hasText: /^(TALK|PANEL)/ });
    await expect(items).toHaveCount(appearances.length);
    for (const [index, { part, session }] of appearances.entries()) {
      const item = items.nth(index);
      await expect(item).toContainText(part.type);
      await expect(item).toContainText(range(part.startTime, part.endTime));
      await expect(item).toContainText(part.title);
      await expect(item).toContainText(session.sessionTitle);
    }
    await expectNoA11yViolations(page);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const trigger = page.getByRole('button', { name: speaker.name, exact: true });
    await expect(trigger).toBeFocused();

    // Keyboard: Enter on a card opens it; only the links the speaker has are shown.
    const sparse = find(content.speakers, (s) => !s.twitterUrl && !s.websiteUrl && Boolean(s.linkedinUrl), 'speaker with only LinkedIn');
    const sparseTrigger = page.getByRole('button', { name: sparse.name, exact: true });
    await sparseTrigger.focus();
    await page.keyboard.press('Enter');
    const sparseDialog = page.getByRole('dialog', { name: sparse.name });
    await expect(sparseDialog).toBeVisible();
    await expect(sparseDialog.getByRole('link', { name: /opens in a new tab/ })).toHaveCount(1);
    await expect(sparseDialog.getByRole('link', { name: /^Website|^Twitter/ })).toHaveCount(0);
    await sparseDialog.getByRole('button', { name: 'Close' }).click();
    await expect(sparseDialog).toBeHidden();
    await expect(sparseTrigger).toBeFocused();
  });
});

test.describe('Agenda Schedule', () => {
  test('shows the seven sessions in order with their documented times, a tab per day with its date, all expanded', async ({ page }) => {
    await openAgenda(page);
    await expectNoHorizontalScroll(page);
    // The sample configuration: the first day is Saturday 6 December 2025, at the venue's time zone.
    const dayOne = page.getByRole('tab', { name: /^Day One/ });
    const dayTwo = page.getByRole('tab', { name: /^Day Two/ });
    await expect(dayOne).toContainText('Sat, Dec 6');
    await expect(dayTwo).toContainText('Sun, Dec 7');
    await expect(dayOne).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { level: 2, name: 'Day One · Saturday, December 6, 2025' })).toBeVisible();
    await expect(page.getByTestId('venue-time-note')).toContainText('All times are venue times in Johannesburg (GMT+2).');

    const spec = [
      ['Session 1', '09:00 – 11:30'],
      ['Session 2', '11:45 – 14:15'],
      ['Session 3', '14:30 – 17:00'],
      ['Session 4', '17:15 – 19:45'],
      ['Session 5', '20:00 – 22:30'],
      ['Session 6', '08:00 – 11:00'],
      ['Session 7', '11:15 – 14:45'],
    ];
    expect(SESSION_SCHEDULE.map((s) => [`Session ${s.sessionNumber}`, range(s.startTime, s.endTime)])).toEqual(spec);
    const checkDay = async (rows: string[][]) => {
      const groups = page.getByRole('tabpanel').getByTestId('agenda-session');
      await expect(groups).toHaveCount(rows.length);
      for (const [index, [label, times]] of rows.entries()) {
        const group = groups.nth(index);
        const session = find(content.agenda, (s) => `Session ${s.sessionNumber}` === label, label ?? '');
        const toggle = group.getByRole('button', { name: new RegExp(`^${label}\\b`) });
        await expect(toggle).toContainText(session.sessionTitle);
        await expect(group.getByTestId('session-time')).toHaveText(times ?? '');
        await expect(toggle).toContainText(session.parts.length === 1 ? '1 part' : `${session.parts.length} parts`);
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
        const parts = group.getByTestId('agenda-part');
        await expect(parts).toHaveCount(session.parts.length);
        for (const [partIndex, part] of session.parts.entries()) {
          const card = parts.nth(partIndex);
          await expect(card.getByTestId('part-time')).toHaveText(range(part.startTime, part.endTime));
          await expect(card).toContainText(part.type);
          await expect(card.getByRole('heading', { name: part.title })).toBeVisible();
        }
      }
    };
    await checkDay(spec.slice(0, 5));
    await expectNoA11yViolations(page);

    // Arrow keys move between the day tabs.
    await dayOne.focus();
    await page.keyboard.press('ArrowRight');
    await expect(dayTwo).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { level: 2, name: 'Day Two · Sunday, December 7, 2025' })).toBeVisible();
    await checkDay(spec.slice(5));
    await expectNoA11yViolations(page);
  });

  test.describe('in a British browser', () => {
    test.use({ locale: 'en-GB' });

    test('day labels are written the British way', async ({ page }) => {
      await openAgenda(page);
      await expect(page.getByRole('tab', { name: /^Day One/ })).toContainText('Sat 6 Dec');
      await expect(page.getByRole('heading', { level: 2, name: /^Day One · Saturday,? 6 December 2025$/ })).toBeVisible();
    });
  });

  test("parts show their duration, and each speaker chip opens that speaker's card in the app", async ({ page }) => {
    await openAgenda(page);
    const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
    const duration = (start: string, end: string) => {
      const total = minutes(end) - minutes(start);
      const h = Math.floor(total / 60);
      const m = total % 60;
      return h === 0 ? `${m}m` : m === 0 ? `${h}h` : `${h}h ${m}m`;
    };
    expect(duration('10:00', '11:30')).toBe('1h 30m');
    expect(duration('10:00', '10:45')).toBe('45m');
    const cards = page.getByTestId('agenda-part');
    const dayOf = (sessionNumber: number) => SESSION_SCHEDULE.find((s) => s.sessionNumber === sessionNumber)?.day ?? 1;
    const parts = content.agenda.flatMap((s) => s.parts.map((part) => ({ ...part, day: dayOf(s.sessionNumber) })));
    await expect(cards).toHaveCount(parts.filter((part) => part.day === 1).length);
    for (const part of parts) {
      const tab = page.getByRole('tab', { name: part.day === 1 ? /^Day One/ : /^Day Two/ });
      if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
      const card = cards.filter({ has: page.getByRole('heading', { name: part.title, exact: true }) });
      await expect(card.getByTestId('part-duration')).toHaveText(`Duration ${duration(part.startTime, part.endTime)}`);
      for (const person of part.speakers) {
        const speaker = content.speakers.find((candidate) => candidate.name === person.name);
        const chip = card.getByRole('link', { name: `Speaker profile: ${person.name}`, exact: true });
        await expect(chip).toHaveAttribute('href', `/speakers-directory?speaker=${speaker?.id ?? ''}`);
        await expect(chip).not.toHaveAttribute('target', '_blank');
      }
    }

    // A chip opens the card (with the LinkedIn link inside it), not LinkedIn.
    const withSpeaker = parts.find((part) => part.day === 2 && part.speakers.length > 0) ?? parts.find((part) => part.speakers.length > 0);
    const person = withSpeaker?.speakers[0];
    if (!withSpeaker || !person) throw new Error('no part with a speaker');
    await cards
      .filter({ has: page.getByRole('heading', { name: withSpeaker.title, exact: true }) })
      .getByRole('link', { name: `Speaker profile: ${person.name}`, exact: true })
      .click();
    const profile = page.getByRole('dialog', { name: person.name });
    await expect(profile).toBeVisible();
    if (person.linkedinUrl) await expectOpensInNewTab(profile.getByRole('link', { name: /^LinkedIn/ }), person.linkedinUrl);
  });

  test('a part without speakers has no empty Speakers heading in its details', async ({ page }) => {
    await openAgenda(page);
    const bare = content.agenda.flatMap((session) => session.parts).find((part) => part.speakers.length === 0 && !part.speaker.trim());
    const lineOnly = content.agenda.flatMap((session) => session.parts).find((part) => part.speakers.length === 0 && part.speaker.trim());
    const target = bare ?? lineOnly;
    if (!target) throw new Error('the content has no part without speakers');
    await page.getByRole('tab', { name: /^Day Two/ }).click();
    await page
      .getByTestId('agenda-part')
      .filter({ has: page.getByRole('heading', { name: target.title, exact: true }) })
      .getByRole('button', { name: /^View Full Details/ })
      .click();
    const dialog = page.getByRole('dialog', { name: target.title });
    await expect(dialog.getByRole('heading', { name: 'About This Session' })).toBeVisible();
    if (bare) await expect(dialog.getByRole('heading', { name: /^(Speakers|Panelists)$/ })).toHaveCount(0);
    else await expect(dialog.getByText(target.speaker)).toBeVisible();
  });

  test('a session group collapses and expands again', async ({ page }) => {
    await openAgenda(page);
    const group = page.getByTestId('agenda-session').nth(2);
    const toggle = group.getByRole('button', { name: /^Session 3\b/ });
    const parts = group.getByTestId('agenda-part');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(parts.first()).toBeVisible();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(parts.first()).toBeHidden();
    // Other sessions are unaffected.
    await expect(page.getByTestId('agenda-session').nth(1).getByTestId('agenda-part').first()).toBeVisible();
    await expectNoA11yViolations(page);

    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(parts.first()).toBeVisible();
  });

  test('a clamped description expands and collapses', async ({ page }) => {
    await openAgenda(page);
    const part = content.agenda[0]?.parts[1];
    if (!part) throw new Error('no part');
    const card = page.getByTestId('agenda-part').filter({ has: page.getByRole('heading', { name: part.title }) });
    const description = card.getByText(part.description);
    const toggle = card.getByRole('button', { name: /^Show more/ });
    await expect(description).toHaveCSS('-webkit-line-clamp', '2');
    const clampedHeight = (await description.boundingBox())?.height ?? 0;
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.click();
    const lessToggle = card.getByRole('button', { name: /^Show less/ });
    await expect(lessToggle).toHaveAttribute('aria-expanded', 'true');
    await expect(description).toHaveCSS('-webkit-line-clamp', 'none');
    expect((await description.boundingBox())?.height ?? 0).toBeGreaterThan(clampedHeight);

    await lessToggle.click();
    await expect(card.getByRole('button', { name: /^Show more/ })).toHaveAttribute('aria-expanded', 'false');
    await expect(description).toHaveCSS('-webkit-line-clamp', '2');
  });

  test('View Full Details opens the part dialog; the final panel has no speakers', async ({ page }) => {
    await openAgenda(page);
    const session = find(content.agenda, (s) => s.parts.some((p) => p.type === 'PANEL' && p.speakers.length > 0), 'session with a panel');
    const part = find(session.parts, (p) => p.type === 'PANEL' && p.speakers.length > 0, 'panel');
    const card = page.getByTestId('agenda-part').filter({ has: page.getByRole('heading', { name: part.title }) });
    const trigger = card.getByRole('button', { name: /^View Full Details/ });
    await trigger.click();

    const dialog = page.getByRole('dialog', { name: part.title });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('PANEL');
    await expect(dialog).toContainText(range(part.startTime, part.endTime));
    await expect(dialog).toContainText(session.sessionTitle);
    for (const person of part.speakers) await expect(dialog.getByRole('link', { name: `Speaker profile: ${person.name}`, exact: true })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'About This Session' })).toBeVisible();
    await expect(dialog).toContainText(part.description);
    await expectNoA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    const last = find(content.agenda, (s) => s.sessionNumber === 7, 'session 7');
    const finale = last.parts.at(-1);
    if (!finale) throw new Error('no final part');
    await page.getByRole('tab', { name: /^Day Two/ }).click();
    const finaleCard = page.getByTestId('agenda-part').filter({ has: page.getByRole('heading', { name: finale.title }) });
    await expect(finaleCard.getByRole('link')).toHaveCount(0);
    await expect(finaleCard).toContainText('PANEL');
    await finaleCard.getByRole('button', { name: /^View Full Details/ }).click();
    const finaleDialog = page.getByRole('dialog', { name: finale.title });
    await expect(finaleDialog).toContainText('About This Session');
    await expect(finaleDialog.getByRole('link')).toHaveCount(0);
  });
});
