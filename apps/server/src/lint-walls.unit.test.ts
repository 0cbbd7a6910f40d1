import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The layer walls of eslint.layers.js, tried on one snippet per kind of forbidden import: each is
 * linted as if it were a file at that place in the real tree (the file itself need not exist; what
 * it imports must, since a zone judges the file an import resolves to). Only the zone rule runs,
 * so one ESLint instance answers them all in a moment.
 */
const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const RULE = 'import-x/no-restricted-paths';
const eslint = new ESLint({ cwd: REPO, ruleFilter: ({ ruleId }) => ruleId === RULE });

interface Snippet {
  /** Where the snippet pretends to live, from the repository's root. */
  file: string;
  /** The import as written there. */
  from: string;
  /** How it imports: a static import, a dynamic import() or a re-export. */
  form?: 'static' | 'dynamic' | 'export';
}

function code({ from, form = 'static' }: Snippet): string {
  if (form === 'dynamic') return `export const later = () => import('${from}');\n`;
  if (form === 'export') return `export * from '${from}';\n`;
  return `import * as imported from '${from}';\nexport const used = imported;\n`;
}

/** The zone messages for one snippet, after checking that its import names a real file. */
async function wallsFor(snippet: Snippet): Promise<string[]> {
  const target = resolve(REPO, dirname(snippet.file), snippet.from);
  const candidates = [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`];
  expect(
    candidates.some((path) => existsSync(path)),
    `${snippet.from} from ${snippet.file} names no file`,
  ).toBe(true);
  const [result] = await eslint.lintText(code(snippet), { filePath: resolve(REPO, snippet.file) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const S = 'apps/server/src';
const W = 'apps/web/src';

const forbidden: Record<string, Snippet> = {
  'a server feature importing another feature': { file: `${S}/features/teams/fixture.ts`, from: '../missions/queries.ts' },
  'a server feature climbing out of its folder and back down into another': {
    file: `${S}/features/teams/fixture.ts`,
    from: '../../features/teams/../missions/queries.ts',
  },
  'a file in a subfolder of a server feature importing another feature': {
    file: `${S}/features/teams/deep/fixture.ts`,
    from: '../../rounds/queries.ts',
  },
  'a dynamic import() of another server feature': { file: `${S}/features/teams/fixture.ts`, from: '../rounds/queries.ts', form: 'dynamic' },
  'a re-export of another server feature': { file: `${S}/features/teams/fixture.ts`, from: '../rounds/queries.ts', form: 'export' },
  'a server feature importing the root': { file: `${S}/features/teams/fixture.ts`, from: '../../procedures.ts' },
  'the kernel importing a feature': { file: `${S}/kernel/fixture.ts`, from: '../features/missions/queries.ts' },
  'the bottom importing a service': { file: `${S}/db/fixture.ts`, from: '../rpc/procedure.ts' },
  'the bottom importing the kernel': { file: `${S}/http/fixture.ts`, from: '../kernel/access.ts' },
  'a service importing a feature': { file: `${S}/live/fixture.ts`, from: '../features/missions/queries.ts' },
  'a service importing the kernel': { file: `${S}/rpc/fixture.ts`, from: '../kernel/audit.ts' },
  'the server importing the web app': { file: `${S}/http/fixture.ts`, from: '../../../web/src/lib/paths.ts' },
  'a web feature importing another feature past its index.ts': { file: `${W}/features/teams/Fixture.tsx`, from: '../missions/missionsApi' },
  'a web file four folders deep importing another feature past its index.ts': {
    file: `${W}/features/organiser/programme/deep/deeper/Fixture.tsx`,
    from: '../../../../missions/missionsApi',
  },
  'a web feature climbing out and back down into another': { file: `${W}/features/teams/Fixture.tsx`, from: '../../features/teams/../missions/missionRules' },
  'a dynamic import() of another web feature past its index.ts': {
    file: `${W}/features/teams/Fixture.tsx`,
    from: '../missions/MyMissionPage',
    form: 'dynamic',
  },
  'a web feature importing the app layer': { file: `${W}/features/teams/Fixture.tsx`, from: '../../app/layout/AppLayout' },
  'lib importing a feature': { file: `${W}/lib/fixture.ts`, from: '../features/missions' },
  'components importing the app layer': { file: `${W}/components/ui/Fixture.tsx`, from: '../../app/screens' },
  'i18n importing a feature': { file: `${W}/i18n/fixture.ts`, from: '../features/missions/missionRules' },
  'i18n importing the app layer': { file: `${W}/i18n/fixture.ts`, from: '../app/screens' },
  'the service worker importing a component': { file: `${W}/sw.ts`, from: './components/ui/Button' },
  'the service worker importing i18n': { file: `${W}/sw.ts`, from: './i18n/languages' },
  'the web app importing the server': { file: `${W}/lib/fixture.ts`, from: '../../../server/src/db/sql.ts' },
  'the contract importing an app': { file: 'packages/contract/src/fixture.ts', from: '../../../apps/web/src/lib/paths.ts' },
};

const allowed: Record<string, Snippet> = {
  'a server feature importing its own file': { file: `${S}/features/teams/fixture.ts`, from: './procedures.ts' },
  'a server feature importing the kernel': { file: `${S}/features/teams/deep/fixture.ts`, from: '../../../kernel/members.ts' },
  'a server feature importing a service and the bottom': { file: `${S}/features/teams/fixture.ts`, from: '../../rpc/procedure.ts' },
  'the kernel importing a service': { file: `${S}/kernel/fixture.ts`, from: '../live/publish.ts' },
  'the root importing a feature': { file: `${S}/fixture.ts`, from: './features/missions/index.ts' },
  'a web feature importing another through its index.ts': { file: `${W}/features/teams/deep/Fixture.tsx`, from: '../../missions' },
  'a web feature importing lib': { file: `${W}/features/organiser/programme/deep/deeper/Fixture.tsx`, from: '../../../../../lib/paths' },
  'the app layer importing a feature file': { file: `${W}/app/Fixture.tsx`, from: '../features/missions/MyMissionPage', form: 'dynamic' },
  'i18n importing lib': { file: `${W}/i18n/fixture.ts`, from: '../lib/storage' },
  'the service worker importing a lib module': { file: `${W}/sw.ts`, from: './lib/networkPolicy' },
};

describe('the layer walls (eslint.layers.js)', () => {
  it.each(Object.entries(forbidden))('refuse %s', async (_kind, snippet) => {
    const messages = await wallsFor(snippet);
    expect(messages.length, `${snippet.file} importing ${snippet.from}`).toBeGreaterThan(0);
    expect(messages.every((message) => message.startsWith(RULE))).toBe(true);
  });

  it.each(Object.entries(allowed))('let through %s', async (_kind, snippet) => {
    expect(await wallsFor(snippet)).toEqual([]);
  });
});
