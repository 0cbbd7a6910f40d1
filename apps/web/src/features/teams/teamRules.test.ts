import { beforeAll, describe, expect, it } from 'vitest';
import type { MissionMember } from '@mc/contract';
import { i18n } from '../../i18n/i18n';
import { messages } from '../../i18n/locales/teams/en.po';
import { addedMember, displayName, isTeamOwner, removeOutcome, visibleResults } from './teamRules';

// The outcomes speak the interface's language: English here, from the teams part of the catalogue.
beforeAll(() => i18n.load('en', messages));

const member: MissionMember = {
  user_id: '7d9f3b2e-1111-4222-8333-444455556666',
  email: 'nia@example.org',
  first_name: 'Nia',
  last_name: 'New',
  is_co_owner: false,
  added_at: '2025-05-01T10:00:00.000Z',
  role_in_team: 'member',
};

describe('remove_mission_member answers', () => {
  it('maps the three known results, bare or in a one-item list', () => {
    expect(removeOutcome('member_deleted')).toEqual({ ok: true, message: 'Member removed successfully' });
    expect(removeOutcome(['no_member_found'])).toEqual({ ok: false, message: 'Member not found' });
    expect(removeOutcome('cannot_remove_last_owner')).toEqual({ ok: false, message: 'Cannot remove the last owner of the mission' });
  });

  it('throws for an empty answer and for an unknown result', () => {
    expect(() => removeOutcome(null)).toThrow('remove_mission_member returned no data');
    expect(() => removeOutcome([])).toThrow('remove_mission_member returned no data');
    expect(() => removeOutcome('exploded')).toThrow('Unknown result from remove_mission_member: exploded');
    expect(() => removeOutcome('toString')).toThrow('Unknown result from remove_mission_member: toString');
    expect(() => removeOutcome({ status: 1 })).toThrow('Unknown result from remove_mission_member: {"status":1}');
  });
});

describe('add_mission_member answers', () => {
  it('accepts the member row or a list of it, and treats "error" and empty answers as failures', () => {
    expect(addedMember([member])).toEqual(member);
    expect(addedMember(member)).toEqual(member);
    expect(addedMember('error')).toBeNull();
    expect(addedMember([])).toBeNull();
    expect(addedMember(null)).toBeNull();
  });
});

describe('people on the team dialog', () => {
  it('shows owners (co-owners and the creator) as owners', () => {
    expect(isTeamOwner(member)).toBe(false);
    expect(isTeamOwner({ ...member, is_co_owner: true })).toBe(true);
    expect(isTeamOwner({ ...member, role_in_team: 'owner' })).toBe(true);
  });

  it('names a person by full name, else by e-mail', () => {
    expect(displayName(member)).toBe('Nia New');
    expect(displayName({ ...member, first_name: ' ', last_name: '' })).toBe('nia@example.org');
  });

  it('never lists the person searching', () => {
    const rows = [
      { id: 'me', email: 'me@example.org', first_name: 'Me', last_name: 'Self' },
      { id: 'you', email: 'you@example.org', first_name: 'You', last_name: 'Other' },
    ];
    expect(visibleResults(rows, 'me').map((row) => row.id)).toEqual(['you']);
    expect(visibleResults(null, 'me')).toEqual([]);
  });
});
