import { createRequire } from 'node:module';
import type * as LinguiCore from '@lingui/core';
import type * as LinguiPo from '@lingui/format-po';
import type * as LinguiCompile from '@lingui/message-utils/compileMessage';
import { fillTemplate, PERSON_NAME_MESSAGES, type TemplateValues } from '@mc/contract';

/**
 * One language's catalogue of the server's messages (docs/decisions/043-languages-with-lingui.md,
 * "Server messages"): a gettext PO file whose msgid IS the English message and whose msgstr is
 * its translation. A message built at runtime has a template for a msgid, `{name}` standing for
 * the text put in (`Some of the chosen team members do not exist: {names}`); the translation
 * carries the same `{name}`s, filled with what the English had there.
 */

/** What every translation's comment says until a native speaker has read it. */
export const REVIEW_COMMENT = 'not reviewed by a native speaker';

/** One entry as its PO file has it. */
export interface CatalogueEntry {
  /** The English message or template (the msgid). */
  english: string;
  /** Its translation (the msgstr); empty when none is written yet. */
  translation: string;
  /** The translator's comments (`# …`). */
  comments: string[];
}

/** An English message found in the catalogue: the entry's msgid and the text in each of its `{name}`s. */
export interface CatalogueMatch {
  english: string;
  values: Record<string, string>;
}

/**
 * Lingui's runtime and PO reader, loaded (their CommonJS builds, synchronously) the first time a
 * catalogue is read: a server whose callers all read English never loads them, and every start is
 * about 0.2 s shorter (the PO reader brings date-fns; docs/performance.md).
 */
const requireHere = createRequire(import.meta.url);
let linguiModules: { core: typeof LinguiCore; po: typeof LinguiPo; compile: typeof LinguiCompile } | undefined;
function lingui(): NonNullable<typeof linguiModules> {
  return (linguiModules ??= {
    core: requireHere('@lingui/core') as typeof LinguiCore,
    po: requireHere('@lingui/format-po') as typeof LinguiPo,
    compile: requireHere('@lingui/message-utils/compileMessage') as typeof LinguiCompile,
  });
}

/** A message compiled as Lingui's runtime reads it (the web app's compiled catalogues hold the same). */
export function compileTranslation(text: string): unknown {
  return lingui().compile.compileMessage(text);
}

const PLACEHOLDER = /\{(\w+)\}/g;

/** The names of a message's `{placeholders}`, in order. */
export function placeholdersOf(message: string): string[] {
  return [...message.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
}

/**
 * The entries of a PO file, read by Lingui's PO format (obsolete entries left out). With `byId`,
 * a catalogue whose msgids are ids (the web app's, `# js-lingui-explicit-id`): each entry's
 * `english` is then its id.
 */
export function readCatalogue(po: string, filename = 'catalogue.po', byId = false): CatalogueEntry[] {
  const catalog = lingui().po.formatter({ origins: false, explicitIdAsDefault: byId }).parse(po, { locale: null, sourceLocale: 'en', filename });
  if (catalog instanceof Promise) throw new Error('@lingui/format-po parsed a catalogue asynchronously; the server reads its catalogues synchronously');
  return Object.entries(catalog).flatMap(([id, message]) => {
    const english = byId ? id : message.message;
    if (message.obsolete || english === undefined) return [];
    const comments = (message.extra as { translatorComments?: unknown } | undefined)?.translatorComments;
    return {
      english,
      translation: message.translation ?? '',
      comments: Array.isArray(comments) ? comments.filter((comment): comment is string => typeof comment === 'string') : [],
    };
  });
}

interface Template {
  english: string;
  pattern: RegExp;
  names: string[];
  /** Characters outside its placeholders: when two templates match, the more specific wins. */
  literal: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function templateOf(english: string): Template {
  const literals = english.split(PLACEHOLDER).filter((_piece, index) => index % 2 === 0);
  return {
    english,
    pattern: new RegExp(`^${literals.map(escapeRegExp).join('([\\s\\S]*?)')}$`),
    names: placeholdersOf(english),
    literal: literals.join('').length,
  };
}

export class Catalogue {
  private readonly i18n: LinguiCore.I18n;
  private readonly exact = new Set<string>();
  private readonly templates: Template[] = [];
  /** Every entry with a translation, by its English. */
  private readonly translated = new Set<string>();

  /** Entries without a translation are left out: their messages stay in English. */
  constructor(locale: string, entries: readonly CatalogueEntry[]) {
    const { core, compile } = lingui();
    const messages: Record<string, ReturnType<typeof compile.compileMessage>> = {};
    for (const { english, translation } of entries) {
      if (!translation) continue;
      messages[english] = compile.compileMessage(translation);
      this.translated.add(english);
      if (placeholdersOf(english).length) this.templates.push(templateOf(english));
      else this.exact.add(english);
    }
    this.templates.sort((a, b) => b.literal - a.literal);
    this.i18n = core.setupI18n({ locale, messages: { [locale]: messages } });
  }

  /** The entry an English message comes from: itself, or the most specific template it fits; null for none. */
  match(message: string): CatalogueMatch | null {
    if (this.exact.has(message)) return { english: message, values: {} };
    for (const template of this.templates) {
      const found = template.pattern.exec(message);
      if (found) return { english: template.english, values: Object.fromEntries(template.names.map((name, index) => [name, found[index + 1] ?? ''])) };
    }
    return null;
  }

  /** The message in this catalogue's language; as it is when no entry has it. */
  translate(message: string): string {
    const found = this.match(message);
    if (!found) return message;
    const values = Object.fromEntries(Object.entries(found.values).map(([name, value]) => [name, this.translateValue(value)]));
    return this.i18n._(found.english, values);
  }

  /**
   * A text the server writes for a person (a mail, a notification, a page), named by its entry's
   * English: the translation with `values` in its `{name}`s, as they are; the English filled in
   * when no entry has it.
   */
  say(english: string, values: TemplateValues = {}): string {
    if (!this.translated.has(english)) return fillTemplate(english, values);
    return this.i18n._(english, Object.fromEntries(Object.entries(values).map(([name, value]) => [name, this.personName(value)])));
  }

  /** A name the server writes in place of a person's ("Anonymous attendee"), alone or in a list, in this language. */
  private personName(value: string): string {
    const names: readonly string[] = Object.values(PERSON_NAME_MESSAGES);
    return value
      .split(', ')
      .map((item) => (names.includes(item) && this.exact.has(item) ? this.i18n._(item) : item))
      .join(', ');
  }

  /**
   * What a template's placeholder had in English, as it goes into the translation: a whole entry
   * of the catalogue translated ("Invalid user data (mobile_number: Please enter a valid mobile
   * number)"), or, in a list separated by ", ", each item that is one (the labels of the fields
   * left empty); anything else (names, ids, numbers) as it is.
   */
  private translateValue(value: string): string {
    if (this.exact.has(value)) return this.i18n._(value);
    return value
      .split(', ')
      .map((item) => (this.exact.has(item) ? this.i18n._(item) : item))
      .join(', ');
  }
}
