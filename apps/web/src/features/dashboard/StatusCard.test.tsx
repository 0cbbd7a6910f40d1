import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { RoleProfile } from '@mc/contract';
import { renderScreen } from '../../../test/screen';
import { activateLanguage, withMessages } from '../../i18n/i18n';
import { SIGNED_IN_AREAS } from '../../i18n/languages';
import { StatusCard } from './StatusCard';

const profile: RoleProfile = {
  id: 'profile-1',
  user_id: 'user-1',
  role_title: 'Builder of wells',
  role_archype: 'Architect',
  high_objective: 'Wealth & Economic Justice',
  intention: 'Clean water',
  skills_and_resources: 'Plumbing',
  knowledge_and_experience: '',
  community_need: '',
  contribution: '',
  first_action_next_7_days: '',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
};

describe("the dashboard's role profile card", () => {
  afterEach(() => activateLanguage('en'));

  it('names the archetype and the higher objective in the interface language, as My Role Profile does', async () => {
    await withMessages(SIGNED_IN_AREAS, async () => null)();
    await activateLanguage('af');
    await renderScreen(<StatusCard variant={{ kind: 'active', profile }} onOpenSurvey={() => {}} onRetry={() => {}} />);
    expect(await screen.findByText('Argitek')).toBeTruthy();
    expect(screen.getByText('Welvaart & Ekonomiese Geregtigheid')).toBeTruthy();
    expect(screen.queryByText('Architect')).toBeNull();
    // What the person wrote stays as written.
    expect(screen.getByText('Builder of wells')).toBeTruthy();
  });
});
