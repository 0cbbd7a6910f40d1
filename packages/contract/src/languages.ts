import { z } from './zod.ts';
import { LANGUAGE_CODES, type LanguageCode } from './constants.ts';

/*
 * Which interface languages the event offers (docs/product.md#languages). English is always
 * offered: it is the language every text is first written in. Organisers switch the others off
 * and on in the console; a language switched off is not in the language lists, and a person who
 * had chosen it sees the next language they prefer.
 */

/** The languages organisers may switch off. */
export const SWITCHABLE_LANGUAGES = LANGUAGE_CODES.filter((code): code is Exclude<LanguageCode, 'en'> => code !== 'en');

export const LANGUAGE_MESSAGES = {
  englishAlwaysOffered: 'English is always offered',
} as const;

export const LANGUAGE_AUDIT_KINDS = {
  offered: 'language.offered',
  switchedOff: 'language.switched_off',
} as const;

export interface OfferedLanguages {
  /** In the order of LANGUAGE_CODES, English first. */
  offered: LanguageCode[];
}

export const languageProcedureParams = {
  /** The languages the event offers. */
  get_offered_languages: z.strictObject({}),
  /** Organisers: offers a language again, or switches it off. */
  set_language_offered: z.strictObject({ p_language: z.enum(LANGUAGE_CODES), p_offered: z.boolean() }),
} as const;

export interface LanguageProcedureResults {
  get_offered_languages: OfferedLanguages;
  set_language_offered: OfferedLanguages;
}
