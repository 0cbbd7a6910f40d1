import { describe, expect, it } from 'vitest';
import { fitOf, profileForFit } from './fit.ts';
import { foldWord, wordsOf } from './words.ts';

/* The words matching compares, in several scripts, and the fit they give. */

const fits = (profileText: string, tag: string) =>
  fitOf(profileForFit({ match_words: wordsOf(profileText), role_archype: null, high_objective: null }), { skills: [tag], archetype: null, objective: null })
    .matched_skills.length === 1;

describe('matching words', () => {
  it('folds case, compatibility forms and optional marks', () => {
    expect(foldWord('Facilitación')).toBe('facilitacion');
    expect(foldWord('ΔΙΆΛΟΓΟΣ')).toBe('διαλογος');
    expect(foldWord('مُيَسِّر')).toBe('ميسر');
    expect(foldWord('ＡＢＣ')).toBe('abc');
  });

  it('keeps the marks that are part of a letter', () => {
    expect(foldWord('สอน')).toBe('สอน');
    expect(foldWord('नमस्ते')).toBe('नमस्ते');
    expect(foldWord('が')).not.toBe(foldWord('か'));
  });

  it('splits texts without spaces into words, and punctuation away', () => {
    expect(wordsOf('Facilitation, Arabic; public-speaking!')).toEqual(['facilitation', 'arabic', 'public', 'speaking']);
    expect(wordsOf('ฉันชอบการสอน').length).toBeGreaterThan(1);
  });

  it('a tag fits when every one of its words is in the profile, in any script', () => {
    expect(fits('I love Public Speaking and facilitation', 'public speaking')).toBe(true);
    expect(fits('I speak in public', 'public speaking')).toBe(false);
    expect(fits('ฉันชอบการสอนเด็ก', 'การสอน')).toBe(true);
    expect(fits('私はファシリテーションが得意です', 'ファシリテーション')).toBe(true);
    expect(fits('تيسير الحوارات', 'تيسير')).toBe(true);
    expect(fits('facilitator', 'facilitation')).toBe(false);
  });
});
