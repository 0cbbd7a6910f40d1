/*
 * How a text shared by the web app and the server is worded for its reader (docs/product.md#languages).
 * A text is written in English as a template whose `{name}`s are filled in; the server hands in a
 * wording of the reader's language, whose `say` looks the English template up in its catalogue
 * (apps/server/src/i18n); without one, the text is English.
 */

/** The values put into a template's `{name}`s. */
export type TemplateValues = Readonly<Record<string, string>>;

/** The English template's text in the reader's language, its `{name}`s filled in from `values`. */
export type Say = (english: string, values?: TemplateValues) => string;

export interface Wording {
  say: Say;
  /** The BCP 47 locale dates and lists are written in. */
  locale: string;
  /** What writes a date in `locale`; the platform's Intl when none (the web app hands in its own for languages a browser lacks). */
  dateFormat?: (locale: string, options: Intl.DateTimeFormatOptions) => { format(date: Date): string };
}

/** The template with each `{name}` that has a value filled in; any other brace stays as written. */
export function fillTemplate(template: string, values: TemplateValues = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? (values[name] ?? whole) : whole));
}

/** English, as the texts are written; dates as in Britain ("Sat 6 Dec"). */
export const ENGLISH_WORDING: Wording = { say: fillTemplate, locale: 'en-GB' };
