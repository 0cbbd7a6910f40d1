import { describe, expect, it } from 'vitest';
import type { RoleProfile } from '@mc/contract';
import { statusCardVariant } from './StatusCard';

const profile = { role_title: 'Navigator' } as RoleProfile;
const base = { preSurveyCompleted: null, statusError: null, profileLoading: false, profileError: null, profile: null };

describe('statusCardVariant', () => {
  it('says nothing about the survey while its status is unknown', () => {
    expect(statusCardVariant(base)).toEqual({ kind: 'loading' });
    expect(statusCardVariant({ ...base, statusError: new Error('You are offline') })).toEqual({ kind: 'unknown', message: 'You are offline' });
    expect(statusCardVariant({ ...base, statusError: new Error('') })).toEqual({ kind: 'unknown', message: null });
  });

  it('asks for the survey only when the server said it is not done', () => {
    expect(statusCardVariant({ ...base, preSurveyCompleted: false })).toEqual({ kind: 'surveyRequired' });
  });

  it('after the survey: loading, the profile, "ready", or unknown when the profile could not be read', () => {
    const done = { ...base, preSurveyCompleted: true };
    expect(statusCardVariant({ ...done, profileLoading: true })).toEqual({ kind: 'loading' });
    expect(statusCardVariant({ ...done, profile })).toEqual({ kind: 'active', profile });
    expect(statusCardVariant(done)).toEqual({ kind: 'ready' });
    expect(statusCardVariant({ ...done, profileError: new Error('down') })).toEqual({ kind: 'unknown', message: 'down' });
    // What was kept is shown even when reading it again failed.
    expect(statusCardVariant({ ...done, profile, profileError: new Error('down') })).toEqual({ kind: 'active', profile });
  });
});
