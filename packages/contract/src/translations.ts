import { z } from './zod.ts';
import { SWITCHABLE_LANGUAGES } from './languages.ts';

/*
 * Organisers correcting the translations (docs/product.md#languages): every message of the web
 * app's catalogue and of the server's, with its English and its text in a language; a correction
 * replaces the catalogue's text for everyone at once, is checked like the catalogues are (the same
 * placeholders, tags and plural forms: ./messageCheck.ts), audited, and exported as a PO file for
 * the repository. "Reviewed" is recorded per message and language.
 */

/** The languages whose texts organisers correct: every one but English, in which texts are written. */
export const CORRECTED_LANGUAGES = SWITCHABLE_LANGUAGES;
export type CorrectedLanguage = (typeof CORRECTED_LANGUAGES)[number];

/** Where a message lives: the web app's catalogue (by its id) or the server's (by its English). */
export const MESSAGE_SOURCES = ['web', 'server'] as const;
export type MessageSource = (typeof MESSAGE_SOURCES)[number];

/** What the list shows: every message, those no native speaker has reviewed yet, or those corrected. */
export const TRANSLATION_FILTERS = ['all', 'not_reviewed', 'corrected'] as const;
export type TranslationFilter = (typeof TRANSLATION_FILTERS)[number];

/** Messages on one page of the list. */
export const TRANSLATION_PAGE_SIZE = 25;

/** The longest correction accepted. */
export const TRANSLATION_TEXT_MAX = 4000;

export const TRANSLATION_MESSAGES = {
  unknownMessage: 'There is no such message to correct',
  empty: 'A correction cannot be empty',
  unreadable: 'The correction is not a valid message: check its braces and plural forms',
  placeholders: 'The correction must keep the placeholders and tags of the English ({expected}); it has {found}',
  plural: 'Each plural of the correction must use only the forms this language has ({forms}), other among them',
} as const;

export const TRANSLATION_AUDIT_KINDS = {
  corrected: 'translation.corrected',
  restored: 'translation.restored',
  reviewed: 'translation.reviewed',
} as const;

/** One message as the console lists it. */
export interface TranslationRow {
  source: MessageSource;
  /** The web app's message id, or the server's English message. */
  key: string;
  /** The part of the web app's catalogue it is in (`app`, `organiser`…); null for the server's. */
  area: string | null;
  english: string;
  /** The catalogue's text in the language (as the repository has it). */
  catalogue: string;
  /** The organisers' correction, null for none. */
  correction: string | null;
  /** Whether a native speaker has read it (the catalogue says so, or an organiser marked it). */
  reviewed: boolean;
}

export interface TranslationPage {
  total: number;
  page: number;
  page_size: number;
  rows: TranslationRow[];
}

export interface TranslationExport {
  filename: string;
  po: string;
  count: number;
}

const messageRef = {
  p_language: z.enum(CORRECTED_LANGUAGES),
  p_source: z.enum(MESSAGE_SOURCES),
  p_key: z.string().min(1).max(TRANSLATION_TEXT_MAX),
};

export const translationProcedureParams = {
  /** Organisers: one page of the messages in a language, searched (English, text or key) and filtered. */
  list_translations: z.strictObject({
    p_language: z.enum(CORRECTED_LANGUAGES),
    p_search: z.string().max(200).default(''),
    p_filter: z.enum(TRANSLATION_FILTERS).default('all'),
    p_page: z.number().int().min(0).max(100_000).default(0),
  }),
  /** Organisers: corrects a message's text (null restores the catalogue's); marks it reviewed. */
  correct_translation: z.strictObject({ ...messageRef, p_text: z.string().max(TRANSLATION_TEXT_MAX).nullable() }),
  /** Organisers: marks a message reviewed by a native speaker, or not. */
  set_translation_reviewed: z.strictObject({ ...messageRef, p_reviewed: z.boolean() }),
  /** Organisers: every correction of a language as a PO file. */
  export_translation_corrections: z.strictObject({ p_language: z.enum(CORRECTED_LANGUAGES) }),
} as const;

export interface TranslationProcedureResults {
  list_translations: TranslationPage;
  correct_translation: TranslationRow;
  set_translation_reviewed: TranslationRow;
  export_translation_corrections: TranslationExport;
}

/** The web app's corrections of a language, compiled as Lingui loads them, and their version. */
export interface WebCorrections {
  version: number;
  messages: Record<string, unknown>;
}

/** Where the web app fetches a language's corrections (`?v=` their version, from the page's configuration). */
export const correctionsPath = (language: string) => `/i18n/v1/corrections/${language}`;
