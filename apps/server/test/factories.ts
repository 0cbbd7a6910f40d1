import { expect } from 'vitest';
import type { Mission, ProcedureParams } from '@mc/contract';
import { signUpUser, type TestServer, type TestUser } from './harness.ts';

/*
 * The people and missions server suites start from, made one way everywhere. People sign up
 * through /auth/v1 (signUpUser); what other features own (the survey flag, a role profile) is set
 * straight in SQL, so a suite depends only on the procedures it tests.
 */

type Names = Parameters<typeof signUpUser>[1];
export type MissionParams = ProcedureParams<'create_mission'>;

/** Puts a user in the state mission creation needs (pre-conference survey done, a role profile), in SQL. */
export async function makeLeader(server: TestServer, user: TestUser, roleTitle = 'Lead'): Promise<void> {
  await server.db.query('update users set pre_survey_completed = true where id = $1', [user.user.id]);
  await server.db.query(
    `insert into role_profiles (user_id, role_title, intention, skills_and_resources, knowledge_and_experience,
            community_need, contribution, first_action_next_7_days)
     values ($1, $2, 'i', 's', 'k', 'c', 'h', 'f')`,
    [user.user.id, roleTitle],
  );
}

/** A new person who may create a mission. */
export async function signUpLeader(server: TestServer, names: Names = {}): Promise<TestUser> {
  const user = await signUpUser(server, names);
  await makeLeader(server, user);
  return user;
}

/** create_mission's parameters for `owner`: every field filled in, `overrides` on top. */
export function missionParams(owner: TestUser, overrides: Partial<MissionParams> = {}): MissionParams {
  return {
    p_creator_id: owner.user.id,
    p_name: 'Clean Water',
    p_shared_intention: 'Bring clean water to every home',
    p_objective_or_focus: 'Life & Well-being',
    p_statement: 'We build filters together',
    p_core_message: 'Water is life',
    p_problem_being_solved: 'Unsafe drinking water',
    p_first_team_action: 'Map the wells',
    ...overrides,
  };
}

/** A new leader who creates a mission through the procedure; `overrides` change its parameters. */
export async function createMission(
  server: TestServer,
  overrides: Partial<MissionParams> = {},
  names: Names = {},
): Promise<{ owner: TestUser; mission: Mission }> {
  const owner = await signUpLeader(server, names);
  const { data, error } = await owner.client.rpc('create_mission', missionParams(owner, overrides));
  expect(error).toBeNull();
  const mission = data?.[0];
  if (!mission) throw new Error('create_mission answered no mission');
  return { owner, mission };
}

/** A well-formed id that names nothing. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
