import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './support/test.ts';
import { signInAsNewOrganiser } from './support/app.ts';

/**
 * What the service worker keeps (docs/decisions/063-precache-what-the-person-needs.md): a first
 * visit keeps the public screens, the attendee app and the person's language, and none of the other
 * languages, the organisers' console or the projector screens; those are kept once used, and
 * another language once the person picks it.
 */

// The production build's service worker is what this journey is about (the others block it).
test.use({ serviceWorkers: 'allow' });

const LANGUAGES = ['en', 'af', 'zu', 'xh'];
const ATTENDEE_AREAS = ['app', 'conference', 'missions', 'teams'];

/** Which built file holds each source module (the build's own manifest). */
const BUILT = JSON.parse(readFileSync('dist/web/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
function builtFile(source: string): string {
  const entry = BUILT[source];
  if (!entry) throw new Error(`the build has no ${source}`);
  return `/${entry.file}`;
}
/** The attendee app's parts of the catalogue in one language (English's public part is in the first download). */
function catalogue(language: string): string[] {
  return [...ATTENDEE_AREAS, ...(language === 'en' ? [] : ['public'])].map((area) => builtFile(`src/i18n/locales/${area}/${language}.po`));
}
const CONSOLE = [
  builtFile('src/features/organiser/OrganiserConsole.tsx'),
  ...LANGUAGES.map((language) => builtFile(`src/i18n/locales/organiser/${language}.po`)),
];
const PROJECTORS = [builtFile('src/features/missions/LiveResultsPage.tsx'), builtFile('src/features/polls/PollProjectorPage.tsx')];
/** The dates of the languages the browser cannot write come with their own data. */
const DATE_DATA = Object.entries(BUILT)
  .filter(([source]) => /@formatjs\/intl-[a-z]+\/locale-data\/(zu|xh)\.js$/.test(source))
  .map(([source, { file }]) => ({ language: /(zu|xh)\.js$/.exec(source)?.[1], file: `/${file}` }));

/** Every file the worker's caches hold, by path. */
function keptFiles(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}

/** Those of `files` the worker's caches do not hold. */
async function missing(page: Page, files: string[]): Promise<string[]> {
  const kept = new Set(await keptFiles(page));
  return files.filter((file) => !kept.has(file));
}

async function waitForWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test('a first visit keeps the attendee app in the person language only; another language, the console and the projectors are kept once used', async ({
  browser,
}) => {
  test.slow();
  expect(DATE_DATA.map(({ language }) => language).sort()).toEqual(['xh', 'xh', 'zu', 'zu']);
  const context = await browser.newContext({ locale: 'af-ZA', serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto('/signin');
  await expect(page.getByRole('heading', { level: 1, name: 'Welkom terug' })).toBeVisible();
  await waitForWorker(page);

  // Afrikaans, and the attendee app's own code (the dashboard, the agenda), are kept ahead of use.
  await expect.poll(() => missing(page, catalogue('af'))).toEqual([]);
  let kept = new Set(await keptFiles(page));
  expect(kept.has(builtFile('src/features/dashboard/DashboardPage.tsx'))).toBe(true);
  expect(kept.has(builtFile('src/features/conference/AgendaSchedulePage.tsx'))).toBe(true);
  // None of the other languages, no console, no projector.
  const others = ['en', 'zu', 'xh'].flatMap(catalogue);
  expect([...others, ...CONSOLE, ...PROJECTORS, ...DATE_DATA.map(({ file }) => file)].filter((file) => kept.has(file))).toEqual([]);

  // Picking isiZulu keeps its words (and its date data) for offline use.
  await page.getByRole('combobox', { name: 'Taal' }).selectOption('zu');
  const zulu = [...catalogue('zu'), ...DATE_DATA.filter(({ language }) => language === 'zu').map(({ file }) => file)];
  await expect.poll(() => missing(page, zulu)).toEqual([]);
  kept = new Set(await keptFiles(page));
  expect(catalogue('xh').filter((file) => kept.has(file))).toEqual([]);
  await context.close();

  // An organiser's first look at the console keeps its code, so it opens offline afterwards.
  const desk = await browser.newContext({ serviceWorkers: 'allow' });
  const organiserPage = await desk.newPage();
  await signInAsNewOrganiser(organiserPage);
  await waitForWorker(organiserPage);
  expect((await keptFiles(organiserPage)).filter((file) => CONSOLE.includes(file))).toEqual([]);
  await organiserPage.goto('/organiser');
  const sections = organiserPage.getByRole('navigation', { name: 'Console sections' });
  await expect(sections).toBeVisible();
  await expect
    .poll(async () => (await keptFiles(organiserPage)).filter((file) => CONSOLE.includes(file)).sort())
    .toEqual([builtFile('src/features/organiser/OrganiserConsole.tsx'), builtFile('src/i18n/locales/organiser/en.po')].sort());
  await desk.setOffline(true);
  await organiserPage.reload();
  await expect(sections).toBeVisible();
  await desk.close();
});
