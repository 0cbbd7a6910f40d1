import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFERENCE_START_DATE, DEFAULT_CONFERENCE_TIME_ZONE } from '@mc/contract/agenda.ts';
import { parseAppConfig } from './appConfig';

const defaults = {
  productName: 'Mission Control',
  programmeName: 'Community Mission Game 2025',
  preSurveyUrl: '/demo-survey/pre',
  postSurveyUrl: '/demo-survey/post',
  conferenceStartDate: DEFAULT_CONFERENCE_START_DATE,
  conferenceTimeZone: DEFAULT_CONFERENCE_TIME_ZONE,
  dailyDigestHour: '7',
  publicUrl: '',
  languages: 'en,af,zu,xh',
  corrections: '',
};

describe('parseAppConfig', () => {
  it("takes the corrections' versions only in their shape", () => {
    expect(parseAppConfig(JSON.stringify({ corrections: 'xh:3,zu:1' })).corrections).toBe('xh:3,zu:1');
    expect(parseAppConfig(JSON.stringify({ corrections: 'xh:3;<script>' })).corrections).toBe('');
  });

  it('uses the defaults for the empty placeholder, bad JSON or nothing', () => {
    expect(parseAppConfig('{}')).toEqual(defaults);
    expect(parseAppConfig('not json')).toEqual(defaults);
    expect(parseAppConfig(null)).toEqual(defaults);
  });

  it('takes the served values and falls back field by field', () => {
    const config = parseAppConfig(JSON.stringify({ productName: 'Orbit', programmeName: '', preSurveyUrl: 'https://forms.example/pre', postSurveyUrl: 42 }));
    expect(config).toEqual({ ...defaults, productName: 'Orbit', preSurveyUrl: 'https://forms.example/pre' });
  });

  it('takes the daily e-mail hour only as an hour of the day', () => {
    expect(parseAppConfig(JSON.stringify({ dailyDigestHour: '18' })).dailyDigestHour).toBe('18');
    expect(parseAppConfig(JSON.stringify({ dailyDigestHour: '0' })).dailyDigestHour).toBe('0');
    for (const wrong of ['24', '-1', '7.5', 'seven', 7]) expect(parseAppConfig(JSON.stringify({ dailyDigestHour: wrong })).dailyDigestHour).toBe('7');
  });

  it('takes the public address only as an http(s) address, without a trailing slash', () => {
    expect(parseAppConfig(JSON.stringify({ publicUrl: 'https://mission.example.org/' })).publicUrl).toBe('https://mission.example.org');
    for (const wrong of ['javascript:alert(1)', 'mission.example.org', 42]) expect(parseAppConfig(JSON.stringify({ publicUrl: wrong })).publicUrl).toBe('');
  });
});
