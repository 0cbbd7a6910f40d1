import { expect, test, type Page } from './support/test.ts';
import { createMission, createUser, screenReady, signInViaUi, trackApiCalls, withRoleProfile } from './support/app.ts';
import { contrast, focusRingOf, type FocusRing } from './support/contrast.ts';

/**
 * Every focusable element shows a ring that stands out by at least 3:1 from the element itself and
 * from what is behind it, in both themes (docs/product.md#keyboard-and-focus). The colours are
 * read from the rendered page, element by element, while tabbing through whole screens.
 */

const MIN_CONTRAST = 3;

function problemsOf(ring: FocusRing): string[] {
  const problems: string[] = [];
  if (ring.outlineStyle === 'none' || ring.outlineWidth < 2 || !ring.outer)
    return [`${ring.label}: no ring (outline ${ring.outlineStyle} ${ring.outlineWidth}px)`];
  const bands = [ring.outer, ...(ring.inner ? [ring.inner] : [])];
  const fromElement = Math.max(...bands.map((band) => contrast(band, ring.element)));
  // The outer band is the one that meets the background around the element.
  const fromBehind = contrast(ring.outer, ring.behind);
  if (fromElement < MIN_CONTRAST) problems.push(`${ring.label}: ring vs element ${fromElement.toFixed(2)}:1`);
  if (fromBehind < MIN_CONTRAST) problems.push(`${ring.label}: ring vs background ${fromBehind.toFixed(2)}:1`);
  return problems;
}

/** Tabs through the screen from its start until focus comes round again, checking every stop. */
async function checkEveryStop(page: Page, limit = 60): Promise<{ stops: number; problems: string[] }> {
  // Start from the top of the page, as after loading it (not from where the last click was).
  await page.evaluate(() => {
    const start = document.createElement('div');
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
  });
  const seen = new Set<string>();
  const problems: string[] = [];
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return 'body';
      active.setAttribute('data-ring-check', active.getAttribute('data-ring-check') ?? String(Math.random()));
      return active.getAttribute('data-ring-check') ?? '';
    });
    // Round again (or out of the page): done. A stop seen before is not checked twice.
    if (id === 'body' || id === [...seen][0]) break;
    if (seen.has(id)) continue;
    seen.add(id);
    const ring = await focusRingOf(page);
    if (ring) problems.push(...problemsOf(ring));
  }
  return { stops: seen.size, problems };
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`focus ring, ${theme} theme`, () => {
    test.use({ colorScheme: theme, viewport: { width: 1280, height: 900 } });

    test('sign-in, the dashboard with a mission, All Missions and a dialog: every stop has a ring of 3:1 or more', async ({ page }) => {
      // Four screens and a dialog, every focus stop measured: about a minute on a developer's machine.
      test.setTimeout(180_000);
      trackApiCalls(page);
      await page.goto('/signin');
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
      const signIn = await checkEveryStop(page);
      expect(signIn.stops).toBeGreaterThan(4);
      expect(signIn.problems).toEqual([]);

      const member = await withRoleProfile(await createUser({ firstName: 'Ring', lastName: 'Member' }));
      const user = await withRoleProfile(await createUser({ firstName: 'Ring', lastName: 'Leader' }));
      await createMission(user, { p_member_ids: [member.id] });
      await signInViaUi(page, user);
      expect(await page.locator('html').getAttribute('data-theme')).toBe(theme);
      await screenReady(page, page.getByRole('button', { name: 'Manage Team' }));
      // The sign-in toast would leave the tab order halfway through the sweep.
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
      const dashboard = await checkEveryStop(page);
      expect(dashboard.stops).toBeGreaterThan(10);
      expect(dashboard.problems).toEqual([]);

      await page.goto('/view-all-missions');
      await screenReady(page, page.getByTestId('mission-card'));
      const missions = await checkEveryStop(page);
      expect(missions.stops).toBeGreaterThan(10);
      expect(missions.problems).toEqual([]);

      await page.goto('/dashboard');
      await screenReady(page, page.getByRole('button', { name: 'Manage Team' }));
      await page.getByRole('button', { name: 'Manage Team' }).click();
      const dialog = page.getByRole('dialog', { name: 'Manage Team' });
      await screenReady(page, dialog.getByText(/Current Team Members/));
      const inDialog: string[] = [];
      for (let step = 0; step < 6; step += 1) {
        await page.keyboard.press('Tab');
        const ring = await focusRingOf(page);
        if (ring) inDialog.push(...problemsOf(ring));
      }
      expect(inDialog).toEqual([]);
    });
  });
}
