import { i18n } from '@lingui/core';
import { readStored, STORAGE_KEYS, writeStored } from '../lib/storage';
import { DEFAULT_LANGUAGE, initialLanguage, type Language } from './languages';
import { messages as english } from './locales/en.po';

/**
 * The interface's language: English is in the first download, any other catalogue is fetched only
 * when it is chosen, so a page carries one language's messages.
 */
i18n.loadAndActivate({ locale: DEFAULT_LANGUAGE, messages: english });
const loaded = new Set<Language>([DEFAULT_LANGUAGE]);

const catalogues: Record<Exclude<Language, 'en'>, () => Promise<{ messages: typeof english }>> = {
  af: () => import('./locales/af.po'),
  zu: () => import('./locales/zu.po'),
  xh: () => import('./locales/xh.po'),
};

/** Shows the interface in `language`, and tells the page (`lang`, for screen readers and hyphenation). */
export async function activateLanguage(language: Language): Promise<void> {
  if (language !== 'en' && !loaded.has(language)) {
    const { messages } = await catalogues[language]();
    i18n.load(language, messages);
    loaded.add(language);
  }
  i18n.activate(language);
  document.documentElement.lang = language;
}

/** The person's choice, remembered on this device. */
export function chooseLanguage(language: Language): Promise<void> {
  writeStored(STORAGE_KEYS.language, language);
  return activateLanguage(language);
}

/** The language this visit starts in (the device's choice, or the browser's preference). */
export function startingLanguage(): Language {
  return initialLanguage(readStored(STORAGE_KEYS.language), navigator.languages);
}

export { i18n };
