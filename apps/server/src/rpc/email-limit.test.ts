import { expect, it } from 'vitest';
import { describeEachDatabase, signUpUser } from '../../test/harness.ts';
import { createMission } from '../../test/factories.ts';
import { procedure } from './procedure.ts';
import { procedures } from '../procedures.ts';

/** The hourly allowance for answers that carry other people's e-mail addresses, small for the test. */
const LOOKUPS_PER_HOUR = 6;

it('does not compile a procedure whose answer has an e-mail field unless it says whose', () => {
  const run = () => Promise.resolve([]);
  // @ts-expect-error get_mission_members answers members' e-mail addresses: `emails` must be declared.
  procedure('get_mission_members', run);
  // @ts-expect-error a nested e-mail field counts too (get_mission_details' members).
  procedure('get_mission_details', { caller: 'p_user_id' }, () => Promise.resolve(null));
  // Declared, it compiles; a procedure without e-mail fields needs nothing.
  expect(procedure('get_mission_members', { emails: 'others' }, run).emails).toBe('others');
  expect(procedure('get_all_missions', () => Promise.resolve([])).emails).toBeNull();
});

it('counts every procedure that answers other people’s e-mail addresses', () => {
  const counted = Object.values(procedures)
    .filter((entry) => entry.emails === 'others')
    .map((entry) => entry.name);
  expect(counted).toEqual(expect.arrayContaining(['search_users_with_profiles', 'get_mission_members', 'get_mission_details', 'find_attendees']));
  expect(procedures.get_user_by_auth.emails).toBe('own');
});

describeEachDatabase(
  'the hourly limit on answers with other people’s e-mail addresses',
  (server) => {
    it('stops get_mission_details at the same limit as get_mission_members and the search, for that person only', async () => {
      const { owner, mission } = await createMission(server());
      const reader = await signUpUser(server());
      const details = (user = reader) => user.client.rpc('get_mission_details', { p_mission_id: mission.mission_id, p_user_id: user.user.id });
      // One allowance for all three: two of each fill it.
      for (let call = 0; call < LOOKUPS_PER_HOUR / 3; call += 1) {
        expect((await details()).error).toBeNull();
        expect((await reader.client.rpc('get_mission_members', { p_mission_id: mission.mission_id })).error).toBeNull();
        expect((await reader.client.rpc('search_users_with_profiles', { p_search_term: 'a', p_exclude_mission_id: null })).error).toBeNull();
      }
      const refused = await details();
      expect(refused.status).toBe(429);
      expect(refused.error?.message).toMatch(/^You are doing this too often\. Please wait \d+ minutes? and try again\.$/);
      expect(refused.error?.details).toBe('The hourly limit on looking up other people was reached.');
      expect(refused.data).toBeNull();
      expect((await reader.client.rpc('get_mission_members', { p_mission_id: mission.mission_id })).status).toBe(429);
      // The caller's own address and other procedures are not counted; other people are not affected.
      expect((await reader.client.rpc('get_user_by_auth', { auth_id: reader.user.id })).error).toBeNull();
      expect((await reader.client.rpc('get_all_missions', {})).error).toBeNull();
      expect((await details(owner)).error).toBeNull();
    });
  },
  { RPC_DIRECTORY_CALLS_PER_PERSON_PER_HOUR: String(LOOKUPS_PER_HOUR) },
);
