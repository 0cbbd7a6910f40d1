import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatter } from '@lingui/format-po';
import { MISSION_FIELD_LABELS, type MissionField } from '@mc/contract';
import { CHECK_MESSAGE_IDS, CHECK_MESSAGE_VALUES } from './checkMessages';
import { PART_CHANGE_MESSAGE_IDS } from '../features/conference/programmeTexts';
import { REQUIRED_FIELD_MESSAGE_IDS } from '../features/missions/missionRules';
import { MESSAGE_AREAS } from './languages';

/*
 * One translation of each contract message (docs/product.md#languages): a message of the contract
 * that both the web app and the server say (a sign-in or sign-up check: the app says it before
 * asking, the server when it refuses; a programme change, told on the screen and in the bell and
 * mail; a required field's label, named by the app and by the server's refusal) reads the same from
 * both, in each language. The two catalogues are held equal here, entry by entry.
 */

const po = formatter();
const WEB_LOCALES = fileURLToPath(new URL('./locales/', import.meta.url));
const SERVER_LOCALES = fileURLToPath(new URL('../../../server/src/i18n/locales/', import.meta.url));

async function read(path: string): Promise<Map<string, string>> {
  const parsed = await po.parse(readFileSync(path, 'utf8'), { filename: path, locale: null, sourceLocale: 'en' });
  // A web entry is under its id (its msgid); a server entry's msgid is its English (the parser hashes it for an id).
  return new Map(Object.entries(parsed).map(([id, entry]) => [entry.message ?? id, entry.translation ?? '']));
}

async function webCatalogue(code: string): Promise<Map<string, string>> {
  const parts = await Promise.all(MESSAGE_AREAS.map((area) => read(`${WEB_LOCALES}${area}/${code}.po`)));
  return new Map(parts.flatMap((part) => [...part]));
}

/** The contract's messages the web app says, each as English → the web app's id, and how its numbers are put in on the server. */
const SHARED: Array<{ what: string; ids: Readonly<Record<string, string>>; serverHasAll: boolean; values?: Record<string, number> }> = [
  // Some checks only the app says (an empty e-mail never reaches the server): compared where the server has them too.
  { what: 'sign-in and sign-up checks', ids: CHECK_MESSAGE_IDS, serverHasAll: false, values: CHECK_MESSAGE_VALUES },
  { what: 'programme changes', ids: PART_CHANGE_MESSAGE_IDS, serverHasAll: true },
  {
    what: "a mission's required fields",
    ids: Object.fromEntries(Object.entries(REQUIRED_FIELD_MESSAGE_IDS).map(([field, id]) => [MISSION_FIELD_LABELS[field as MissionField], id])),
    serverHasAll: true,
  },
];

/** The message with the contract's numbers put in, as the server writes it. */
const withValues = (message: string, values: Record<string, number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{${name}}`, String(value)), message);

describe("the contract's messages that the web app and the server both say", () => {
  it.each(['af', 'zu', 'xh'])('read the same from both in %s', async (code) => {
    const web = await webCatalogue(code);
    const server = await read(`${SERVER_LOCALES}${code}.po`);
    const differ: string[] = [];
    const missing: string[] = [];
    let compared = 0;
    for (const { what, ids, serverHasAll, values } of SHARED) {
      for (const [english, id] of Object.entries(ids)) {
        const fromServer = server.get(english);
        if (fromServer === undefined) {
          if (serverHasAll) missing.push(`${what}: "${english}"`);
          continue;
        }
        compared += 1;
        const fromWeb = withValues(web.get(id) ?? '', values);
        if (fromWeb !== fromServer) differ.push(`${id}: app "${fromWeb}", server "${fromServer}"`);
      }
    }
    expect(missing).toEqual([]);
    expect(differ).toEqual([]);
    expect(compared).toBeGreaterThan(20);
  });
});
