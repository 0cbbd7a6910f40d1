import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { messages as english } from './locales/missions/en.po';
import { messages as afrikaans } from './locales/missions/af.po';
import { messages as zulu } from './locales/missions/zu.po';
import { messages as xhosa } from './locales/missions/xh.po';

/*
 * Counted words in each language, through the compiled catalogue as the app shows them: each
 * language's plural rule picks the form (CLDR, through Intl), and the number is written its way.
 */
function voteCounts(locale: string, messages: typeof english): string[] {
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  return [0, 1, 2, 12_000].map((count) => i18n._('mission.voteCount', { count }));
}

describe('a count of votes', () => {
  it('in English: one vote, and every other number votes', () => {
    expect(voteCounts('en', english)).toEqual(['0 votes', '1 vote', '2 votes', '12,000 votes']);
  });

  it('in Afrikaans: stem and stemme, thousands grouped with a space', () => {
    expect(voteCounts('af', afrikaans)).toEqual(['0 stemme', '1 stem', '2 stemme', '12\u00a0000 stemme']);
  });

  // The number follows the noun, joined by its concord (isiZulu amavoti angu-2, isiXhosa iivoti ezi-2), as the grammar wants it.
  it('in isiZulu: 0 counts as one, like 1; the number after the noun', () => {
    expect(voteCounts('zu', zulu)).toEqual(['ivoti eli-0', 'ivoti eli-1', 'amavoti angu-2', 'amavoti angu-12,000']);
  });

  it('in isiXhosa: 0 is plural; the number after the noun', () => {
    expect(voteCounts('xh', xhosa)).toEqual(['iivoti ezi-0', 'ivoti eli-1', 'iivoti ezi-2', 'iivoti ezi-12\u00a0000']);
  });
});
