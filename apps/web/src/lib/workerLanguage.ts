/**
 * How the page tells the service worker the person's language, so the worker keeps that language's
 * catalogue ahead of use and no other (docs/decisions/063-precache-what-the-person-needs.md): the
 * page writes it into a cache the worker reads when it installs, and sends it when it changes. No
 * DOM, no imports: the worker bundles it too.
 */

/** The cache holding the person's language, at LANGUAGE_KEY, as plain text ("af"). */
export const LANGUAGE_CACHE = 'person-language';
export const LANGUAGE_KEY = '/__language';

/** The message the page sends when the language changes. */
export interface LanguageMessage {
  type: 'LANGUAGE';
  language: string;
}

export function isLanguageMessage(data: unknown): data is LanguageMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'LANGUAGE' &&
    typeof (data as { language?: unknown }).language === 'string'
  );
}
