import type { Plugin } from 'vite';
import type { ManifestTransform } from 'workbox-build';

/**
 * What the service worker keeps ahead of use and what it keeps only once used
 * (docs/decisions/063-precache-what-the-person-needs.md). Read from the built bundle's graph:
 * - a part of the catalogue in one language (locales/{area}/{code}.po) and the date data of a
 *   language the browser lacks belong to that language: the worker keeps those of the person's
 *   language when it installs, the others once a screen asks for them;
 * - what only the organisers' console or a projector screen loads (their code, the console's part
 *   of the catalogue) is kept once used;
 * - everything else (the public screens and the attendee app) is precached, as before.
 */
export interface PrecacheMark {
  /** The one language this file is for (the person's is kept at install, others on use). */
  language?: string;
  /** Kept only once used: the console's and the projectors' own code. */
  onUse?: true;
}

/** The screens loaded on use, and whatever only they load: the console and the projector screens. */
const ON_USE_SCREENS = /\/src\/features\/(organiser\/OrganiserConsole|missions\/LiveResultsPage|polls\/PollProjectorPage)\.tsx$/;
const CATALOGUE = /\/src\/i18n\/locales\/([a-z]+)\/([a-z]{2})\.po$/;
const DATE_DATA = /\/@formatjs\/intl-[a-z]+\/locale-data\/([a-z]{2})\.js$/;
/** The console's part of the catalogue is the console's, in every language. */
const CONSOLE_AREA = 'organiser';

interface BundleChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
}

/** Marks each built script by the plan above; files left unmarked are precached. */
export function planPrecache(files: readonly BundleChunk[]): Map<string, PrecacheMark> {
  const marks = new Map<string, PrecacheMark>();
  const byName = new Map(files.map((file) => [file.fileName, file]));
  for (const file of files) {
    const facade = file.facadeModuleId ?? '';
    const catalogue = CATALOGUE.exec(facade);
    if (catalogue) marks.set(file.fileName, catalogue[1] === CONSOLE_AREA ? { onUse: true } : { language: catalogue[2] });
    const dates = DATE_DATA.exec(facade);
    if (dates) marks.set(file.fileName, { language: dates[1] });
  }
  // What the app reaches from its entry without passing through an on-use screen is precached.
  const reached = new Set<string>();
  const queue = files.filter((file) => file.isEntry).map((file) => file.fileName);
  while (queue.length) {
    const name = queue.pop() ?? '';
    const file = byName.get(name);
    if (!file || reached.has(name) || marks.has(name) || ON_USE_SCREENS.test(file.facadeModuleId ?? '')) continue;
    reached.add(name);
    queue.push(...file.imports, ...file.dynamicImports);
  }
  for (const file of files) if (!reached.has(file.fileName) && !marks.has(file.fileName)) marks.set(file.fileName, { onUse: true });
  return marks;
}

/**
 * The build's plugin (it reads the bundle's graph) and the worker's manifest transform (it writes
 * each file's mark into the worker's list, which src/sw.ts splits).
 */
export function precachePlan(): { plugin: Plugin; manifestTransform: ManifestTransform } {
  let marks = new Map<string, PrecacheMark>();
  return {
    plugin: {
      name: 'mc-precache-plan',
      apply: 'build',
      writeBundle(_options, bundle) {
        const chunks = Object.values(bundle).filter((file): file is (typeof bundle)[string] & BundleChunk => file.type === 'chunk');
        // Only the app's own build, with its page (the worker is built apart, with nothing to plan).
        if (!('index.html' in bundle)) return;
        marks = planPrecache(chunks);
      },
    },
    manifestTransform: (entries) => Promise.resolve({ manifest: entries.map((entry) => ({ ...entry, ...marks.get(entry.url) })), warnings: [] }),
  };
}
