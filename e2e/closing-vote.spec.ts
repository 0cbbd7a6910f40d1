import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from './support/test.ts';
import { createMission, createUser, signIn, withRoleProfile } from './support/app.ts';
import { expectNoA11yViolationsEverywhere } from './support/every-look.ts';

/**
 * The closing vote as an attendee meets it (docs/product.md#vote-screen, #dashboard). Only one round
 * is open at a time on the shared server, and live.spec.ts drives the real one, so these journeys
 * answer the round's read themselves, with real missions.
 */

async function answerRound(page: Page, missions: { mission_id: string; name: string }[], allowOwnMission: boolean): Promise<void> {
  const now = new Date().toISOString();
  await page.route('**/rest/v1/rpc/get_current_vote_round', (route) =>
    route.fulfill({
      json: {
        round_id: randomUUID(),
        name: 'Closing vote',
        state: 'open',
        votes_per_person: 2,
        allow_own_mission: allowOwnMission,
        show_counts_while_open: false,
        allow_repeat_votes: false,
        checked_in_only: false,
        all_missions: false,
        opens_at: null,
        closes_at: null,
        opened_at: now,
        closed_at: null,
        revealed_at: null,
        missions: missions.map((mission) => ({
          mission_id: mission.mission_id,
          name: mission.name,
          statement: 'A finalist',
          team: ['Someone'],
          vote_count: null,
        })),
        voter_count: 0,
        my_votes: [],
        votes_left: 2,
        server_time: now,
      },
    }),
  );
}

test('a finalist of the person’s own team shows "Your team’s mission" without "Vote"; the others keep "Vote"', async ({ page }) => {
  test.setTimeout(180_000);
  const me = await withRoleProfile(await createUser());
  const mine = await createMission(me, { p_name: `Own finalist ${Date.now().toString(36)}` });
  const other = await createMission(await withRoleProfile(await createUser()), { p_name: `Other finalist ${Date.now().toString(36)}` });
  await answerRound(page, [mine, other], false);
  await signIn(page, me, '/vote');

  const own = page.getByTestId('round-mission').filter({ hasText: mine.name });
  const theirs = page.getByTestId('round-mission').filter({ hasText: other.name });
  await expect(theirs.getByRole('button', { name: `Vote for ${other.name}` })).toBeVisible();
  await expect(own.getByText('Your team’s mission')).toBeVisible();
  await expect(own.getByRole('button')).toHaveCount(0);
  await expectNoA11yViolationsEverywhere(page, own.getByText('Your team’s mission'));

  // A round that allows it: "Vote" on one's own mission too.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await answerRound(page, [mine, other], true);
  await page.reload();
  await expect(own.getByRole('button', { name: `Vote for ${mine.name}` })).toBeVisible();
});

/** The colour a control is filled with: the primary action's is the bright one. */
const fill = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).backgroundColor);

test('while a vote is open, "Vote now" is the dashboard’s one primary action; the survey card waits its turn', async ({ page }) => {
  test.setTimeout(180_000);
  const other = await createMission(await withRoleProfile(await createUser()), { p_name: `Finalist ${Date.now().toString(36)}` });
  await answerRound(page, [other], false);
  await signIn(page, await createUser());
  const voteNow = page.getByRole('link', { name: 'Vote now' });
  const openSurvey = page.getByRole('button', { name: 'Open Survey' });
  await expect(voteNow).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Complete Survey Required' })).toBeVisible();
  expect(await fill(openSurvey)).not.toBe(await fill(voteNow));
  expect(await fill(openSurvey)).not.toBe('rgba(0, 0, 0, 0)');
  await expectNoA11yViolationsEverywhere(page, openSurvey);

  // No round open: the survey is the next step again, and its button the primary one.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.route('**/rest/v1/rpc/get_current_vote_round', (route) => route.fulfill({ json: null }));
  await page.reload();
  await expect(openSurvey).toBeVisible();
  await expect(voteNow).toHaveCount(0);
  const primary = await fill(openSurvey);
  await answerRound(page, [other], false);
  await page.reload();
  await expect(voteNow).toBeVisible();
  expect(await fill(voteNow)).toBe(primary);
});
