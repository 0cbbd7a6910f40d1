import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import { formatter } from '@lingui/format-po';
import { SIGNUP_MESSAGES } from '@mc/contract/messages.ts';
import { CHECK_MESSAGE_IDS, CHECK_MESSAGE_VALUES } from './checkMessages';
import { LANGUAGES } from './languages';

/*
 * The catalogues' rules (docs/product.md#languages): every language has every message, with the
 * same placeholders; a translation says whether a native speaker reviewed it; English holds the
 * product's texts word for word; the app asks only for messages that exist; and the screens that
 * speak through the catalogue show no text of their own.
 */

const LOCALES = fileURLToPath(new URL('./locales/', import.meta.url));
const WEB_SRC = fileURLToPath(new URL('../', import.meta.url));

/** The files whose every shown text comes from the catalogue. */
const SPEAKING_FILES = [
  'features/auth/LandingPage.tsx',
  'features/auth/SignInPage.tsx',
  'features/auth/SignUpPage.tsx',
  'features/auth/ResetPasswordPage.tsx',
  'features/auth/AuthShell.tsx',
  'features/auth/CredentialFields.tsx',
  'i18n/LanguagePicker.tsx',
];

interface Entry {
  translation: string;
  translatorComments: string[];
}

async function catalogue(code: string): Promise<Map<string, Entry>> {
  const parsed = await formatter({ explicitIdAsDefault: true }).parse(readFileSync(`${LOCALES}${code}.po`, 'utf8'), {
    locale: code,
    sourceLocale: 'en',
    filename: `${code}.po`,
  });
  return new Map(
    Object.entries(parsed ?? {}).map(([id, message]) => [
      id,
      { translation: message.translation ?? '', translatorComments: strings(message.extra?.translatorComments) },
    ]),
  );
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** A message's placeholders ({name}) and tags (<0>, </0>), sorted: what a translation must keep. */
function placeholders(message: string): string[] {
  return [...message.matchAll(/\{\s*(\w+)[^}]*\}|<\/?\d+\/?>/g)].map((match) => match[1] ?? match[0]).sort();
}

describe('the catalogues', () => {
  it('give every language exactly the English messages, with the same placeholders, none empty', async () => {
    const english = await catalogue('en');
    expect(english.size).toBeGreaterThan(0);
    for (const { code } of LANGUAGES) {
      const other = await catalogue(code);
      expect([...other.keys()].sort(), code).toEqual([...english.keys()].sort());
      for (const [id, entry] of other) {
        expect(entry.translation.trim(), `${code} ${id}`).not.toBe('');
        expect(placeholders(entry.translation), `${code} ${id}`).toEqual(placeholders(english.get(id)?.translation ?? ''));
      }
    }
    expect(readdirSync(LOCALES).sort()).toEqual(LANGUAGES.map(({ code }) => `${code}.po`).sort());
  });

  it('say of every translation whether a native speaker reviewed it', async () => {
    for (const { code } of LANGUAGES.filter((language) => language.code !== 'en')) {
      for (const [id, entry] of await catalogue(code)) {
        expect(
          entry.translatorComments.some((comment) => /^(not )?reviewed by a native speaker/.test(comment)),
          `${code} ${id}`,
        ).toBe(true);
      }
    }
  });

  it("hold the product's English texts word for word", async () => {
    const english = await catalogue('en');
    const withValues = (message: string) =>
      Object.entries(CHECK_MESSAGE_VALUES).reduce((text, [name, value]) => text.replaceAll(`{${name}}`, String(value)), message);
    for (const [text, id] of Object.entries(CHECK_MESSAGE_IDS)) expect(withValues(english.get(id)?.translation ?? ''), id).toBe(text);
    // Every check of the contract has its message in the catalogue.
    expect(Object.values(SIGNUP_MESSAGES).filter((text) => !(text in CHECK_MESSAGE_IDS))).toEqual([]);
  });

  it('hold every message the app asks for', async () => {
    const english = await catalogue('en');
    const asked = new Set<string>();
    for (const file of readdirSync(WEB_SRC, { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file) || file.endsWith('.test.ts')) continue;
      const source = readFileSync(`${WEB_SRC}${file}`, 'utf8');
      for (const match of source.matchAll(/\b_\(\s*'([\w.]+)'|<Trans\s+id="([\w.]+)"/g)) asked.add(match[1] ?? match[2] ?? '');
    }
    for (const id of Object.values(CHECK_MESSAGE_IDS)) asked.add(id);
    expect(asked.size).toBeGreaterThan(0);
    expect([...asked].filter((id) => !english.has(id))).toEqual([]);
  });
});

/** Props that put words on the screen or in a screen reader's ear. */
const SHOWN_PROPS = new Set(['alt', 'aria-label', 'title', 'label', 'hint', 'subtitle', 'documentTitle', 'busyLabel', 'placeholder']);
/** Literal texts that are the same in every language. */
const NOT_WORDS = new Set(['you@example.com']);

/** Each literal text a file shows: JSX text with letters, and string literals given to SHOWN_PROPS. */
function literalTexts(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    // Character references (&nbsp;) are not words.
    if (ts.isJsxText(node) && /\p{L}/u.test(node.text.replace(/&\w+;/g, ''))) found.push(node.text.trim());
    if (ts.isJsxAttribute(node) && SHOWN_PROPS.has(node.name.getText()) && node.initializer && ts.isStringLiteral(node.initializer)) {
      // An empty alt marks a picture that says nothing; an example number is no word either.
      if (/\p{L}/u.test(node.initializer.text) && !NOT_WORDS.has(node.initializer.text)) found.push(node.initializer.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the screens that speak through the catalogue', () => {
  it.each(SPEAKING_FILES)('%s shows no text of its own', (file) => {
    expect(literalTexts(`${WEB_SRC}${file}`)).toEqual([]);
  });

  it('are caught when they do', () => {
    const probe = fileURLToPath(new URL('../app/NotFoundPage.tsx', import.meta.url));
    expect(literalTexts(probe).length).toBeGreaterThan(0);
  });
});
