import { describe, expect, it } from 'vitest';
import type { Mission, MissionDetails, MissionMember } from '@mc/contract';
import { applySubscriptionResult, applyVoteResult, creatorLine, filterMissions, fullName, ownFirst, teamRoleLabel } from './missionRules';

const state = { vote_count: 3, is_voted: false, subscription_count: 0, is_subscribed: true };

function mission(overrides: Partial<Mission>): Mission {
  return {
    mission_id: 'm',
    name: 'Name',
    shared_intention: 'Intention',
    objective_or_focus: 'Not sure yet',
    statement: 'Statement',
    core_message: 'Core',
    problem_being_solved: 'Problem',
    first_team_action: 'Action',
    created_by: 'u',
    created_by_name: null,
    hidden_reason: null,
    status: 'active',
    status_reason: null,
    milestones: [],
    public_slug: null,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    vote_count: 0,
    subscription_count: 0,
    is_voted: false,
    is_subscribed: false,
    team_count: 1,
    ...overrides,
  };
}

function member(overrides: Partial<MissionMember>): MissionMember {
  return { user_id: 'x', email: 'x@example.org', first_name: '', last_name: '', is_co_owner: false, added_at: '', role_in_team: 'member', ...overrides };
}

describe('vote and subscription answers', () => {
  it('applies each vote answer to the flag and the count', () => {
    expect(applyVoteResult(state, 'voted')).toMatchObject({ is_voted: true, vote_count: 4 });
    expect(applyVoteResult({ ...state, is_voted: true }, 'unvoted')).toMatchObject({ is_voted: false, vote_count: 2 });
    expect(applyVoteResult(state, 'already_voted')).toMatchObject({ is_voted: true, vote_count: 3 });
    expect(applyVoteResult({ ...state, is_voted: true }, 'no_vote_found')).toMatchObject({ is_voted: false, vote_count: 3 });
  });

  it('never counts below 0', () => {
    expect(applyVoteResult({ ...state, vote_count: 0 }, 'unvoted').vote_count).toBe(0);
    expect(applySubscriptionResult(state, 'unsubscribed')).toMatchObject({ is_subscribed: false, subscription_count: 0 });
  });

  it('applies each subscription answer', () => {
    expect(applySubscriptionResult(state, 'subscribed')).toMatchObject({ is_subscribed: true, subscription_count: 1 });
    expect(applySubscriptionResult({ ...state, is_subscribed: false }, 'already_subscribed')).toMatchObject({ is_subscribed: true, subscription_count: 0 });
    expect(applySubscriptionResult(state, 'no_subscription_found')).toMatchObject({ is_subscribed: false, subscription_count: 0 });
  });

  it('refuses an answer it does not know', () => {
    expect(() => applyVoteResult(state, 'maybe' as never)).toThrow('Unknown result from toggle_mission_vote: maybe');
  });
});

describe('All Missions search and order', () => {
  const missions = [
    mission({ mission_id: 'a', name: 'Orchard', created_by: 'other' }),
    mission({ mission_id: 'b', name: 'Library', core_message: 'Books FOR all', created_by: 'me' }),
    mission({ mission_id: 'c', name: 'Wells', objective_or_focus: 'Life & Well-being', created_by: 'other' }),
    mission({ mission_id: 'd', name: 'Hidden', problem_being_solved: 'books', first_team_action: 'books', created_by: 'other' }),
  ];

  it('matches name, statement, shared intention, objective and core message, ignoring case', () => {
    expect(filterMissions(missions, 'books for').map((m) => m.mission_id)).toEqual(['b']);
    expect(filterMissions(missions, 'WELL-BEING').map((m) => m.mission_id)).toEqual(['c']);
    expect(filterMissions(missions, 'orch').map((m) => m.mission_id)).toEqual(['a']);
    expect(filterMissions(missions, '  ').map((m) => m.mission_id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it("puts the caller's own missions first and keeps the rest in order", () => {
    expect(ownFirst(missions, 'me').map((m) => m.mission_id)).toEqual(['b', 'a', 'c', 'd']);
    expect(ownFirst(missions, null).map((m) => m.mission_id)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('Creator line (Mission details)', () => {
  const details = (members: MissionMember[]): MissionDetails => ({
    mission: mission({ created_by: 'creator-id' }),
    members,
    vote_count: 0,
    is_voted: false,
    subscription_count: 0,
    is_subscribed: false,
  });

  it("is the owner's full name, else their e-mail, else the creator id", () => {
    expect(creatorLine(details([member({ first_name: 'Mae', last_name: 'Jemison', role_in_team: 'owner' }), member({ first_name: 'Other' })]))).toBe(
      'Mae Jemison',
    );
    expect(creatorLine(details([member({ email: 'owner@example.org', role_in_team: 'owner' })]))).toBe('owner@example.org');
    expect(creatorLine(details([member({ first_name: 'Not', last_name: 'Owner' })]))).toBe('creator-id');
  });

  it('joins names without stray spaces', () => {
    expect(fullName({ first_name: ' Ada ', last_name: '' })).toBe('Ada');
  });
});

describe('Team role badges', () => {
  it('read as words, not stored values', () => {
    expect(teamRoleLabel('owner')).toBe('Owner');
    expect(teamRoleLabel('member')).toBe('Member');
    expect(teamRoleLabel('co_lead')).toBe('Co lead');
  });
});
