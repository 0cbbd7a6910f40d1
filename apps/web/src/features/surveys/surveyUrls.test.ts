import { describe, expect, it, vi } from 'vitest';
import { CONSENT_ANONYMOUS, CONSENT_SHARE } from '@mc/contract';
import { baseSurveyUrl, isSurveyUrlFor, newGuid, postSurveyUrl, preSurveyUrl, type SurveyPerson } from './surveyUrls';

const origin = 'https://app.example.org';
const demo = { baseUrl: '/demo-survey/pre', origin };
const external = { baseUrl: 'https://docs.google.com/forms/d/e/abc/viewform', origin };
const person: SurveyPerson = {
  id: '7d9f3b2e-1111-4222-8333-444455556666',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.org',
  mobile: '+27821234567',
};
const guid = '0b5c7a52-9f00-4a3b-b2d6-0d7c2f0f3c11';

function params(url: string): [string, string][] {
  return [...new URL(url).searchParams.entries()];
}

describe('pre-conference survey URL', () => {
  it('with no choice made is the base URL with embedded=true only', () => {
    const url = preSurveyUrl({ ...demo, choice: null, person });
    expect(url).toBe('https://app.example.org/demo-survey/pre?embedded=true');
  });

  it('for an anonymous person carries only the guid as user id and the anonymous consent text', () => {
    const url = preSurveyUrl({ ...external, choice: { isAnonymous: true, anonymousGuid: guid }, person });
    expect(url.startsWith('https://docs.google.com/forms/d/e/abc/viewform?')).toBe(true);
    expect(params(url)).toEqual([
      ['user_id', guid],
      ['consent_choice', CONSENT_ANONYMOUS],
      ['usp', 'pp_url'],
      ['embedded', 'true'],
    ]);
  });

  it('for a person who shares carries user id, name, e-mail, mobile and the sharing consent text', () => {
    const url = preSurveyUrl({ ...demo, choice: { isAnonymous: false, anonymousGuid: null }, person });
    expect(params(url)).toEqual([
      ['user_id', person.id],
      ['name', 'Ada Lovelace'],
      ['email', 'ada@example.org'],
      ['mobile', '+27821234567'],
      ['consent_choice', CONSENT_SHARE],
      ['usp', 'pp_url'],
      ['embedded', 'true'],
    ]);
    // The mobile's "+" and the consent text's spaces survive the round trip.
    expect(url).toContain('mobile=%2B27821234567');
  });

  it('prefers the prefilled link from navigation state, but only one pointing at the configured form', () => {
    const handed = 'https://app.example.org/demo-survey/pre?user_id=abc&usp=pp_url&embedded=true';
    expect(preSurveyUrl({ ...demo, stateUrl: handed, choice: null, person: null })).toBe(handed);
    const elsewhere = 'https://evil.example.com/demo-survey/pre?user_id=abc';
    expect(preSurveyUrl({ ...demo, stateUrl: elsewhere, choice: null, person: null })).toBe('https://app.example.org/demo-survey/pre?embedded=true');
  });

  it('falls back to the base URL when the person is missing or an anonymous guid is missing', () => {
    expect(preSurveyUrl({ ...demo, choice: { isAnonymous: false, anonymousGuid: null }, person: null })).toBe(`${origin}/demo-survey/pre?embedded=true`);
    expect(preSurveyUrl({ ...demo, choice: { isAnonymous: true, anonymousGuid: null }, person })).toBe(`${origin}/demo-survey/pre?embedded=true`);
  });

  it('keeps a base URL’s own query parameters', () => {
    const url = preSurveyUrl({ baseUrl: 'https://forms.example.com/f?lang=en', origin, choice: { isAnonymous: true, anonymousGuid: guid }, person: null });
    expect(params(url)[0]).toEqual(['lang', 'en']);
    expect(new URL(url).searchParams.get('user_id')).toBe(guid);
  });
});

describe('post-conference survey URL', () => {
  const post = { baseUrl: '/demo-survey/post', origin };
  const fresh = () => 'generated-guid';

  it('for an anonymous person uses the stored guid, or a generated one', () => {
    expect(params(postSurveyUrl({ ...post, choice: { isAnonymous: true, anonymousGuid: guid }, person, newGuid: fresh }))).toEqual([
      ['user_id', guid],
      ['consent_choice', CONSENT_ANONYMOUS],
      ['usp', 'pp_url'],
      ['embedded', 'true'],
    ]);
    expect(new URL(postSurveyUrl({ ...post, choice: { isAnonymous: true, anonymousGuid: null }, person, newGuid: fresh })).searchParams.get('user_id')).toBe(
      'generated-guid',
    );
  });

  it('otherwise (shared, or no choice) prefills id, name, e-mail, mobile and the sharing text', () => {
    for (const choice of [{ isAnonymous: false, anonymousGuid: null }, null]) {
      const url = postSurveyUrl({ ...post, choice, person, newGuid: fresh });
      expect(url.startsWith(`${origin}/demo-survey/post?`)).toBe(true);
      expect(Object.fromEntries(params(url))).toEqual({
        user_id: person.id,
        name: 'Ada Lovelace',
        email: 'ada@example.org',
        mobile: '+27821234567',
        consent_choice: CONSENT_SHARE,
        usp: 'pp_url',
        embedded: 'true',
      });
    }
  });

  it('on failure uses the base URL with embedded=true', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(postSurveyUrl({ ...post, choice: null, person: null, newGuid: fresh })).toBe(`${origin}/demo-survey/post?embedded=true`);
    expect(postSurveyUrl({ baseUrl: 'http://[bad', origin: 'not an origin', choice: null, person, newGuid: fresh })).toBe('http://[bad?embedded=true');
    expect(baseSurveyUrl({ baseUrl: 'x?a=1', origin: 'nope' })).toBe('x?a=1&embedded=true');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('helpers', () => {
  it('isSurveyUrlFor compares origin and path only', () => {
    expect(isSurveyUrlFor(demo, '/demo-survey/pre?x=1')).toBe(true);
    expect(isSurveyUrlFor(demo, `${origin}/demo-survey/post`)).toBe(false);
    expect(isSurveyUrlFor(demo, 'javascript:alert(1)')).toBe(false);
  });

  it('newGuid makes v4 UUIDs', () => {
    expect(newGuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
