import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Mission, MissionDetails } from '@mc/contract';
import { queryKeys } from '../queryKeys';
import { detailsWithNewsSince, listWithNewsSince, newsClock, noteMissionNews, noteOwnNews } from '../missionNews';
import { applyMissionsEvent } from './missionsCache';
import { reconnectDelayMs } from './connection';

function mission(id: string, overrides: Partial<Mission> = {}): Mission {
  return {
    mission_id: id,
    name: `Mission ${id}`,
    shared_intention: '',
    objective_or_focus: '',
    statement: '',
    core_message: '',
    problem_being_solved: '',
    first_team_action: '',
    created_by: 'someone',
    created_by_name: null,
    created_at: '2026-11-23T10:00:00.000Z',
    updated_at: '2026-11-23T10:00:00.000Z',
    vote_count: 0,
    subscription_count: 0,
    is_voted: false,
    is_subscribed: false,
    team_count: 1,
    hidden_reason: null,
    status: 'active',
    status_reason: null,
    milestones: [],
    public_slug: null,
    ...overrides,
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('applyMissionsEvent', () => {
  it('puts the new counts into every viewer’s list and details, and leaves each viewer’s own vote and subscription alone', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.missionList('ann'), [mission('a', { is_voted: true, vote_count: 1 }), mission('b')]);
    client.setQueryData(queryKeys.missionList('bob'), [mission('a', { vote_count: 1 })]);
    const details: MissionDetails = {
      mission: mission('a', { is_voted: true, vote_count: 1 }),
      members: [],
      vote_count: 1,
      is_voted: true,
      subscription_count: 0,
      is_subscribed: false,
    };
    client.setQueryData(queryKeys.missionDetails('a', 'ann'), details);

    applyMissionsEvent(client, { counts: [{ mission_id: 'a', vote_count: 5, subscription_count: 2, team_count: 3 }], changed: [], removed: [] });

    const ann = client.getQueryData<Mission[]>(queryKeys.missionList('ann'))!;
    expect(ann[0]).toMatchObject({ vote_count: 5, subscription_count: 2, team_count: 3, is_voted: true });
    expect(ann[1]).toEqual(mission('b'));
    expect(client.getQueryData<Mission[]>(queryKeys.missionList('bob'))![0]).toMatchObject({ vote_count: 5, is_voted: false });
    const annDetails = client.getQueryData<MissionDetails>(queryKeys.missionDetails('a', 'ann'))!;
    expect(annDetails).toMatchObject({ vote_count: 5, subscription_count: 2, is_voted: true });
    expect(annDetails.mission).toMatchObject({ vote_count: 5, team_count: 3, is_voted: true });
  });

  it('drops a removed mission from the lists and makes its details read again', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.missionList('ann'), [mission('a'), mission('b')]);
    client.setQueryData(queryKeys.missionDetails('b', 'ann'), {
      mission: mission('b'),
      members: [],
      vote_count: 0,
      is_voted: false,
      subscription_count: 0,
      is_subscribed: false,
    });
    applyMissionsEvent(client, { counts: [], changed: [], removed: ['b'] });
    expect(client.getQueryData<Mission[]>(queryKeys.missionList('ann'))!.map((row) => row.mission_id)).toEqual(['a']);
    expect(client.getQueryState(queryKeys.missionDetails('b', 'ann'))?.isInvalidated).toBe(true);
  });

  it('reads the list again instead of dropping the person’s own mission when it is hidden (its team still sees it)', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.missionList('ann'), [mission('a'), mission('mine')]);
    client.setQueryData(queryKeys.userMissions('ann'), [
      { mission_id: 'mine', role_in_team: 'owner', is_co_owner: true, added_at: '2026-11-23T10:00:00.000Z' },
    ]);
    applyMissionsEvent(client, { counts: [], changed: [], removed: ['mine'] });
    expect(client.getQueryData<Mission[]>(queryKeys.missionList('ann'))!.map((row) => row.mission_id)).toEqual(['a', 'mine']);
    expect(client.getQueryState(queryKeys.missionList('ann'))?.isInvalidated).toBe(true);
  });

  it('reads the list again, after a spread-out wait, when it does not know a mission (a new one)', () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    client.setQueryData(queryKeys.missionList('ann'), [mission('a')]);
    applyMissionsEvent(
      client,
      { counts: [{ mission_id: 'new', vote_count: 0, subscription_count: 0, team_count: 1 }], changed: ['new'], removed: [] },
      () => 0.5,
    );
    expect(client.getQueryState(queryKeys.missionList('ann'))?.isInvalidated).toBe(false);
    vi.advanceTimersByTime(1_500);
    expect(client.getQueryState(queryKeys.missionList('ann'))?.isInvalidated).toBe(true);
  });
});

describe('a read that crossed news of a mission', () => {
  it('keeps the counts a live message brought after the read started, and takes the read’s own for the others', () => {
    const startedAt = newsClock() - 1;
    applyMissionsEvent(new QueryClient(), {
      counts: [{ mission_id: 'crossed', vote_count: 1, subscription_count: 0, team_count: 2 }],
      changed: [],
      removed: [],
    });
    // The read was put together before the vote: it still says 0.
    const answer = listWithNewsSince(startedAt, 'ann', [mission('crossed'), mission('untouched', { vote_count: 7 })]);
    expect(answer[0]).toMatchObject({ vote_count: 1, subscription_count: 0, team_count: 2, is_voted: false });
    expect(answer[1]).toEqual(mission('untouched', { vote_count: 7 }));
  });

  it('takes the read’s counts when the live message came before the read started', () => {
    applyMissionsEvent(new QueryClient(), {
      counts: [{ mission_id: 'earlier', vote_count: 3, subscription_count: 1, team_count: 1 }],
      changed: [],
      removed: [],
    });
    const startedAt = newsClock() + 1;
    expect(listWithNewsSince(startedAt, 'ann', [mission('earlier', { vote_count: 4 })])[0]).toMatchObject({ vote_count: 4, subscription_count: 0 });
  });

  it('leaves out a mission removed from view after the read started, unless it came back since', () => {
    const startedAt = newsClock() - 1;
    applyMissionsEvent(new QueryClient(), { counts: [], changed: [], removed: ['hidden', 'back'] });
    applyMissionsEvent(new QueryClient(), { counts: [{ mission_id: 'back', vote_count: 2, subscription_count: 0, team_count: 1 }], changed: [], removed: [] });
    const answer = listWithNewsSince(startedAt, 'ann', [mission('hidden'), mission('back'), mission('kept')]);
    expect(answer.map((row) => [row.mission_id, row.vote_count])).toEqual([
      ['back', 2],
      ['kept', 0],
    ]);
  });

  it('keeps the person’s own vote learnt after a details read started, at both levels of the details, without a team count on the outer one', () => {
    noteMissionNews('own', { vote_count: 2 }, 10);
    noteOwnNews('ann', 'own', { is_voted: true }, 30);
    const details: MissionDetails = {
      mission: mission('own', { vote_count: 1 }),
      members: [],
      vote_count: 1,
      is_voted: false,
      subscription_count: 0,
      is_subscribed: false,
    };
    const answer = detailsWithNewsSince(20, 'ann', details)!;
    expect(answer).toMatchObject({ vote_count: 1, is_voted: true });
    expect(answer.mission).toMatchObject({ vote_count: 1, is_voted: true });
    expect(answer).not.toHaveProperty('team_count');
    expect(detailsWithNewsSince(5, 'ann', details)).toMatchObject({ vote_count: 2, is_voted: true });
    expect(detailsWithNewsSince(40, 'ann', details)).toBe(details);
    expect(detailsWithNewsSince(0, 'ann', null)).toBeNull();
  });

  it('lays a person’s own vote only over that person’s reads: not over the next person’s in the same tab', () => {
    noteMissionNews('switched', { vote_count: 1 }, 50);
    noteOwnNews('ann', 'switched', { is_voted: true }, 50);
    const [forBob] = listWithNewsSince(40, 'bob', [mission('switched')]);
    expect(forBob).toMatchObject({ vote_count: 1, is_voted: false });
    const [forAnn] = listWithNewsSince(40, 'ann', [mission('switched')]);
    expect(forAnn).toMatchObject({ vote_count: 1, is_voted: true });
  });
});

describe('reconnectDelayMs', () => {
  it('doubles from 1 s to 30 s, each within ±25 % so a room does not come back at once', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((attempt) => reconnectDelayMs(attempt, () => 0.5))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(reconnectDelayMs(0, () => 0)).toBe(750);
    expect(reconnectDelayMs(0, () => 1)).toBe(1_250);
  });
});
