import type { LinguiConfig } from '@lingui/conf';
import { LANGUAGES, MESSAGE_AREAS } from './apps/web/src/i18n/languages';

/**
 * The interface's languages and their catalogues: one PO file per part of the app and language
 * (apps/web/src/i18n/locales/{area}/{locale}.po). Messages have explicit ids; the Vite plugin
 * compiles a catalogue when the app imports it, so the browser never parses a message
 * (docs/decisions/043-languages-with-lingui.md).
 */
const config: LinguiConfig = {
  locales: LANGUAGES.map(({ code }) => code),
  sourceLocale: 'en',
  catalogs: MESSAGE_AREAS.map((area) => ({
    path: `<rootDir>/apps/web/src/i18n/locales/${area}/{locale}`,
    include: ['<rootDir>/apps/web/src'],
  })),
  format: 'po',
};

export default config;
