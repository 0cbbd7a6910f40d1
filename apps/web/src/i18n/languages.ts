import type { LanguageCode } from '@mc/contract/constants.ts';

/**
 * The languages the interface speaks (docs/product.md#languages), each named as its speakers
 * write it. English is the default and holds the product's texts word for word.
 */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'af', name: 'Afrikaans' },
  { code: 'zu', name: 'isiZulu' },
  { code: 'xh', name: 'isiXhosa' },
] as const satisfies readonly { code: LanguageCode; name: string }[];

export type Language = (typeof LANGUAGES)[number]['code'];

export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language.code === value);
}

/**
 * The languages the event offers, from the page's configuration ("en,af,xh"): the known ones in
 * their usual order, English always (every text is first written in it).
 */
export function offeredLanguages(configured: string): Language[] {
  const codes = new Set(configured.split(',').map((code) => code.trim()));
  return LANGUAGES.map(({ code }) => code).filter((code) => code === DEFAULT_LANGUAGE || codes.has(code));
}

/**
 * The language a visit starts in: the one chosen on this device, else the first of the browser's
 * preferred languages ("af-ZA" counts as "af"), else English; only among those offered.
 */
export function initialLanguage(stored: string | null, preferred: readonly string[], offered: readonly Language[]): Language {
  const isOffered = (code: string | null): code is Language => offered.some((language) => language === code);
  if (isOffered(stored)) return stored;
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0] ?? '';
    if (isOffered(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The catalogue is kept in parts, one PO file per part and language (locales/{area}/{code}.po), so
 * a page downloads the messages of the screens it can show: the public screens' part comes with the
 * first download, the signed-in app's parts with the app's layout, the console's with the console.
 */
export const MESSAGE_AREAS = ['public', 'app', 'conference', 'missions', 'teams', 'organiser'] as const;

export type MessageArea = (typeof MESSAGE_AREAS)[number];

/** The parts every signed-in screen may speak from (the console adds its own). */
export const SIGNED_IN_AREAS: readonly MessageArea[] = ['app', 'conference', 'missions', 'teams'];

/**
 * The locale dates, times and numbers are written in for `language`: the browser's own variant of
 * it when the person prefers one ("en-US" keeps "Nov 23, 2026"), else the language as written in
 * South Africa ("af-ZA" writes "R 1 234,50", "zu-ZA" "R 1,234.50").
 */
export function formattingLocale(language: Language, preferred: readonly string[]): string {
  return preferred.find((tag) => tag.toLowerCase().split('-')[0] === language) ?? `${language}-ZA`;
}
