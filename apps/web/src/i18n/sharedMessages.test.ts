import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatter } from '@lingui/format-po';
import { CHECK_MESSAGE_IDS, CHECK_MESSAGE_VALUES } from './checkMessages';
import { MESSAGE_AREAS } from './languages';

/*
 * A message of the contract that both the web app and the server say (a sign-in or sign-up check:
 * the app says it before asking, the server when it refuses) reads the same from both, in each
 * language (docs/product.md#languages): the two catalogues are held equal here.
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

/** The message with the contract's numbers put in, as the server writes it. */
const withValues = (message: string) =>
  Object.entries(CHECK_MESSAGE_VALUES).reduce((text, [name, value]) => text.replaceAll(`{${name}}`, String(value)), message);

describe("the contract's messages that the web app and the server both say", () => {
  it.each(['af', 'zu', 'xh'])('read the same from both in %s', async (code) => {
    const web = await webCatalogue(code);
    const server = await read(`${SERVER_LOCALES}${code}.po`);
    const differ: string[] = [];
    let compared = 0;
    for (const [english, id] of Object.entries(CHECK_MESSAGE_IDS)) {
      const fromServer = server.get(english);
      if (fromServer === undefined) continue;
      compared += 1;
      const fromWeb = withValues(web.get(id) ?? '');
      if (fromWeb !== fromServer) differ.push(`${id}: app "${fromWeb}", server "${fromServer}"`);
    }
    expect(differ).toEqual([]);
    expect(compared).toBeGreaterThan(5);
  });
});
