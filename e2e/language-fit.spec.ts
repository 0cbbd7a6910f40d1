import { expect, test, type Page } from './support/test.ts';
import { signedInUser, withRoleProfile } from './support/app.ts';

/**
 * Every language's words fit a phone (390 px): each main screen once per language, failing on a
 * text cut or spilling out of its box (an element wider inside than its box), a page that scrolls
 * sideways, a select whose chosen option is wider than the select, or an icon squeezed out of its
 * button (docs/product.md#languages). Kept fast: one load per screen and language, no axe here.
 */

test.use({ viewport: { width: 390, height: 844 } });

const LANGUAGES = ['en', 'af', 'zu', 'xh'] as const;
const PUBLIC_SCREENS = ['/', '/signin', '/signup', '/reset-password'];
const SIGNED_IN_SCREENS = [
  '/dashboard',
  '/agenda-schedule',
  '/view-all-missions',
  '/view-my-mission',
  '/speakers-directory',
  '/account',
  '/role-profile',
  '/view-role-profile',
  '/create-mission',
];

/** What does not fit on the page as it is now, each as "what: text". */
function misfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 1 && box.height > 1 && style.visibility !== 'hidden' && style.display !== 'none' && !element.closest('.sr-only');
    };
    const describe = (element: Element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 60)}"`;
    if (document.documentElement.scrollWidth > window.innerWidth + 1) found.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px`);
    const canvas = document.createElement('canvas').getContext('2d');
    for (const element of document.body.querySelectorAll('*')) {
      if (!visible(element)) continue;
      const style = getComputedStyle(element);
      const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
      // A scrolling container is meant to be wider inside.
      const scrolls = ['auto', 'scroll'].includes(style.overflowX);
      if (ownText && !scrolls && element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0) found.push(`cut or spilling: ${describe(element)}`);
      if (element instanceof HTMLSelectElement && canvas) {
        canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const chosen = element.selectedOptions[0]?.text ?? '';
        // The browser's own arrow is drawn inside the content box.
        const arrow = style.appearance === 'none' ? 0 : 20;
        const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
        if (canvas.measureText(chosen).width > room + 1) found.push(`select cut: "${chosen}" in ${Math.round(room)} px`);
      }
      if (element instanceof SVGSVGElement && element.closest('button, a') && element.getBoundingClientRect().width < 6)
        found.push(`icon squeezed: in ${describe(element.closest('button, a') ?? element)}`);
    }
    return found;
  });
}

async function check(page: Page, language: string, path: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const found = await misfits(page);
  if (path === '/dashboard') {
    // The menu, a drawer on a phone, with the theme switch.
    await page.locator('header button[aria-haspopup="dialog"]').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    found.push(...(await misfits(page)).map((misfit) => `menu: ${misfit}`));
    await page.keyboard.press('Escape');
  }
  return found.map((misfit) => `${language} ${path}: ${misfit}`);
}

for (const language of LANGUAGES) {
  test(`every main screen fits a phone in ${language}`, async ({ page, browser }) => {
    const choose = (code: string) => {
      localStorage.setItem('language', code);
      localStorage.setItem('language_chosen', 'true');
    };
    const visitor = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await visitor.addInitScript(choose, language);
    const problems: string[] = [];
    for (const path of PUBLIC_SCREENS) problems.push(...(await check(visitor, language, path)));
    await withRoleProfile(await signedInUser(page));
    await page.addInitScript(choose, language);
    for (const path of SIGNED_IN_SCREENS) problems.push(...(await check(page, language, path)));
    expect(problems).toEqual([]);
  });
}
