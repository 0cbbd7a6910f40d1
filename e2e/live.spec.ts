import { expect, test } from '@playwright/test';
import { createMission, createUser, expectNoA11yViolations, rpc, signInViaUi, withRoleProfile } from './support/app.ts';

/** Live results: counts that move without a reload, and the closing-panel screen /live. */
test.describe('live results', () => {
  test('a vote in one browser changes the count in another without a reload; /live reorders and passes axe', async ({ browser }) => {
    const first = await createMission(await withRoleProfile(await createUser({ firstName: 'Ada' })), { p_name: `Alpha ${Date.now()}` });
    const second = await createMission(await withRoleProfile(await createUser({ firstName: 'Bea' })), { p_name: `Beta ${Date.now()}` });
    const watcher = await createUser();
    const voter = await createUser();

    const watching = await browser.newContext();
    const watchPage = await watching.newPage();
    await signInViaUi(watchPage, watcher);
    await watchPage.goto(`/mission/${second.mission_id}`);
    await expect(watchPage.getByText(/0 votes?/i).first()).toBeVisible();

    const voting = await browser.newContext();
    const votePage = await voting.newPage();
    await signInViaUi(votePage, voter);
    await votePage.goto(`/mission/${second.mission_id}`);
    await votePage.getByRole('button', { name: /^Vote/ }).first().click();

    // The watcher's page changes by itself.
    await expect(watchPage.getByText(/1 vote/i).first()).toBeVisible({ timeout: 5_000 });

    await watchPage.goto('/live');
    await expect(watchPage.getByRole('heading', { name: 'Live results' })).toBeVisible();
    const rows = watchPage.getByTestId('live-row');
    await expect(rows.filter({ hasText: second.name }).first()).toBeVisible();
    await expectNoA11yViolations(watchPage);
    // Two more votes for the first mission take it above the second, without a reload.
    for (const person of [await createUser(), await createUser()]) await rpc(person, 'toggle_mission_vote', { p_mission_id: first.mission_id });
    await expect(async () => {
      const names = await rows.allTextContents();
      const a = names.findIndex((text) => text.includes(first.name));
      const b = names.findIndex((text) => text.includes(second.name));
      expect(a).toBeGreaterThanOrEqual(0);
      expect(a).toBeLessThan(b);
    }).toPass({ timeout: 5_000 });
    await watching.close();
    await voting.close();
  });
});
