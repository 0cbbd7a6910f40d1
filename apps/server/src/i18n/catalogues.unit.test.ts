import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as contract from '@mc/contract';
import { MFA_MESSAGES } from '../auth/mfa.ts';
import { privacyTemplateTexts } from '../features/privacy/privacy-page.ts';
import { RESTARTING_MESSAGE, SERVER_BUSY_MESSAGE, STORAGE_FULL_MESSAGE } from '../http/errors.ts';
import { Catalogue, placeholdersOf, readCatalogue, REVIEW_COMMENT, type CatalogueEntry } from './catalogue.ts';
import { catalogueFile, translate, type TranslatedLanguage } from './translate.ts';

/*
 * The server's catalogues (docs/decisions/043-languages-with-lingui.md, "Server messages"): every
 * message the server may answer a person with has an entry in each language (the contract's and
 * the server's *_MESSAGES, what their functions build, and every literal message an AuthError,
 * RpcError, businessError, forbidden or invalidParameter is thrown with), and so does every text
 * the server writes for a person (each `say('…')` of a wording, i18n/translate.ts: mails,
 * notifications, the privacy template, calendars), no translation is empty, each keeps its entry's
 * {placeholders}, and each says whether a native speaker reviewed it.
 */

const LANGUAGES: TranslatedLanguage[] = ['af', 'zu', 'xh'];
const SERVER_SRC = fileURLToPath(new URL('../', import.meta.url));
const CONTRACT_SRC = fileURLToPath(new URL('../../../../packages/contract/src/', import.meta.url));

/** The server's own message constants; one declared anywhere else in apps/server/src fails the test until it is added here. */
const SERVER_MESSAGE_CONSTANTS: Record<string, unknown> = { MFA_MESSAGES, RESTARTING_MESSAGE, SERVER_BUSY_MESSAGE, STORAGE_FULL_MESSAGE };

/** What each message function is called with; every message it builds must have an entry. */
const SAMPLE_ARGUMENTS: Record<string, unknown[][]> = {
  'PROGRAMME_MESSAGES.invalid': [[1], [4]],
  'PROGRAMME_MESSAGES.speakerInUse': [[['Opening']], [['Opening', 'Closing words']]],
};

/**
 * Messages thrown in apps/server/src that stay in English, by their shape ({} for what is put in),
 * and why. The test proves no entry translates them.
 */
const LEFT_IN_ENGLISH: Record<string, { why: string; sample: string }> = {
  'Invalid parameter{}: {}': {
    why: "a parameter the procedure's schema refused, in zod's own English; the web app shows its own sentence instead (apps/web/src/lib/rpcError.ts) and recognises p_time_zone's by these words",
    sample: 'Invalid parameter p_name: Too big: expected string to have <=200 characters',
  },
  'Invalid parameter {}': {
    why: 'a parameter holding text the database cannot store (http/input-guard.ts): never sent by the app, and shown by it as that same sentence',
    sample: 'Invalid parameter p_name must not contain a NUL character',
  },
};

/**
 * A message the catalogues must have: one text, a text followed by a list (ending ': '), the shape
 * of a template literal, or a text the server writes, looked up by its English exactly.
 */
type Expected =
  | { kind: 'message'; source: string; text: string }
  | { kind: 'said'; source: string; text: string }
  | { kind: 'prefix'; source: string; text: string }
  | { kind: 'shape'; source: string; shape: string; pattern: RegExp };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function expectedOfValue(source: string, value: unknown): Expected[] {
  if (typeof value === 'string') return [{ kind: value.endsWith(': ') ? 'prefix' : 'message', source, text: value }];
  if (typeof value === 'function') {
    const samples = SAMPLE_ARGUMENTS[source];
    if (!samples) throw new Error(`${source} is a message function: give it sample arguments in SAMPLE_ARGUMENTS`);
    return samples.map((args) => ({ kind: 'message', source, text: String((value as (...args: unknown[]) => unknown)(...args)) }));
  }
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, inner]) => expectedOfValue(`${source}.${key}`, inner));
  return [];
}

/** Each folder's files are read and parsed once for the whole file's checks (they only read the trees). */
const parsedFolders = new Map<string, Array<{ file: string; source: ts.SourceFile }>>();
function sourceFiles(root: string): Array<{ file: string; source: ts.SourceFile }> {
  let files = parsedFolders.get(root);
  if (!files) {
    files = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => ({ file, source: ts.createSourceFile(file, readFileSync(root + file, 'utf8'), ts.ScriptTarget.Latest, true) }));
    parsedFolders.set(root, files);
  }
  return files;
}

/** The names of the message constants (`X_MESSAGES = {…}`, `X_MESSAGE = '…'`) a folder declares. */
function declaredMessageConstants(root: string): string[] {
  const names: string[] = [];
  for (const { source } of sourceFiles(root)) {
    const visit = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && /_MESSAGES?$/.test(node.name.text) && node.initializer) {
        const value = ts.isAsExpression(node.initializer) ? node.initializer.expression : node.initializer;
        if (ts.isObjectLiteralExpression(value) || ts.isStringLiteralLike(value) || ts.isTemplateExpression(value)) names.push(node.name.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return names;
}

const THROWN = new Set(['AuthError', 'RpcError']);
const HELPERS = new Set(['businessError', 'forbidden', 'invalidParameter']);

/** The message argument of each error thrown in apps/server/src (and of the auth service's rate limits and their 429s), by file. */
function thrownMessages(): Array<{ file: string; message: ts.Expression }> {
  const found: Array<{ file: string; message: ts.Expression }> = [];
  for (const { file, source } of sourceFiles(SERVER_SRC)) {
    const visit = (node: ts.Node) => {
      const args = ts.isNewExpression(node) || ts.isCallExpression(node) ? (node.arguments ?? []) : [];
      const callee = ts.isNewExpression(node) || ts.isCallExpression(node) ? node.expression : null;
      const name = callee && ts.isIdentifier(callee) ? callee.text : callee && ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
      const message =
        ts.isNewExpression(node) && THROWN.has(name)
          ? args[2]
          : ts.isCallExpression(node) && HELPERS.has(name)
            ? args[0]
            : name === 'limit'
              ? args[2]
              : name === 'tooManyRequests'
                ? args[1]
                : undefined;
      if (message) found.push({ file, message });
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** A literal message as the catalogue must have it; a name or a call is a constant's, checked above. */
function expectedOfLiteral(source: string, node: ts.Expression): Expected[] {
  if (ts.isParenthesizedExpression(node)) return expectedOfLiteral(source, node.expression);
  if (ts.isConditionalExpression(node)) return [...expectedOfLiteral(source, node.whenTrue), ...expectedOfLiteral(source, node.whenFalse)];
  if (ts.isStringLiteralLike(node)) return [{ kind: 'message', source, text: node.text }];
  if (ts.isTemplateExpression(node)) {
    const shape = node.head.text + node.templateSpans.map((span) => `{}${span.literal.text}`).join('');
    const pattern = new RegExp(`^${escapeRegExp(node.head.text)}${node.templateSpans.map((span) => `[\\s\\S]*${escapeRegExp(span.literal.text)}`).join('')}$`);
    return [{ kind: 'shape', source, shape, pattern }];
  }
  return [];
}

/**
 * The texts `say` is handed by name rather than written out, by file, and where they come from.
 * The wording itself (i18n/) passes on what it is given.
 */
const SAID_BY_NAME: Record<string, () => string[]> = {
  'features/privacy/privacy-page.ts': privacyTemplateTexts,
};

/** Each call of a wording's `say` (`say(…)`, `wording.say(…)`) in a folder: its file and its first argument. */
function sayCalls(root: string): Array<{ file: string; english: ts.Expression }> {
  const found: Array<{ file: string; english: ts.Expression }> = [];
  for (const { file, source } of sourceFiles(root)) {
    if (root === SERVER_SRC && file.startsWith('i18n/')) continue;
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
        const english = node.arguments[0];
        if (name === 'say' && english) found.push({ file, english });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** The texts the server writes for people: what every `say` is called with, in the server and the contract. */
function saidTexts(): Expected[] {
  const calls = [...sayCalls(SERVER_SRC), ...sayCalls(CONTRACT_SRC).map((call) => ({ ...call, file: `contract/${call.file}` }))];
  const written = calls.flatMap(({ file, english }): Expected[] =>
    ts.isStringLiteralLike(english) ? [{ kind: 'said', source: file, text: english.text }] : [],
  );
  const byName = Object.entries(SAID_BY_NAME).flatMap(([file, texts]) => texts().map((text): Expected => ({ kind: 'said', source: file, text })));
  return [...written, ...byName];
}

/** The files that hand `say` something other than its English written out, and are not in SAID_BY_NAME. */
function unlistedSayCalls(): string[] {
  return [...sayCalls(SERVER_SRC), ...sayCalls(CONTRACT_SRC)]
    .filter(({ file, english }) => !ts.isStringLiteralLike(english) && !(file in SAID_BY_NAME))
    .map(({ file, english }) => `${file}: say(${english.getText()})`);
}

function allExpected(): Expected[] {
  const fromContract = Object.entries(contract).filter(([name]) => /_MESSAGES?$/.test(name));
  const fromServer = Object.entries(SERVER_MESSAGE_CONSTANTS);
  const labels = [...Object.values(contract.MISSION_FIELD_LABELS), ...contract.ROLE_PROFILE_FIELDS.map((field) => field.label)];
  return [
    ...[...fromContract, ...fromServer].flatMap(([name, value]) => expectedOfValue(name, value)),
    // The required-fields message and the labels it names (a label is put in translated).
    ...expectedOfValue('requiredFieldsMessage', contract.requiredFieldsMessage(['Statement', 'Core message'])),
    ...labels.map((label): Expected => ({ kind: 'message', source: 'a required field label', text: label })),
    ...thrownMessages().flatMap(({ file, message }) => expectedOfLiteral(file, message)),
    ...saidTexts(),
  ].filter((expected) => expected.kind !== 'shape' || !(expected.shape in LEFT_IN_ENGLISH));
}

/** A template's English with each placeholder filled in with its name in angle brackets. */
const filled = (english: string) => english.replace(/\{(\w+)\}/g, '⟨$1⟩');

function covers(catalogue: Catalogue, entries: readonly CatalogueEntry[], expected: Expected): boolean {
  if (expected.kind === 'message') return catalogue.match(expected.text) !== null;
  // `say` looks its English up as it is: a template that merely fits it would not be used.
  if (expected.kind === 'said') return entries.some((entry) => entry.english === expected.text && entry.translation !== '');
  if (expected.kind === 'prefix') {
    const found = catalogue.match(`${expected.text}one, two`);
    return found !== null && found.english.startsWith(expected.text) && /^\{\w+\}$/.test(found.english.slice(expected.text.length));
  }
  return entries.some((entry) => entry.translation !== '' && expected.pattern.test(filled(entry.english)));
}

/** What is wrong with one language's catalogue: the check `npm test` runs on each. */
function catalogueProblems(language: string, entries: readonly CatalogueEntry[], expected: readonly Expected[]): string[] {
  const catalogue = new Catalogue(language, entries);
  const problems: string[] = [];
  for (const wanted of expected) {
    if (!covers(catalogue, entries, wanted))
      problems.push(`${language}: no entry for ${wanted.source}: "${wanted.kind === 'shape' ? wanted.shape : wanted.text}"`);
  }
  for (const entry of entries) {
    const where = `${language}: "${entry.english}"`;
    if (!entry.translation.trim()) {
      problems.push(`${where} has an empty translation`);
      continue;
    }
    const placeholders = (text: string) => [...new Set(placeholdersOf(text))].sort().join(', ');
    if (placeholders(entry.translation) !== placeholders(entry.english))
      problems.push(`${where} has {${placeholders(entry.translation)}}, not {${placeholders(entry.english)}}`);
    if (!entry.comments.includes(REVIEW_COMMENT)) problems.push(`${where} lacks the comment "# ${REVIEW_COMMENT}"`);
    // The entry answers its own English, and what is put in survives the message format's quoting.
    if (catalogue.match(filled(entry.english))?.english !== entry.english) problems.push(`${where} is shadowed by another entry`);
    const translated = catalogue.translate(filled(entry.english));
    for (const name of placeholdersOf(entry.english)) if (!translated.includes(`⟨${name}⟩`)) problems.push(`${where} loses {${name}} in "${translated}"`);
  }
  return problems;
}

/** Each language's entries, read once: the checks build changed copies, never change them. */
const readEntries = new Map<TranslatedLanguage, readonly CatalogueEntry[]>();
function entriesOf(language: TranslatedLanguage): readonly CatalogueEntry[] {
  let entries = readEntries.get(language);
  if (!entries) readEntries.set(language, (entries = readCatalogue(readFileSync(catalogueFile(language), 'utf8'))));
  return entries;
}

describe("the server's catalogues", () => {
  const expected = allExpected();

  it('finds the messages to check: every message constant, the functions, the literals thrown', () => {
    const declared = [...declaredMessageConstants(CONTRACT_SRC), ...declaredMessageConstants(SERVER_SRC)];
    const known = new Set([...Object.keys(contract), ...Object.keys(SERVER_MESSAGE_CONSTANTS)]);
    expect(
      declared.filter((name) => !known.has(name)),
      'export these from @mc/contract, or add them to SERVER_MESSAGE_CONSTANTS',
    ).toEqual([]);
    expect(declared).toEqual(expect.arrayContaining(['MISSION_MESSAGES', 'AAL2_REQUIRED_MESSAGE', 'MFA_MESSAGES', 'STORAGE_FULL_MESSAGE']));
    const texts = expected.map((wanted) => (wanted.kind === 'shape' ? wanted.shape : wanted.text));
    expect(texts).toEqual(
      expect.arrayContaining([
        contract.MISSION_MESSAGES.unknownMembers,
        contract.PROGRAMME_MESSAGES.invalid(4),
        'Invalid login credentials',
        'User not found',
        'invalid JWT: token is expired',
        'Too many wrong codes. {}.',
        'A field has a value that cannot be stored',
        'You must be signed in to do this',
      ]),
    );
    expect(expected.length).toBeGreaterThan(150);
  });

  it('finds the texts the server writes: each say() of the mails, notifications, privacy template and calendars', () => {
    expect(unlistedSayCalls(), 'write the English out in say(…), or list where its texts come from in SAID_BY_NAME').toEqual([]);
    const said = expected.filter((wanted) => wanted.kind === 'said').map((wanted) => (wanted.kind === 'said' ? wanted.text : ''));
    expect(said).toEqual(
      expect.arrayContaining([
        '{product}: reset your sign-in',
        '{product}: your date of birth was changed',
        '{product}: {count} new notifications',
        '{actor} changed the {fields} of {mission}.',
        'New: "{title}", {when}',
        'Who runs this app',
        'Questions or requests about your data: {contact}.',
        'the event’s name',
        'Speakers: {people}',
        'My agenda: {event}',
      ]),
    );
  });

  it.each(LANGUAGES)('%s has an entry for every message, each translated with its placeholders and the review comment', (language) => {
    expect(catalogueProblems(language, entriesOf(language), expected)).toEqual([]);
  });

  it('has the same entries in every language', () => {
    const [first, ...others] = LANGUAGES.map((language) =>
      entriesOf(language)
        .map((entry) => entry.english)
        .sort(),
    );
    for (const other of others) expect(other).toEqual(first);
  });

  it('fails a catalogue that misses a message, leaves one untranslated, changes a placeholder or lacks the review comment', () => {
    const entries = entriesOf('af');
    const without = entries.filter((entry) => entry.english !== contract.MISSION_MESSAGES.notFound);
    expect(catalogueProblems('af', without, expected)).toEqual(
      expect.arrayContaining([`af: no entry for MISSION_MESSAGES.notFound: "${contract.MISSION_MESSAGES.notFound}"`]),
    );
    const withoutTemplate = entries.filter((entry) => !entry.english.startsWith(contract.MISSION_MESSAGES.unknownMembers));
    expect(catalogueProblems('af', withoutTemplate, expected)).toEqual([
      `af: no entry for MISSION_MESSAGES.unknownMembers: "${contract.MISSION_MESSAGES.unknownMembers}"`,
    ]);
    const withoutSaid = entries.filter((entry) => entry.english !== 'Speakers: {people}');
    expect(catalogueProblems('af', withoutSaid, expected)).toEqual([expect.stringContaining('no entry for features/agenda/calendar.ts: "Speakers: {people}"')]);
    const withoutShape = entries.filter((entry) => !entry.english.startsWith('Too many wrong codes. '));
    expect(catalogueProblems('af', withoutShape, expected)).toEqual([expect.stringContaining('no entry for auth/mfa.ts: "Too many wrong codes. {}."')]);

    const broken = entries.map((entry): CatalogueEntry => {
      if (entry.english === 'Invalid login credentials') return { ...entry, translation: '' };
      if (entry.english === 'Nothing at {method} {path}') return { ...entry, translation: 'Niks by {method} nie' };
      if (entry.english === 'JWT expired') return { ...entry, comments: [] };
      return entry;
    });
    expect(catalogueProblems('af', broken, expected)).toEqual(
      expect.arrayContaining([
        'af: "Invalid login credentials" has an empty translation',
        'af: no entry for auth/service.ts: "Invalid login credentials"',
        'af: "Nothing at {method} {path}" has {method}, not {method, path}',
        'af: "Nothing at {method} {path}" loses {path} in "Niks by ⟨method⟩ nie"',
        'af: "JWT expired" lacks the comment "# not reviewed by a native speaker"',
      ]),
    );
  });

  it.each(Object.entries(LEFT_IN_ENGLISH))('leaves "%s" in English', (shape, { sample }) => {
    expect(
      thrownMessages()
        .flatMap(({ file, message }) => expectedOfLiteral(file, message))
        .some((wanted) => wanted.kind === 'shape' && wanted.shape === shape),
    ).toBe(true);
    for (const language of LANGUAGES) expect(translate(sample, language)).toBe(sample);
  });
});
