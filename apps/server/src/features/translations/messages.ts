import { readdirSync, readFileSync } from 'node:fs';
import type { CorrectedLanguage, MessageSource } from '@mc/contract';
import { readCatalogue, type CatalogueEntry } from '../../i18n/catalogue.ts';
import { catalogueEntries } from '../../i18n/translate.ts';

/*
 * The messages organisers may correct (docs/product.md#languages): every entry of the web app's
 * catalogue (apps/web/src/i18n/locales/{area}/{code}.po, by id, its English from en.po) and of the
 * server's (i18n/locales/{code}.po, by its English), as the repository has them. Read once per
 * language, the first time an organiser lists or corrects one.
 */

/** A message as the repository's catalogues have it. */
export interface KnownMessage {
  source: MessageSource;
  key: string;
  area: string | null;
  english: string;
  catalogue: string;
  /** The catalogue's comment says a native speaker reviewed it. */
  reviewed: boolean;
}

const WEB_LOCALES = new URL('../../../../web/src/i18n/locales/', import.meta.url);

const reviewedIn = (entry: CatalogueEntry) => entry.comments.some((comment) => /^reviewed by a native speaker/.test(comment));

function readWebArea(area: string, code: string): readonly CatalogueEntry[] {
  const file = new URL(`${area}/${code}.po`, WEB_LOCALES);
  return readCatalogue(readFileSync(file, 'utf8'), file.pathname, true);
}

function readKnown(language: CorrectedLanguage): KnownMessage[] {
  const web = readdirSync(WEB_LOCALES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .flatMap((area) => {
      const english = new Map(readWebArea(area, 'en').map((entry) => [entry.english, entry.translation]));
      return readWebArea(area, language).map((entry): KnownMessage => ({
        source: 'web',
        key: entry.english,
        area,
        english: english.get(entry.english) ?? entry.english,
        catalogue: entry.translation,
        reviewed: reviewedIn(entry),
      }));
    });
  const server = catalogueEntries(language).map((entry): KnownMessage => ({
    source: 'server',
    key: entry.english,
    area: null,
    english: entry.english,
    catalogue: entry.translation,
    reviewed: reviewedIn(entry),
  }));
  return [...web, ...server];
}

const known = new Map<CorrectedLanguage, { list: KnownMessage[]; byKey: Map<string, KnownMessage> }>();

function knownIn(language: CorrectedLanguage) {
  let found = known.get(language);
  if (!found) {
    const list = readKnown(language);
    found = { list, byKey: new Map(list.map((message) => [`${message.source}\u0000${message.key}`, message])) };
    known.set(language, found);
  }
  return found;
}

/** Every message of a language, the web app's first (by part, as its files order them), then the server's. */
export function knownMessages(language: CorrectedLanguage): readonly KnownMessage[] {
  return knownIn(language).list;
}

/** One message, or undefined when the catalogues have none under that key. */
export function knownMessage(language: CorrectedLanguage, source: MessageSource, key: string): KnownMessage | undefined {
  return knownIn(language).byKey.get(`${source}\u0000${key}`);
}
