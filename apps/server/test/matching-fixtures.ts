import type { ProcedureParams } from '@mc/contract';
import { createMission, makeLeader } from './factories.ts';
import { signUpUser, type TestServer, type TestUser } from './harness.ts';

/* People with role profiles and missions with open roles, for the matching suites. */

export interface ProfileWords {
  skills?: string;
  knowledge?: string;
  archetype?: string | null;
  objective?: string | null;
}

/** Writes a person's role profile texts in SQL, as a profile edit would change them. */
export async function writeProfile(server: TestServer, user: TestUser, words: ProfileWords): Promise<void> {
  await server.db.query(
    `update role_profiles set skills_and_resources = $2, knowledge_and_experience = $3, role_archype = $4, high_objective = $5
      where user_id = $1`,
    [user.user.id, words.skills ?? '', words.knowledge ?? 'k', words.archetype ?? null, words.objective ?? null],
  );
}

/** A new attendee with a role profile saying `words`. */
export async function attendee(server: TestServer, firstName: string, words: ProfileWords): Promise<TestUser> {
  const user = await signUpUser(server, { firstName, lastName: 'Tester' });
  await makeLeader(server, user, `${firstName}'s role`);
  await writeProfile(server, user, words);
  return user;
}

type RoleParams = Partial<Omit<ProcedureParams<'save_mission_role'>, 'p_mission_id'>>;

/** A mission (its owner has a profile that fits nothing) with one open role. */
export async function missionWithRole(
  server: TestServer,
  name: string,
  role: RoleParams = {},
  objective = 'Dignity & Honour',
): Promise<{ owner: TestUser; missionId: string; roleId: string }> {
  const { owner, mission } = await createMission(server, { p_name: name, p_objective_or_focus: objective });
  const saved = await owner.client.rpc('save_mission_role', {
    p_mission_id: mission.mission_id,
    p_title: 'Facilitator',
    p_description: '',
    p_skills: ['facilitation'],
    p_places: 1,
    ...role,
  });
  const roleId = saved.data?.[0]?.role_id;
  if (!roleId) throw new Error(`save_mission_role failed: ${saved.error?.message ?? 'no role'}`);
  return { owner, missionId: mission.mission_id, roleId };
}

export async function addMember(server: TestServer, missionId: string, user: TestUser, roleId: string | null = null): Promise<void> {
  await server.db.query(`insert into mission_members (mission_id, user_id, role_in_team, role_id) values ($1, $2, 'member', $3)`, [
    missionId,
    user.user.id,
    roleId,
  ]);
}

export async function hideMission(server: TestServer, missionId: string): Promise<void> {
  await server.db.query(`update missions set hidden_at = now(), hidden_reason = 'Off topic' where mission_id = $1`, [missionId]);
}
