import { readFileSync } from 'node:fs';
import { ENGLISH_WORDING, type Wording } from '@mc/contract';
import { Catalogue, readCatalogue, type CatalogueEntry } from './catalogue.ts';
import type { ServerLanguage } from './language.ts';

/** A language with a catalogue: every one but English, in which the messages are written. */
export type TranslatedLanguage = Exclude<ServerLanguage, 'en'>;

/** Where a language's catalogue is: `locales/{code}.po`, beside this file. */
export function catalogueFile(language: TranslatedLanguage): URL {
  return new URL(`./locales/${language}.po`, import.meta.url);
}

const loaded = new Map<TranslatedLanguage, Catalogue>();
const fileEntries = new Map<TranslatedLanguage, readonly CatalogueEntry[]>();
/** The organisers' corrections of each language's messages, by their English (features/translations). */
const corrections = new Map<TranslatedLanguage, ReadonlyMap<string, string>>();

/** A language's entries as its PO file has them, read the first time they are needed, then kept. */
export function catalogueEntries(language: TranslatedLanguage): readonly CatalogueEntry[] {
  let entries = fileEntries.get(language);
  if (!entries) {
    const file = catalogueFile(language);
    entries = readCatalogue(readFileSync(file, 'utf8'), file.pathname);
    fileEntries.set(language, entries);
  }
  return entries;
}

/**
 * From now on, the server says each message of `language` that `byEnglish` names with its
 * correction instead of the catalogue's text (docs/decisions/061-translation-corrections.md); the
 * catalogue is compiled again the next time a message in that language is needed.
 */
export function useCorrections(language: TranslatedLanguage, byEnglish: ReadonlyMap<string, string>): void {
  corrections.set(language, byEnglish);
  loaded.delete(language);
}

/**
 * A language's catalogue, read and compiled the first time a message in that language is needed
 * (nothing at startup), with the organisers' corrections over it, then kept. One that cannot be
 * read answers everything in English, with a process warning, so an error is never lost for want
 * of its translation.
 */
export function catalogueOf(language: TranslatedLanguage): Catalogue {
  let catalogue = loaded.get(language);
  if (!catalogue) {
    try {
      const corrected = corrections.get(language);
      const entries = catalogueEntries(language).map((entry) => ({ ...entry, translation: corrected?.get(entry.english) ?? entry.translation }));
      catalogue = new Catalogue(language, entries);
    } catch (error) {
      process.emitWarning(`The server's ${language} catalogue could not be read; its messages are answered in English. ${String(error)}`);
      catalogue = new Catalogue(language, []);
    }
    loaded.set(language, catalogue);
  }
  return catalogue;
}

/**
 * A message that reaches a person, in their language (docs/product.md#languages): the English as it
 * is for English, and for a message no catalogue entry has.
 */
export function translate(message: string, language: ServerLanguage): string {
  return language === 'en' ? message : catalogueOf(language).translate(message);
}

/**
 * The locale a language's dates and lists are written in. English keeps the British dates its
 * texts have always had ("Sat 6 Dec"); the others are South Africa's.
 */
export const SERVER_LOCALES: Record<ServerLanguage, string> = { en: ENGLISH_WORDING.locale, af: 'af-ZA', zu: 'zu-ZA', xh: 'xh-ZA' };

/**
 * How the server words what it writes for a person in their language (docs/product.md#languages):
 * a mail, a notification, the privacy template, a calendar's own words. `say` takes the English
 * template, the catalogue's msgid, and fills its `{name}`s; call it with the template written out,
 * so the catalogue check (catalogues.unit.test.ts) finds it.
 */
export function wordingIn(language: ServerLanguage): Wording {
  if (language === 'en') return ENGLISH_WORDING;
  return { say: (english, values) => catalogueOf(language).say(english, values), locale: SERVER_LOCALES[language] };
}
