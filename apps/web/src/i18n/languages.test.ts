import { describe, expect, it } from 'vitest';
import { initialLanguage } from './languages';

describe('the language a visit starts in', () => {
  it("is the device's choice when there is one", () => {
    expect(initialLanguage('zu', ['af-ZA', 'en'])).toBe('zu');
  });

  it("follows the browser's first offered preference, by its base language", () => {
    expect(initialLanguage(null, ['fr-FR', 'af-ZA', 'en'])).toBe('af');
    expect(initialLanguage(null, ['XH'])).toBe('xh');
    expect(initialLanguage('klingon', ['zu-ZA'])).toBe('zu');
  });

  it('is English when nothing offered is asked for', () => {
    expect(initialLanguage(null, ['fr', 'de-CH'])).toBe('en');
    expect(initialLanguage(null, [])).toBe('en');
  });
});
