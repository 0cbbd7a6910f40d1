import { i18n, type Messages } from '@lingui/core';
import { readStored, removeStored, STORAGE_KEYS, writeStored } from '../lib/storage';
import { appConfig } from '../lib/appConfig';
import { DEFAULT_LANGUAGE, formattingLocale, initialLanguage, offeredLanguages, type Language, type MessageArea } from './languages';
import { messages as publicEnglish } from './locales/public/en.po';

/**
 * The interface's language. The public screens' English is in the first download; every other
 * part of the catalogue (locales/{area}/{code}.po) is fetched when a screen that speaks from it
 * loads, or, for the parts already in use, when another language is chosen.
 */
i18n.loadAndActivate({ locale: DEFAULT_LANGUAGE, messages: publicEnglish });

// The public screens' other languages; the other parts' files are listed in ./areaCatalogues.
const publicCatalogues = import.meta.glob<{ messages: Messages }>(['./locales/public/*.po', '!./locales/public/en.po']);

const loaded = new Set<string>(['public/en']);
const areasInUse = new Set<MessageArea>(['public']);

const fetchedCorrections = new Map<Language, Promise<Messages | null>>();

/**
 * The organisers' corrections of a language (docs/decisions/061-translation-corrections.md): the
 * page names each corrected language's version; that version's corrections, compiled by the
 * server, are fetched once (the browser keeps them) and laid over every part of the catalogue.
 */
function correctionsOf(language: Language): Promise<Messages | null> {
  const version = new RegExp(`(?:^|,)${language}:(\\d+)`).exec(appConfig.corrections)?.[1];
  if (!version) return Promise.resolve(null);
  let pending = fetchedCorrections.get(language);
  if (!pending) {
    pending = fetch(`/i18n/v1/corrections/${language}?v=${version}`)
      .then(async (response) => (response.ok ? ((await response.json()) as { messages: Messages }).messages : null))
      // Without them the catalogue's own texts show, as before any correction.
      .catch(() => null);
    fetchedCorrections.set(language, pending);
  }
  return pending;
}

async function loadArea(area: MessageArea, language: Language): Promise<void> {
  const key = `${area}/${language}`;
  if (loaded.has(key)) return;
  const files = area === 'public' ? publicCatalogues : (await import('./areaCatalogues')).areaCatalogues;
  const file = files[`./locales/${key}.po`];
  if (!file) throw new Error(`No catalogue at locales/${key}.po`);
  const [{ messages }, corrections] = await Promise.all([file(), correctionsOf(language)]);
  // Lingui adds a part's messages to those the language already has; the corrections go over them.
  i18n.load(language, messages);
  if (corrections) i18n.load(language, corrections);
  loaded.add(key);
}

/**
 * Loads the parts `areas` of the catalogue in the interface's language before `load` answers:
 * a screen's code comes with its words, so it never shows a message's id.
 */
export function withMessages<T>(areas: readonly MessageArea[], load: () => Promise<T>): () => Promise<T> {
  return async () => {
    for (const area of areas) areasInUse.add(area);
    const [code] = await Promise.all([load(), ...areas.map((area) => loadArea(area, currentLanguage()))]);
    return code;
  };
}

/** The interface's language now. */
export function currentLanguage(): Language {
  return i18n.locale as Language;
}

/** The locale of the interface's dates, times and numbers (see formattingLocale). */
export function currentFormattingLocale(): string {
  return formattingLocale(currentLanguage(), typeof navigator === 'undefined' ? [] : navigator.languages);
}

/** Dates and numbers in a language the browser cannot write (Chromium's isiZulu, isiXhosa) come with their data (./intlData). */
async function loadFormats(language: Language): Promise<void> {
  if (Intl.DateTimeFormat.supportedLocalesOf(language).length && Intl.NumberFormat.supportedLocalesOf(language).length) return;
  // Without it the browser writes them as English, as before.
  await import('./intlData')
    .then(({ loadFormatsFor }) => loadFormatsFor(language))
    .catch((error: unknown) => console.warn('No date data for', language, error));
}

/** Shows the interface in `language`, and tells the page (`lang`, for screen readers and hyphenation). */
export async function activateLanguage(language: Language): Promise<void> {
  await Promise.all([...[...areasInUse].map((area) => loadArea(area, language)), loadFormats(language)]);
  i18n.activate(language);
  document.documentElement.lang = language;
}

const choiceListeners = new Set<(language: Language) => void>();

/** Tells `listener` of each language the person picks (their account keeps it); answers the cancel. */
export function onLanguageChosen(listener: (language: Language) => void): () => void {
  choiceListeners.add(listener);
  return () => choiceListeners.delete(listener);
}

/** Remembers `language` on this device (the account's, not a choice made here) and shows the interface in it. */
export function keepLanguageOnDevice(language: Language): Promise<void> {
  writeStored(STORAGE_KEYS.language, language);
  removeStored(STORAGE_KEYS.languageChosen);
  return activateLanguage(language);
}

/**
 * The person's own choice: remembered on this device as theirs until their account keeps it (it
 * then wins over the account's language: docs/product.md#languages), and told to those who keep it.
 */
export async function chooseLanguage(language: Language): Promise<void> {
  writeStored(STORAGE_KEYS.language, language);
  writeStored(STORAGE_KEYS.languageChosen, 'true');
  await activateLanguage(language);
  for (const listener of choiceListeners) listener(language);
}

/** The language picked on this device that the account does not keep yet, if any. */
export function pendingChoice(): Language | null {
  return readStored(STORAGE_KEYS.languageChosen) === 'true' && readStored(STORAGE_KEYS.language) === currentLanguage() ? currentLanguage() : null;
}

/** The account keeps `language` now: unless the person picked another meanwhile, it is no longer a choice of this device alone. */
export function choiceKept(language: Language): void {
  if (readStored(STORAGE_KEYS.language) === language) removeStored(STORAGE_KEYS.languageChosen);
}

/** The languages this event offers (organisers may switch some off). */
export const OFFERED_LANGUAGES: readonly Language[] = offeredLanguages(appConfig.languages);

/** The language this visit starts in (the device's choice, or the browser's preference). */
export function startingLanguage(): Language {
  return initialLanguage(readStored(STORAGE_KEYS.language), navigator.languages, OFFERED_LANGUAGES);
}

export { i18n };
