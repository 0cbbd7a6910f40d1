import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@mc/contract/constants.ts';
import { formattingLocale, initialLanguage, LANGUAGES, offeredLanguages } from './languages';

const ALL = offeredLanguages('en,af,zu,xh');

describe('the languages', () => {
  it('are the ones the server knows, English first', () => {
    expect(LANGUAGES.map(({ code }) => code)).toEqual([...LANGUAGE_CODES]);
  });

  it('offered are those the page names, in their usual order, English always', () => {
    expect(ALL).toEqual(['en', 'af', 'zu', 'xh']);
    expect(offeredLanguages('xh, af')).toEqual(['en', 'af', 'xh']);
    expect(offeredLanguages('fr,de')).toEqual(['en']);
  });
});

describe('the language a visit starts in', () => {
  it("is the device's choice when there is one", () => {
    expect(initialLanguage('zu', ['af-ZA', 'en'], ALL)).toBe('zu');
  });

  it("follows the browser's first offered preference, by its base language", () => {
    expect(initialLanguage(null, ['fr-FR', 'af-ZA', 'en'], ALL)).toBe('af');
    expect(initialLanguage(null, ['XH'], ALL)).toBe('xh');
    expect(initialLanguage('klingon', ['zu-ZA'], ALL)).toBe('zu');
  });

  it('is English when nothing offered is asked for', () => {
    expect(initialLanguage(null, ['fr', 'de-CH'], ALL)).toBe('en');
    expect(initialLanguage(null, [], ALL)).toBe('en');
  });

  it('passes over a language the event switched off, even when it was chosen on the device', () => {
    const withoutZulu = offeredLanguages('en,af,xh');
    expect(initialLanguage('zu', ['zu-ZA', 'xh'], withoutZulu)).toBe('xh');
    expect(initialLanguage('zu', ['zu-ZA'], withoutZulu)).toBe('en');
  });
});

describe('dates, times and numbers in each language', () => {
  const moment = new Date(Date.UTC(2026, 2, 5, 14, 30));
  const write = (locale: string) => ({
    rand: new Intl.NumberFormat(locale, { style: 'currency', currency: 'ZAR' }).format(1234.5),
    day: new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(moment),
    count: new Intl.NumberFormat(locale).format(12_000),
  });

  it("follow the browser's own variant of the language when it has one", () => {
    expect(formattingLocale('en', ['en-US', 'af'])).toBe('en-US');
    expect(formattingLocale('af', ['en-US', 'af-NA'])).toBe('af-NA');
    expect(write(formattingLocale('en', ['en-US'])).day).toBe('Thursday, March 5, 2026');
  });

  it('are written as in South Africa otherwise, each by its own rules', () => {
    // Numbers are grouped with a no-break space (\u00a0) where the language groups with a space.
    expect(LANGUAGE_CODES.map((code) => formattingLocale(code, ['fr-FR']))).toEqual(['en-ZA', 'af-ZA', 'zu-ZA', 'xh-ZA']);
    expect(write('af-ZA')).toEqual({ rand: 'R\u00a01\u00a0234,50', day: 'Donderdag 05 Maart 2026', count: '12\u00a0000' });
    expect(write('zu-ZA')).toEqual({ rand: 'R\u00a01,234.50', day: 'ULwesine, Mashi 5, 2026', count: '12,000' });
    expect(write('xh-ZA')).toEqual({ rand: 'R\u00a01\u00a0234.50', day: 'Lwesine, Matshi 5, 2026', count: '12\u00a0000' });
    expect(write('en-ZA')).toEqual({ rand: 'R\u00a01\u00a0234,50', day: 'Thursday, 05 March 2026', count: '12\u00a0000' });
  });

  it('count 0 as "one" in isiZulu and as "other" in the rest', () => {
    expect(LANGUAGE_CODES.map((code) => new Intl.PluralRules(code).select(0))).toEqual(['other', 'other', 'one', 'other']);
  });
});
