import { describe, expect, it } from 'vitest';
import { describePartChange, ENGLISH_WORDING, type PartFacts } from '@mc/contract';
import { Catalogue, readCatalogue } from './catalogue.ts';
import { accountLanguage, languageOf } from './language.ts';
import { wordingIn } from './translate.ts';

describe("a request's language", () => {
  it.each([
    ['af-ZA,af;q=0.9', 'af'],
    ['zu-ZA,zu;q=0.9,en;q=0.8', 'zu'],
    ['XH', 'xh'],
    ['fr-FR, xh;q=0.5, en;q=0.4', 'xh'],
    ['en-GB,af;q=0.9', 'en'],
    ['en;q=0.2, af', 'af'],
    ['af;q=0, zu;q=0.1', 'zu'],
    ['de-DE,fr;q=0.9', 'en'],
    ['*', 'en'],
    ['', 'en'],
    [undefined, 'en'],
    [['af', 'zu'], 'af'],
  ] as const)('%j is %s', (header, language) => {
    expect(languageOf(header)).toBe(language);
  });
});

describe('a catalogue', () => {
  const catalogue = new Catalogue(
    'af',
    readCatalogue(`
# not reviewed by a native speaker
msgid "Mission not found"
msgstr "Missie nie gevind nie"

# not reviewed by a native speaker
msgid "Statement"
msgstr "Verklaring"

# not reviewed by a native speaker
msgid "Please fill in all required fields: {fields}"
msgstr "Vul asseblief alle verpligte velde in: {fields}"

# not reviewed by a native speaker
msgid "Please fill in all required fields: Role title"
msgstr "Vul asseblief alle verpligte velde in: Roltitel"

# not reviewed by a native speaker
msgid "Nothing at {method} {path}"
msgstr "Niks by {method} {path} nie"

# not reviewed by a native speaker
msgid "Untranslated"
msgstr ""
`),
  );

  it('answers a message by its English, a built one by its template with the values put in, and anything else as it is', () => {
    expect(catalogue.translate('Mission not found')).toBe('Missie nie gevind nie');
    expect(catalogue.translate('Nothing at GET /auth/v1/nowhere')).toBe('Niks by GET /auth/v1/nowhere nie');
    expect(catalogue.translate('Please fill in all required fields: Role title')).toBe('Vul asseblief alle verpligte velde in: Roltitel');
    // A list's items that are entries of their own are put in translated; the rest as they are.
    expect(catalogue.translate('Please fill in all required fields: Statement, Core message')).toBe(
      'Vul asseblief alle verpligte velde in: Verklaring, Core message',
    );
    expect(catalogue.translate('Mission not found.')).toBe('Mission not found.');
    expect(catalogue.translate('Untranslated')).toBe('Untranslated');
  });

  it('names the entry a message comes from, and what its placeholders held', () => {
    expect(catalogue.match('Nothing at POST /auth/v1/x y')).toEqual({
      english: 'Nothing at {method} {path}',
      values: { method: 'POST', path: '/auth/v1/x y' },
    });
    expect(catalogue.match('Something else')).toBeNull();
  });

  it('writes a text of its own by its English: the translation with the values as they are, or the English filled in', () => {
    expect(catalogue.say('Nothing at {method} {path}', { method: 'GET', path: '/a {b}' })).toBe('Niks by GET /a {b} nie');
    expect(catalogue.say('Mission not found')).toBe('Missie nie gevind nie');
    expect(catalogue.say('Nowhere at {path}', { path: '/x' })).toBe('Nowhere at /x');
    expect(catalogue.say('Untranslated')).toBe('Untranslated');
  });
});

describe("a person's account language", () => {
  it('is the language kept on the account when it is one of ours, else English', () => {
    expect(accountLanguage('xh')).toBe('xh');
    expect(accountLanguage('af')).toBe('af');
    for (const other of ['fr', 'AF', '', null, undefined, 3, { code: 'af' }]) expect(accountLanguage(other)).toBe('en');
  });
});

describe("a language's wording", () => {
  const part: PartFacts = { title: 'Opening', date: '2025-12-06', startTime: '09:30', endTime: '10:00', room: 'Hall B', speakers: [] };
  const day = (locale: string) =>
    new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2025, 11, 6)));

  it('is English as written for English, with British dates', () => {
    expect(wordingIn('en')).toBe(ENGLISH_WORDING);
    expect(describePartChange({ partId: 'p', kinds: ['new'], before: null, after: part })).toBe('New: "Opening", Sat 6 Dec 09:30–10:00, Hall B');
  });

  it("writes the server's catalogue entries, and dates in the language's locale", () => {
    expect(wordingIn('af').say('Hello {name},', { name: 'Ada' })).toBe('Hallo Ada,');
    expect(describePartChange({ partId: 'p', kinds: ['new'], before: null, after: part }, wordingIn('af'))).toBe(
      `Nuut: "Opening", ${day('af-ZA')} 09:30–10:00, Hall B`,
    );
    expect(describePartChange({ partId: 'p', kinds: ['cancelled'], before: part, after: null }, wordingIn('zu'))).toBe(
      `Kukhanseliwe: "Opening" (ngaphambilini: ${day('zu-ZA')} 09:30–10:00, Hall B)`,
    );
  });
});
