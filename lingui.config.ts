import type { LinguiConfig } from '@lingui/conf';

/**
 * The interface's languages and their catalogues (apps/web/src/i18n/locales, one PO file each).
 * Messages have explicit ids; the Vite plugin compiles a catalogue when the app imports it, so the
 * browser never parses a message (docs/decisions/043-languages-with-lingui.md).
 */
const config: LinguiConfig = {
  locales: ['en', 'af', 'zu', 'xh'],
  sourceLocale: 'en',
  catalogs: [{ path: '<rootDir>/apps/web/src/i18n/locales/{locale}', include: ['<rootDir>/apps/web/src'] }],
  format: 'po',
};

export default config;
