import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { messages as teams } from '../../i18n/locales/teams/en.po';
import { messages as organiser } from '../../i18n/locales/organiser/en.po';
import { messages as organiserAf } from '../../i18n/locales/organiser/af.po';
import { messages as organiserZu } from '../../i18n/locales/organiser/zu.po';
import { fitReasonText } from './fitReason';

/* Articles and counted words come from the catalogue (docs/product.md#languages), never "a Architect". */

const english = setupI18n({ locale: 'en', messages: { en: { ...teams, ...organiser } } });
const afrikaans = setupI18n({ locale: 'af', messages: { af: organiserAf } });
const zulu = setupI18n({ locale: 'zu', messages: { zu: organiserZu } });

describe('the line that says why a role fits', () => {
  it('takes the article its archetype wants', () => {
    const parts = { score: 2, wanted_skills: [], matched_skills: [], objective: null };
    expect(fitReasonText(english._.bind(english), { ...parts, archetype: 'Architect' }, 'you')).toBe('wants an Architect, as you are');
    expect(fitReasonText(english._.bind(english), { ...parts, archetype: 'Connector' }, 'they')).toBe('wants a Connector, as they are');
  });

  it('and a role title after "needs" takes "an" before a vowel', () => {
    expect(english._('matching.forMe.needs', { mission: 'M', role: 'Organiser', initial: 'vowel' })).toBe('<0>M</0><1> needs an Organiser</1>');
    expect(english._('matching.forMe.needs', { mission: 'M', role: 'Fundraiser', initial: 'other' })).toBe('<0>M</0><1> needs a Fundraiser</1>');
  });
});

describe("the team builder's figures", () => {
  it('count one and many in each language', () => {
    expect(english._('organiser.builder.unteamed', { count: 1 })).toBe('<0>1</0> attendee with a role profile is on no team.');
    expect(english._('organiser.builder.unteamed', { count: 3 })).toBe('<0>3</0> attendees with a role profile are on no team.');
    expect(english._('organiser.builder.openRoles', { roles: 1, places: 1 })).toBe('<0>1</0> open role has <1>1</1> place left.');
    expect(english._('organiser.builder.summary', { placed: 2, fit: 7, unplaced: 1, seconds: '0.1' })).toBe(
      '2 people placed, total fit 7; 1 stays unplaced. Found in 0.1 s.',
    );
    expect(afrikaans._('organiser.builder.unteamed', { count: 1 })).toBe("<0>1</0> deelnemer met 'n rolprofiel is in geen span nie.");
    expect(zulu._('organiser.builder.unteamed', { count: 12_000 })).toContain('<0>12,000</0>');
  });
});
