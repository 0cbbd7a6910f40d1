import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from './support/test.ts';
import { createMission, createUser, signIn, withRoleProfile } from './support/app.ts';

/**
 * What tells people where they are and asks before something cannot be undone: the dashboard's
 * progress and the reason Create Mission waits, the one-mission note in its confirm dialog, the
 * survey's confirmation, the team search's empty state, removing a member only on a second press,
 * and the team rows on a 390 px phone.
 */

const progress = (page: Page) => page.getByRole('list', { name: 'Your progress' });
const step = (page: Page, name: string) => progress(page).getByRole('listitem').filter({ hasText: name });

async function expectSteps(page: Page, states: [string, string][]): Promise<void> {
  for (const [name, state] of states) await expect(step(page, name)).toContainText(state);
}

test.describe('guidance', () => {
  test('dashboard: progress at a glance, the reason Create Mission waits, and the survey confirmed', async ({ page }) => {
    await signIn(page, await createUser());
    await expectSteps(page, [
      ['Survey', 'Next'],
      ['Role profile', 'Later'],
      ['Mission', 'Later'],
    ]);
    await expect(step(page, 'Survey')).toHaveAttribute('aria-current', 'step');

    // Disabled, quieter than the step to take now, and saying why.
    const create = page.getByRole('button', { name: 'Create Mission' });
    await expect(create).toBeDisabled();
    await expect(create).toHaveAccessibleDescription('Complete the pre-conference survey and create your role profile first.');
    await expect(page.getByText('Complete the pre-conference survey and create your role profile first.')).toBeVisible();
    const openSurvey = page.getByRole('button', { name: 'Open Survey' });
    const look = (button: Locator) => button.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await look(create)).not.toBe(await look(openSurvey));
    const height = async (button: Locator) => (await button.boundingBox())?.height ?? 0;
    expect(await height(create)).toBeLessThanOrEqual(await height(openSurvey));

    // The survey: recorded with a confirmation, and confirmed again on a later visit.
    await openSurvey.click();
    await page.getByRole('dialog', { name: 'Do you want to stay anonymous?' }).getByRole('button', { name: 'Stay anonymous' }).click();
    await expect(page).toHaveURL(/\/pre-conference$/);
    await expect(page.getByText('You have completed this survey.')).toHaveCount(0);
    await page.getByRole('button', { name: 'Mark as Completed' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Thank you! Your survey is marked as completed.' })).toBeVisible();
    await expectSteps(page, [
      ['Survey', 'Done'],
      ['Role profile', 'Next'],
      ['Mission', 'Later'],
    ]);
    await expect(page.getByRole('button', { name: 'Create Mission' })).toHaveAccessibleDescription('Create your role profile first.');
    await page.goto('/pre-conference');
    await expect(page.getByRole('status').filter({ hasText: 'You have completed this survey.' })).toBeVisible();
  });

  test('dashboard: with a profile, Create Mission is the next step and its dialog says one mission each', async ({ page }) => {
    await signIn(page, await withRoleProfile(await createUser()));
    await expectSteps(page, [
      ['Survey', 'Done'],
      ['Role profile', 'Done'],
      ['Mission', 'Next'],
    ]);
    const create = page.getByRole('button', { name: 'Create Mission' });
    await expect(create).toBeEnabled();
    await expect(page.getByTestId('create-mission-reason')).toHaveCount(0);
    await create.click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Mission Creation' });
    await expect(dialog.getByText('Missions should be created by team leaders, are you sure you want to proceed?')).toBeVisible();
    await expect(dialog.getByText('Each person creates one mission; you can update it from your dashboard afterwards.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('Manage Team: the empty search explains itself; removing asks first; rows fit a 390 px phone', async ({ page }) => {
    const tag = `Qv${randomUUID().slice(0, 6)}`;
    const longName = { firstName: `Bartholomew-Alexander${tag}`, lastName: 'Featherstonehaugh-Montgomery' };
    const member = await withRoleProfile(await createUser({ ...longName, email: `bartholomew.alexander.${tag.toLowerCase()}@very-long-example-domain.org` }));
    const owner = await withRoleProfile(await createUser());
    await createMission(owner, { p_member_ids: [member.id] });
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, owner);
    await page.getByRole('button', { name: 'Manage Team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Team' });

    await dialog.getByPlaceholder('Search by name or email...').fill(`${tag}-nobody`);
    await expect(dialog.getByText('No users found')).toBeVisible();
    await expect(dialog.getByText('Only people who have created a role profile can be found and added.')).toBeVisible();

    // The long name stays on one line (whole in its tooltip); the address wraps only before "@" or
    // "." (or after a hyphen, as any text does).
    const row = dialog.getByRole('listitem').filter({ hasText: member.email });
    const name = row.getByText(`${longName.firstName} ${longName.lastName}`);
    await expect(name).toHaveAttribute('title', `${longName.firstName} ${longName.lastName}`);
    const lineHeight = await name.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    expect((await name.boundingBox())?.height ?? 0).toBeLessThan(lineHeight * 1.5);
    const lines = await row.getByTitle(member.email).evaluate((element) => {
      // Each line's text, read from where the browser drew each character.
      const range = document.createRange();
      const found: string[] = [];
      let top = Number.NaN;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (let index = 0; index < text.length; index += 1) {
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          const y = range.getBoundingClientRect().top;
          if (found.length === 0 || Math.abs(y - top) > 2) {
            found.push('');
            top = y;
          }
          found[found.length - 1] = `${found.at(-1) ?? ''}${text.charAt(index)}`;
        }
      }
      return { text: element.textContent ?? '', found };
    });
    expect(lines.found.join('')).toBe(lines.text);
    lines.found.slice(1).forEach((line, index) => {
      const before = lines.found[index] ?? '';
      expect(/^[@.]/.test(line) || before.endsWith('-'), `"${before}" | "${line}": a break inside a word`).toBe(true);
    });

    // Removing asks first: Keep leaves the member (and focus back on the button), Remove removes.
    const remove = row.getByRole('button', { name: /^Remove member/ });
    await remove.click();
    const keep = row.getByRole('button', { name: 'Keep' });
    await expect(keep).toBeFocused();
    await keep.click();
    await expect(remove).toBeFocused();
    await expect(dialog.getByRole('heading', { name: 'Current Team Members (2)' })).toBeVisible();
    await remove.click();
    await row.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Member removed successfully' })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Current Team Members (1)' })).toBeVisible();
  });
});
