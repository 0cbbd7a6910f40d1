import { describe, expect, it } from 'vitest';
import { ANONYMOUS_DISPLAY_NAME, DELETED_ACCOUNT_LABEL } from '@mc/contract';
import { wordingIn } from './translate.ts';

/** The names the server writes in place of a person's, in the reader's language (docs/product.md#languages). */
describe("the names the server writes for a person's", () => {
  it('are said in the language of the sentence that holds them, alone or in a list', () => {
    expect(wordingIn('af').say('{person} left the team of {mission}.', { person: ANONYMOUS_DISPLAY_NAME, mission: 'Wells' })).toBe(
      'Anonieme deelnemer het die span van Wells verlaat.',
    );
    expect(wordingIn('zu').say('{person} left the team of {mission}.', { person: ANONYMOUS_DISPLAY_NAME, mission: 'Wells' })).toContain('Umhambeli ongaziwa');
    expect(wordingIn('xh').say('{actor} added {person} to your team {mission}.', { actor: DELETED_ACCOUNT_LABEL, person: 'Ada', mission: 'Wells' })).toContain(
      'iakhawunti ecinyiweyo',
    );
  });

  it('leave English, and names people chose, as they are', () => {
    expect(wordingIn('en').say('{person} left the team of {mission}.', { person: ANONYMOUS_DISPLAY_NAME, mission: 'Wells' })).toBe(
      'Anonymous attendee left the team of Wells.',
    );
    expect(wordingIn('af').say('{person} left the team of {mission}.', { person: 'Anonymous attendees club', mission: 'Wells' })).toBe(
      'Anonymous attendees club het die span van Wells verlaat.',
    );
  });
});
