import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  createMission,
  createUser,
  enterAuthenticatorCode,
  expectNoA11yViolations,
  makeOrganiser,
  signInViaUi,
  withAuthenticator,
  withRoleProfile,
  type E2EUser,
} from './support/app.ts';

/** Voting rounds: the organiser runs one from the console, attendees vote on /vote and check their receipts. */

async function attendeePage(browser: Browser, width: number): Promise<{ page: Page; user: E2EUser }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const user = await createUser();
  await signInViaUi(page, user);
  return { page, user };
}

/** Moves focus with Tab alone until the control named `name` has it. */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let presses = 0; presses < 80; presses++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? '');
    if (focused === name) return;
  }
  throw new Error(`Tab never reached "${name}"`);
}

test('an organiser creates, opens, closes and reveals a round; two attendees vote, one by keyboard, and check their receipts', async ({ browser, page }) => {
  test.setTimeout(240_000);
  const tag = randomUUID().slice(0, 6);
  const first = await createMission(await withRoleProfile(await createUser()), { p_name: `Solar schools ${tag}`, p_statement: 'Panels on every school roof' });
  const second = await createMission(await withRoleProfile(await createUser()), { p_name: `River clean-up ${tag}`, p_statement: 'Clear the river banks' });
  const roundName = `Closing panel ${tag}`;

  await page.setViewportSize({ width: 1280, height: 900 });
  const organiser = await createUser();
  makeOrganiser(organiser);
  const secret = await withAuthenticator(organiser);
  await signInViaUi(page, organiser);
  await enterAuthenticatorCode(page, secret);
  await page.goto('/organiser/rounds');
  await expect(page.getByRole('heading', { level: 1, name: 'Voting rounds' })).toBeVisible();
  await page.getByRole('button', { name: 'New round' }).click();
  await page.getByLabel('Round name').fill(roundName);
  await page.getByLabel('Votes per person').selectOption('2');
  await page.getByLabel('A shortlist of finalists').check();
  await page.getByRole('checkbox', { name: first.name }).check();
  await page.getByRole('checkbox', { name: second.name }).check();
  await page.waitForLoadState('networkidle');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Create round' }).click();
  const card = page.getByTestId('round-card').filter({ hasText: roundName });
  await expect(card.getByText('Not open yet')).toBeVisible();
  await card.getByRole('button', { name: `Open voting: ${roundName}` }).click();
  await expect(card.getByText('Open', { exact: true })).toBeVisible();

  // The projector follows the round; it prefers reduced motion, so the reveal shows at once.
  const projectorContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const projector = await projectorContext.newPage();
  await signInViaUi(projector, await createUser());
  await projector.goto('/live');
  const onScreen = projector.locator('[data-round-state]');
  await expect(onScreen).toHaveAttribute('data-round-state', 'open');
  await expect(projector.getByRole('heading', { name: roundName })).toBeVisible();
  await expect(projector.getByTestId('voter-count')).toHaveText('0');
  await expect(projector.getByRole('img', { name: /^QR code for https?:\/\/.+\/vote$/ })).toBeVisible();

  // The first attendee votes from a laptop: the dashboard links to the vote while it is open.
  const a = await attendeePage(browser, 1280);
  await a.page.getByRole('link', { name: 'Vote now' }).click();
  await expect(a.page).toHaveURL(/\/vote$/);
  await expect(a.page.getByRole('heading', { level: 1, name: roundName })).toBeVisible();
  await expect(a.page.getByTestId('votes-left')).toHaveText('2 of 2 left');
  await expect(a.page.getByText('Panels on every school roof')).toBeVisible();
  await a.page.getByRole('button', { name: `Vote for ${first.name}` }).click();
  await expect(a.page.getByRole('dialog', { name: `Vote for ${first.name}?` })).toBeVisible();
  await a.page.getByRole('button', { name: 'Confirm vote' }).click();
  await expect(a.page.getByTestId('votes-left')).toHaveText('1 of 2 left');
  await expect(a.page.getByText(`Your vote for ${first.name} is counted.`)).toBeVisible();
  // Taken back, then cast again: the vote is free while the round is open.
  await a.page.getByRole('button', { name: `Take back your vote for ${first.name}` }).click();
  await expect(a.page.getByTestId('votes-left')).toHaveText('2 of 2 left');
  for (const mission of [first, second]) {
    await a.page.getByRole('button', { name: `Vote for ${mission.name}` }).click();
    await a.page.getByRole('button', { name: 'Confirm vote' }).click();
    await expect(a.page.getByRole('button', { name: `Take back your vote for ${mission.name}` })).toBeVisible();
  }
  await expect(a.page.getByTestId('votes-left')).toHaveText('0 of 2 left');
  const receiptA = (await a.page.getByTestId('round-mission').filter({ hasText: first.name }).locator('code').textContent()) ?? '';
  expect(receiptA).toMatch(/^([0-9a-f]{4}-){7}[0-9a-f]{4}$/);
  await a.page.waitForLoadState('networkidle');
  await expectNoA11yViolations(a.page);

  // The second attendee votes on a phone with the keyboard only.
  const b = await attendeePage(browser, 390);
  await b.page.goto('/vote');
  await expect(b.page.getByTestId('votes-left')).toHaveText('2 of 2 left');
  await tabTo(b.page, `Vote for ${second.name}`);
  await b.page.keyboard.press('Enter');
  await expect(b.page.getByRole('dialog', { name: `Vote for ${second.name}?` })).toBeVisible();
  await tabTo(b.page, 'Confirm vote');
  await b.page.keyboard.press('Enter');
  await expect(b.page.getByTestId('votes-left')).toHaveText('1 of 2 left');
  await b.page.waitForLoadState('networkidle');
  await expectNoA11yViolations(b.page);

  // Two people have voted; the counts stay off the projector until the reveal.
  await expect(projector.getByTestId('voter-count')).toHaveText('2', { timeout: 15_000 });
  expect(await onScreen.textContent()).not.toMatch(/\d+ votes?\b/);
  await projector.waitForLoadState('networkidle');
  await expectNoA11yViolations(projector);

  // Closed: the attendee's screen says so by itself and keeps their votes.
  await card.getByRole('button', { name: `Close voting: ${roundName}` }).click();
  await expect(a.page.getByText('Voting has closed')).toBeVisible({ timeout: 15_000 });
  await expect(projector.getByText('Voting closed', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(a.page.getByRole('heading', { name: 'Your votes' })).toBeVisible();
  await expect(a.page.getByText(receiptA)).toBeVisible();

  await card.getByRole('button', { name: `Reveal result: ${roundName}` }).click();
  await expect(a.page.getByRole('heading', { name: 'Result' })).toBeVisible({ timeout: 15_000 });
  await expect(onScreen).toHaveAttribute('data-round-state', 'revealed', { timeout: 15_000 });
  const places = projector.getByTestId('reveal-row');
  await expect(places).toHaveCount(2);
  await expect(places.first()).toContainText(second.name);
  await expect(places.first()).toContainText('2 votes');
  await expect(places.last()).toContainText('1 vote');
  await expect(places.first()).toHaveAttribute('data-shown', 'true');
  // Readable on a phone: names wrap, nothing runs off the side.
  await projector.setViewportSize({ width: 390, height: 800 });
  expect(await projector.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoA11yViolations(projector);
  await expect(a.page.getByTestId('result-row').first()).toContainText(`1. ${second.name}`);
  await expect(a.page.getByTestId('result-row').first()).toContainText('2 votes');
  await expect(a.page.getByText('Each of your receipts is in the published list, under the mission you voted for.')).toBeVisible();
  await a.page.getByLabel('Receipt code').fill('not a receipt');
  await a.page.getByRole('button', { name: 'Check receipt' }).click();
  await expect(a.page.getByText('A receipt code is 32 letters and digits (0–9, a–f), as shown on your vote screen')).toBeVisible();
  await a.page.getByLabel('Receipt code').fill(receiptA.toUpperCase());
  await a.page.getByRole('button', { name: 'Check receipt' }).click();
  await expect(a.page.getByText(`Counted for ${first.name}.`)).toBeVisible();
  await a.page.waitForLoadState('networkidle');
  await expectNoA11yViolations(a.page);

  // The organiser exports the revealed result.
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download result.csv' }).click();
  expect((await download).suggestedFilename()).toBe(`closing-panel-${tag}-result.csv`);
  await projectorContext.close();
  await a.page.context().close();
  await b.page.context().close();
});
