import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAst } from 'vite';
import { formatter } from '@lingui/format-po';
import { parse, type Token } from '@messageformat/parser';
import { messageArguments, translationProblem } from '@mc/contract/messageCheck.ts';
import { SIGNUP_MESSAGES } from '@mc/contract/messages.ts';
import {
  ANNOUNCEMENT_AUDIENCES,
  AUDIT_KINDS,
  EXPORTS,
  LANGUAGE_AUDIT_KINDS,
  TRANSLATION_AUDIT_KINDS,
  MISSION_FIELD_LABELS,
  MODERATION_AUDIT_KINDS,
  OBJECTIVES,
  ROLE_ARCHETYPES,
  ROLE_PROFILE_FIELDS,
  type MissionField,
} from '@mc/contract';
import { PART_TYPES } from '@mc/contract/conference.ts';
import { REQUIRED_FIELD_MESSAGE_IDS } from '../features/missions/missionRules';
import { CHECK_MESSAGE_IDS, CHECK_MESSAGE_VALUES } from './checkMessages';
import { PART_CHANGE_MESSAGE_IDS } from '../features/conference/programmeTexts';
import { LANGUAGES, MESSAGE_AREAS, type MessageArea } from './languages';

/*
 * The catalogues' rules (docs/product.md#languages): every language has every message, with the
 * same placeholders; a translation says whether a native speaker reviewed it; English holds the
 * product's texts word for word; the app asks only for messages that exist; and the screens that
 * speak through the catalogue show no text of their own.
 */

const LOCALES = fileURLToPath(new URL('./locales/', import.meta.url));
const WEB_SRC = fileURLToPath(new URL('../', import.meta.url));

/** Every file of the app that may put words on a screen. */
const SCREEN_FILES = readdirSync(WEB_SRC, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'));

interface Entry {
  translation: string;
  translatorComments: string[];
}

/** Each catalogue file is read and parsed once for the whole file's tests (the checks only read it). */
const parsedCatalogues = new Map<string, Promise<Map<string, Entry>>>();
function catalogue(area: MessageArea, code: string): Promise<Map<string, Entry>> {
  const key = `${area}/${code}`;
  let parsed = parsedCatalogues.get(key);
  if (!parsed) parsedCatalogues.set(key, (parsed = parseCatalogue(area, code)));
  return parsed;
}

async function parseCatalogue(area: MessageArea, code: string): Promise<Map<string, Entry>> {
  const parsed = await formatter({ explicitIdAsDefault: true }).parse(readFileSync(`${LOCALES}${area}/${code}.po`, 'utf8'), {
    locale: code,
    sourceLocale: 'en',
    filename: `${area}/${code}.po`,
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

/**
 * The values and tags a message uses ({name}, a plural's or select's argument, <0>…</0>), read with
 * an ICU MessageFormat parser: the contract's check, which the server runs on every correction an
 * organiser makes too.
 */
const placeholders = messageArguments;

/** Every language's messages, all parts of the catalogue together. */
async function wholeCatalogue(code: string): Promise<Map<string, Entry>> {
  const parts = await Promise.all(MESSAGE_AREAS.map((area) => catalogue(area, code)));
  return new Map(parts.flatMap((part) => [...part]));
}

describe('the catalogues', () => {
  it.each(MESSAGE_AREAS)('give every language exactly the English messages of %s, with the same placeholders, none empty', async (area) => {
    const english = await catalogue(area, 'en');
    for (const { code } of LANGUAGES) {
      const other = await catalogue(area, code);
      expect([...other.keys()].sort(), code).toEqual([...english.keys()].sort());
      for (const [id, entry] of other) {
        expect(entry.translation.trim(), `${code} ${id}`).not.toBe('');
        expect(placeholders(entry.translation), `${code} ${id}`).toEqual(placeholders(english.get(id)?.translation ?? ''));
      }
    }
    expect(readdirSync(`${LOCALES}${area}`).sort()).toEqual(LANGUAGES.map(({ code }) => `${code}.po`).sort());
  });

  it('pass the check a correction passes: placeholders, tags, and only the plural forms each language has', async () => {
    for (const area of MESSAGE_AREAS) {
      const english = await catalogue(area, 'en');
      for (const { code } of LANGUAGES.filter((language) => language.code !== 'en')) {
        for (const [id, entry] of await catalogue(area, code)) {
          expect(translationProblem(english.get(id)?.translation ?? '', entry.translation, code), `${code} ${id}`).toBeNull();
        }
      }
    }
  });

  it('put the number after the noun in isiZulu and isiXhosa, joined by its concord (amavoti angu-#)', async () => {
    const numberFirst = (message: string): string[] => {
      const found: string[] = [];
      const visit = (tokens: readonly Token[]) => {
        for (const token of tokens) {
          if (token.type !== 'plural') continue;
          for (const branch of token.cases) {
            const [first] = branch.tokens;
            const tagged = first?.type === 'content' && /^\s*<\d+>$/.test(first.value) && branch.tokens[1]?.type === 'octothorpe';
            if (first?.type === 'octothorpe' || tagged) found.push(branch.key);
            visit(branch.tokens);
          }
        }
      };
      visit(parse(message));
      return found;
    };
    for (const code of ['zu', 'xh']) {
      for (const [id, entry] of await wholeCatalogue(code)) expect(numberFirst(entry.translation), `${code} ${id}: ${entry.translation}`).toEqual([]);
    }
    expect(numberFirst('{count, plural, one {# ivoti} other {amavoti angu-#}}')).toEqual(['one']);
  });

  it('compare placeholders whatever words surround them, and tell different ones apart', () => {
    expect(placeholders('{count, plural, one {# ivoti} other {amavoti angu-#}}')).toEqual(['count']);
    expect(placeholders('Sent to <0>{name}</0> at {time}')).toEqual(['</0>', '<0>', 'name', 'time']);
    expect(placeholders('{count} votes')).not.toEqual(placeholders('{total} votes'));
  });

  it('are in the parts the app knows, each message in one part only', async () => {
    expect(readdirSync(LOCALES).sort()).toEqual([...MESSAGE_AREAS].sort());
    const parts = await Promise.all(MESSAGE_AREAS.map((area) => catalogue(area, 'en')));
    const ids = parts.flatMap((part) => [...part.keys()]);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('say of every translation whether a native speaker reviewed it', async () => {
    for (const { code } of LANGUAGES.filter((language) => language.code !== 'en')) {
      for (const [id, entry] of await wholeCatalogue(code)) {
        expect(
          entry.translatorComments.some((comment) => /^(not )?reviewed by a native speaker/.test(comment)),
          `${code} ${id}`,
        ).toBe(true);
      }
    }
  });

  it("hold the product's English texts word for word", async () => {
    const english = await wholeCatalogue('en');
    const withValues = (message: string) =>
      Object.entries(CHECK_MESSAGE_VALUES).reduce((text, [name, value]) => text.replaceAll(`{${name}}`, String(value)), message);
    for (const [text, id] of Object.entries(CHECK_MESSAGE_IDS)) expect(withValues(english.get(id)?.translation ?? ''), id).toBe(text);
    // Every check of the contract has its message in the catalogue.
    expect(Object.values(SIGNUP_MESSAGES).filter((text) => !(text in CHECK_MESSAGE_IDS))).toEqual([]);
  });

  it("name the fields of the combined required-fields message with the contract's labels", async () => {
    const english = await wholeCatalogue('en');
    for (const [field, id] of Object.entries(REQUIRED_FIELD_MESSAGE_IDS))
      expect(english.get(id)?.translation, id).toBe(MISSION_FIELD_LABELS[field as MissionField]);
    const profileLabels = ROLE_PROFILE_FIELDS.map((field) => field.label);
    const formLabels = [...readFileSync(`${WEB_SRC}features/profiles/RoleProfileFormPage.tsx`, 'utf8').matchAll(/messageId: '(profile\.field\.\w+)'/g)].map(
      (match) => english.get(match[1] ?? '')?.translation,
    );
    expect(formLabels).toEqual(profileLabels);
  });

  it('hold each English template the contract tells a programme change with, word for word', async () => {
    const english = await wholeCatalogue('en');
    for (const [template, id] of Object.entries(PART_CHANGE_MESSAGE_IDS)) expect(english.get(id)?.translation, id).toBe(template);
    const contract = readFileSync(fileURLToPath(new URL('../../../../packages/contract/src/programmeVersions.ts', import.meta.url)), 'utf8');
    const said = [...contract.matchAll(/\bsay\('((?:[^'\\]|\\.)*)'/g)].map((match) => match[1] ?? '');
    expect(said.length).toBeGreaterThan(0);
    expect(said.filter((template) => !(template in PART_CHANGE_MESSAGE_IDS))).toEqual([]);
  });

  it('name every option value of the contract a screen shows, in every language (the English as the contract writes it)', async () => {
    /** A table of the web app (`value: { messageId: 'id' }`) after `name` in `file`, as value → id. */
    const table = (file: string, name: string): Map<string, string> => {
      const source = readFileSync(`${WEB_SRC}${file}`, 'utf8');
      const start = source.indexOf('= {', source.indexOf(`const ${name}`));
      const block = source.slice(start, source.indexOf('};', start));
      return new Map([...block.matchAll(/(?:'([^']+)'|(\w+)):\s*\{\s*messageId:\s*'([\w.]+)'/g)].map((match) => [match[1] ?? match[2] ?? '', match[3] ?? '']));
    };
    const contractTexts: { values: readonly string[]; file: string; name: string; english?: (value: string) => string }[] = [
      { values: ROLE_ARCHETYPES, file: 'features/roles/optionLabels.ts', name: 'ARCHETYPES', english: (value) => value },
      { values: OBJECTIVES, file: 'features/roles/optionLabels.ts', name: 'OBJECTIVES', english: (value) => value },
      { values: ANNOUNCEMENT_AUDIENCES, file: 'features/organiser/announcements/AnnouncementForm.tsx', name: 'AUDIENCES' },
      {
        values: Object.keys(EXPORTS),
        file: 'features/organiser/sections/ExportsSection.tsx',
        name: 'TITLES',
        english: (value) => EXPORTS[value as keyof typeof EXPORTS].label,
      },
      {
        values: [
          ...Object.values(AUDIT_KINDS),
          ...Object.values(MODERATION_AUDIT_KINDS),
          ...Object.values(LANGUAGE_AUDIT_KINDS),
          ...Object.values(TRANSLATION_AUDIT_KINDS),
        ],
        file: 'features/organiser/sections/AuditLogSection.tsx',
        name: 'AUDIT_KINDS',
      },
      { values: PART_TYPES, file: 'features/conference/agendaSearch.ts', name: 'PART_TYPE_LABELS' },
    ];
    const catalogues = await Promise.all(LANGUAGES.map(async ({ code }) => ({ code, messages: await wholeCatalogue(code) })));
    for (const { values, file, name, english } of contractTexts) {
      const ids = table(file, name);
      for (const value of values) {
        const id = ids.get(value);
        expect(id, `${name} in ${file} names ${value}`).toBeDefined();
        for (const { code, messages } of catalogues) expect(messages.get(id ?? '')?.translation, `${id} in ${code}`).toBeTruthy();
        if (english) expect(catalogues[0]?.messages.get(id ?? '')?.translation, id).toBe(english(value));
      }
    }
  });

  it('hold every message the app asks for', async () => {
    const english = await wholeCatalogue('en');
    const asked = new Set<string>();
    for (const file of readdirSync(WEB_SRC, { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file) || file.endsWith('.test.ts')) continue;
      const source = readFileSync(`${WEB_SRC}${file}`, 'utf8');
      // A message asked for where it shows (`_('id')`, `<Trans id="id">`), or named in a table (`messageId: 'id'`).
      for (const match of source.matchAll(/\b_\(\s*'([\w.]+)'|<Trans\s+id="([\w.]+)"|\bmessageId:\s*'([\w.]+)'/g)) {
        asked.add(match[1] ?? match[2] ?? match[3] ?? '');
      }
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

interface AstNode {
  type: string;
  [key: string]: unknown;
}
const isNode = (value: unknown): value is AstNode => typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/**
 * Each literal text a file shows: JSX text with letters, and string literals given to SHOWN_PROPS.
 * The file is read by Vite's own parser (Oxc, through Rolldown): it loads in a fifth of the time
 * TypeScript's compiler takes, which was the largest part of this file's time (docs/performance.md).
 */
function literalTexts(text: string): string[] {
  const found: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!isNode(value)) return;
    // Character references (&nbsp;) are not words.
    if (value.type === 'JSXText' && typeof value.raw === 'string' && /\p{L}/u.test(value.raw.replace(/&\w+;/g, ''))) found.push(value.raw.trim());
    const { name, value: given } = value;
    if (value.type === 'JSXAttribute' && isNode(name) && name.type === 'JSXIdentifier' && SHOWN_PROPS.has(String(name.name))) {
      // An empty alt marks a picture that says nothing; an example number is no word either.
      if (isNode(given) && given.type === 'Literal' && typeof given.value === 'string' && /\p{L}/u.test(given.value) && !NOT_WORDS.has(given.value))
        found.push(given.value);
    }
    for (const key of Object.keys(value)) if (key !== 'type') visit(value[key]);
  };
  visit(parseAst(text, { lang: 'tsx' }));
  return found;
}

describe('the screens', () => {
  it.each(SCREEN_FILES)('%s shows no text of its own', (file) => {
    expect(literalTexts(readFileSync(`${WEB_SRC}${file}`, 'utf8'))).toEqual([]);
  });

  it('are caught when they do', () => {
    const screen = '<Page title="Not found"><p>Nothing is here.</p><img alt="" /><Button aria-label={label}>{_(\'go\')}</Button></Page>';
    expect(literalTexts(screen)).toEqual(['Not found', 'Nothing is here.']);
  });
});
