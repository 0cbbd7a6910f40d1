import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from './support/test.ts';
import { createMission, createUser, rpc, signIn, withRoleProfile } from './support/app.ts';
import { box, overlap, settledBox, type Box } from './support/geometry.ts';

/**
 * What the screens look like at the widths people use: nothing overlaps, nothing jumps, nothing is
 * cut off; one date format, plurals that agree, labels instead of stored values, one page width.
 */

const WIDE_SCREENS = [1280, 1440, 1536, 1920];
const PHONE = { width: 390, height: 844 };

function inside(inner: Box, outer: Box): boolean {
  return (
    inner.x >= outer.x - 0.5 &&
    inner.y >= outer.y - 0.5 &&
    inner.x + inner.width <= outer.x + outer.width + 0.5 &&
    inner.y + inner.height <= outer.y + outer.height + 0.5
  );
}

async function expectApart(items: Locator, within: Locator): Promise<void> {
  const outer = await box(within);
  const boxes = await Promise.all((await items.all()).map((item) => box(item)));
  expect(boxes.length).toBeGreaterThan(1);
  boxes.forEach((one, i) => {
    expect(inside(one, outer), `item ${i} leaves its card`).toBe(true);
    boxes.slice(i + 1).forEach((other, j) => expect(overlap(one, other), `items ${i} and ${i + 1 + j} overlap`).toBe(false));
  });
}

function card(page: Page, name: string): Locator {
  return page.getByTestId('mission-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** How wide a text is drawn in the element's own font, as the browser measures it. */
function textFits(locator: Locator, text: string | null): Promise<{ needed: number; available: number }> {
  return locator.evaluate((element, wanted) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no canvas');
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const value = wanted ?? (element instanceof HTMLSelectElement ? (element.selectedOptions[0]?.text ?? '') : '');
    const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    // A select draws its arrow inside its padding box; leave it room.
    const arrow = element instanceof HTMLSelectElement ? 20 : 0;
    return { needed: context.measureText(value).width, available: element.clientWidth - padding - arrow };
  }, text);
}

test.describe('layout', () => {
  test('All Missions cards: facts and buttons never overlap at 1280, 1440, 1536 and 1920 px, a long creator’s name is whole on a phone, and voting does not move the card', async ({
    page,
  }) => {
    const owner = await withRoleProfile(await createUser({ firstName: 'Bartholomew-Alexander', lastName: 'Featherstonehaugh-Montgomery' }));
    const { name, mission_id: missionId } = await createMission(owner, { p_name: `Water ${randomUUID().slice(0, 6)}` });
    // Two-digit counts, as a popular mission has.
    for (let fan = 0; fan < 10; fan += 1) await rpc(await createUser(), 'toggle_mission_subscription', { p_mission_id: missionId });
    await signIn(page, await createUser(), '/view-all-missions');
    // This card alone on the screen: the journeys running beside this one add missions on the same
    // server, and the list, drawn as it scrolls, would otherwise put this card out of the drawn
    // part at some widths when they arrive above it. In the grid a card is also as tall as the
    // tallest in its row (a two-line statement beside it made it 24 px taller once).
    await page.getByLabel('Search missions').fill(name);
    await expect(page.getByTestId('mission-card')).toHaveCount(1);

    for (const width of WIDE_SCREENS) {
      await page.setViewportSize({ width, height: 1000 });
      const mine = card(page, name);
      await settledBox(mine);
      await expectApart(mine.getByTestId('card-fact'), mine);
      const actions = mine.getByRole('button').or(mine.getByRole('link', { name: 'View Details' }));
      await expectApart(actions, mine);
      // Each fact stays on one line: its label, icon and number side by side.
      for (const fact of await mine.getByTestId('card-fact').all()) expect((await box(fact)).height).toBeLessThan(28);
    }
    // On a phone the card is the screen's width: the creator's long name wraps, whole, instead of being cut.
    await page.setViewportSize({ width: 390, height: 844 });
    const creator = card(page, name).getByText('Bartholomew-Alexander Featherstonehaugh-Montgomery', { exact: true });
    await expect(creator).toBeVisible();
    expect(await creator.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(1);

    await page.setViewportSize({ width: 1280, height: 1000 });
    const mine = card(page, name);
    const vote = mine.getByRole('button', { name: 'Vote', exact: true });
    const subscribe = mine.getByRole('button', { name: 'Subscribe', exact: true });
    const before = { card: await settledBox(mine), vote: await box(vote), subscribe: await box(subscribe) };
    const subscribeLook = await subscribe.evaluate((element) => getComputedStyle(element).backgroundColor);
    await vote.click();
    const unvote = mine.getByRole('button', { name: 'Unvote' });
    await expect(unvote).toBeVisible();
    await subscribe.click();
    const unsubscribe = mine.getByRole('button', { name: 'Unsubscribe' });
    await expect(unsubscribe).toBeVisible();
    expect(await box(mine)).toEqual(before.card);
    expect(await box(unvote)).toEqual(before.vote);
    expect(await box(unsubscribe)).toEqual(before.subscribe);

    // A cast vote reads as switched on, not as a greyed-out button.
    await expect(unvote).toHaveAttribute('data-state', 'on');
    await expect(unsubscribe).toHaveAttribute('data-state', 'on');
    // (Polled: the colour changes through a short transition.)
    await expect.poll(() => unsubscribe.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(subscribeLook);
    await expect(unvote.locator('svg')).toHaveAttribute('fill', 'currentColor');

    // View Details looks like a link.
    const details = mine.getByRole('link', { name: 'View Details' });
    expect(await details.evaluate((element) => getComputedStyle(element).textDecorationLine)).toContain('underline');
  });

  test('All Missions: the sort box shows its whole choice, the count shows, and the list is denser than the grid', async ({ page }) => {
    const owner = await withRoleProfile(await createUser());
    const tag = randomUUID().slice(0, 6);
    await createMission(owner, { p_name: `Count ${tag}`, p_statement: 'A statement long enough to take a line or two in a card of the grid.' });
    await page.setViewportSize({ width: 1280, height: 1000 });
    await signIn(page, await createUser(), '/view-all-missions');
    const sortBox = page.getByLabel('Sort missions');
    for (const choice of ['Yours first, then newest', 'Most subscribers']) {
      await sortBox.selectOption({ label: choice });
      const { needed, available } = await textFits(sortBox, null);
      expect(needed, choice).toBeLessThanOrEqual(available);
    }
    await sortBox.selectOption({ label: 'Yours first, then newest' });

    // The number of missions, and after a search what it found of how many.
    const count = page.getByTestId('missions-count');
    await expect(count).toBeVisible();
    await expect(count).toHaveText(/^\d[\d,]* missions?$/);
    // (Other journeys add missions meanwhile, so the total is only checked for its form.)
    await page.getByRole('searchbox', { name: 'Search missions' }).fill(`Count ${tag}`);
    await expect(count).toHaveText(/^1 mission of [\d,]+$/);

    // The list puts a mission's text and its buttons side by side: a row is lower than a grid card.
    const mine = card(page, `Count ${tag}`);
    const gridHeight = (await settledBox(mine)).height;
    await page.getByRole('button', { name: 'List', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Missions' })).toHaveAttribute('data-layout', 'list');
    const listBox = await settledBox(mine);
    expect(listBox.height).toBeLessThan(gridHeight * 0.75);
    await expectApart(mine.getByRole('button').or(mine.getByRole('link', { name: 'View Details' })), mine);
  });

  test("dates follow the person's locale, one format on a screen; counted words agree with their number", async ({ browser }) => {
    const owner = await withRoleProfile(await createUser());
    const member = await withRoleProfile(await createUser());
    const { mission_id: missionId } = await createMission(owner, { p_member_ids: [member.id] });
    await rpc(member, 'toggle_mission_vote', { p_mission_id: missionId });
    await rpc(member, 'toggle_mission_subscription', { p_mission_id: missionId });
    const year = new Date().getFullYear();

    for (const [locale, day] of [
      ['en-US', /^[A-Z][a-z]{2} \d{1,2}, \d{4}/],
      ['en-GB', /^\d{1,2} [A-Z][a-z]{2} \d{4}/],
    ] as const) {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await signIn(page, owner);
      await expect(page.getByTestId('dashboard-mission-votes')).toHaveText('1 vote');
      await expect(page.getByTestId('dashboard-mission-subscribers')).toHaveText('1 subscriber');
      const created = (await page.getByText(/^Created /).textContent()) ?? '';
      expect(created.replace('Created ', '')).toMatch(day);

      await page.goto('/view-my-mission');
      await expect(page.getByTestId('engagement-votes')).toHaveText('1 vote');
      const dates = page.locator('dd, p').filter({ hasText: new RegExp(`${year}`) });
      const texts = (await dates.allTextContents()).map((text) => text.replace(/^Added /, ''));
      expect(texts.length).toBeGreaterThanOrEqual(4);
      for (const text of texts) expect(text).toMatch(day);
      await context.close();
    }
  });

  test('sign-up: the country is not cut off, its flag shows once, the number placeholder fits, on a desktop and a phone', async ({ page }) => {
    for (const viewport of [{ width: 1280, height: 900 }, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto('/signup');
      const country = page.getByLabel('Country');
      await expect(country).toHaveValue('ZA');
      const name = await country.evaluate((element) => (element as HTMLSelectElement).selectedOptions[0]?.text ?? '');
      expect(name).toContain('South Africa (+27)');
      const select = await textFits(country, null);
      expect(select.needed).toBeLessThanOrEqual(select.available);
      await expect(page.getByTestId('dial-code')).toHaveText('+27');
      const number = page.getByLabel('Mobile Number');
      const placeholder = await textFits(number, await number.getAttribute('placeholder'));
      expect(placeholder.needed).toBeLessThanOrEqual(placeholder.available);
    }
  });

  test('every signed-in screen has the same width, and Mission not found says it once', async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1000 });
    const user = await withRoleProfile(await createUser());
    const { mission_id: missionId } = await createMission(user);
    await signIn(page, user);
    const widths = new Map<string, string>();
    for (const path of [
      '/dashboard',
      '/view-role-profile',
      '/role-profile',
      '/view-my-mission',
      '/view-all-missions',
      `/mission/${missionId}`,
      '/create-mission',
      '/speakers-directory',
      '/agenda-schedule',
      '/pre-conference',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toBeVisible();
      // The page's own box: the child of <main> that holds its heading.
      const { x, width, headingX } = await heading.evaluate((element) => {
        let frame: Element = element;
        while (frame.parentElement && frame.parentElement.tagName !== 'MAIN') frame = frame.parentElement;
        const rect = frame.getBoundingClientRect();
        return { x: rect.x, width: rect.width, headingX: element.getBoundingClientRect().x };
      });
      widths.set(path, `${Math.round(x)}+${Math.round(width)}, heading at ${Math.round(headingX)}`);
    }
    expect(new Set(widths.values()).size, JSON.stringify(Object.fromEntries(widths), null, 1)).toBe(1);

    await page.goto(`/mission/${randomUUID()}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Mission Not Found – The mission may have been removed or you do not have access.' }),
    ).toBeVisible();
    const shown = await page.getByRole('main').innerText();
    expect(shown.match(/Mission Not Found/g)).toHaveLength(1);
  });

  test('on a phone the speakers search shows its whole placeholder', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, await createUser(), '/speakers-directory');
    const search = page.getByRole('searchbox', { name: 'Search speakers' });
    await expect(search).toHaveAttribute('placeholder', 'Search speakers by name, designation, or expertise...');
    const drawn = page.getByTestId('search-placeholder');
    await expect(drawn).toHaveText('Search speakers by name, designation, or expertise...');
    expect(inside(await box(drawn), await box(search))).toBe(true);
    expect(await drawn.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await search.fill('amina');
    await expect(drawn).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
