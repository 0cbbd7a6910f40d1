import { expect, it } from 'vitest';
import { ROLE_MESSAGES, type ProcedureParams } from '@mc/contract';
import { createMission, signUpLeader } from '../../../test/factories.ts';
import { describeEachDatabase, untyped, type TestServer, type TestUser } from '../../../test/harness.ts';

/* Open roles over HTTP with supabase-js: who may manage them, what they refuse, who sees them. */

type RoleParams = ProcedureParams<'save_mission_role'>;

function roleParams(missionId: string, overrides: Partial<RoleParams> = {}): RoleParams {
  return {
    p_mission_id: missionId,
    p_title: 'Facilitator',
    p_description: 'Runs the workshops',
    p_skills: ['Facilitation', ' arabic '],
    p_archetype: 'Connector',
    p_places: 2,
    ...overrides,
  };
}

async function saveRole(user: TestUser, params: RoleParams) {
  const { data, error } = await user.client.rpc('save_mission_role', params);
  expect(error).toBeNull();
  return data![0]!;
}

async function hide(server: TestServer, missionId: string): Promise<void> {
  await server.db.query(`update missions set hidden_at = now(), hidden_reason = 'test' where mission_id = $1`, [missionId]);
}

describeEachDatabase('roles: open roles on a mission', (server) => {
  it('owners add, edit and close roles; tags are trimmed, lower-cased and kept once', async () => {
    const { owner, mission } = await createMission(server());
    const role = await saveRole(owner, roleParams(mission.mission_id, { p_skills: ['Facilitation', ' arabic ', 'FACILITATION'] }));
    expect(role).toMatchObject({ title: 'Facilitator', skills: ['facilitation', 'arabic'], archetype: 'Connector', places: 2, filled: 0 });

    const edited = await saveRole(
      owner,
      roleParams(mission.mission_id, { p_role_id: role.role_id, p_title: 'Lead facilitator', p_places: 3, p_archetype: null }),
    );
    expect(edited).toMatchObject({ role_id: role.role_id, title: 'Lead facilitator', places: 3, archetype: null });

    const reader = await signUpLeader(server());
    const listed = await reader.client.rpc('get_mission_roles', { p_mission_id: mission.mission_id });
    expect(listed.data?.map((row) => row.title)).toEqual(['Lead facilitator']);
    const counts = await reader.client.rpc('get_open_role_counts', {});
    expect(counts.data).toContainEqual({ mission_id: mission.mission_id, open_roles: 1 });

    const closed = await owner.client.rpc('close_mission_role', { p_role_id: role.role_id });
    expect(closed.error).toBeNull();
    expect((await reader.client.rpc('get_mission_roles', { p_mission_id: mission.mission_id })).data).toEqual([]);
    expect((await reader.client.rpc('get_open_role_counts', {})).data?.map((row) => row.mission_id)).not.toContain(mission.mission_id);

    // A closed role cannot be edited or closed again.
    const again = await owner.client.rpc('close_mission_role', { p_role_id: role.role_id });
    expect(again.error?.message).toBe(ROLE_MESSAGES.roleNotFound);
    const editClosed = await owner.client.rpc('save_mission_role', roleParams(mission.mission_id, { p_role_id: role.role_id }));
    expect(editClosed.error?.message).toBe(ROLE_MESSAGES.roleNotFound);
  });

  it('only owners manage roles; co-owners may, members and strangers get 403 and change nothing', async () => {
    const { owner, mission } = await createMission(server());
    const member = await signUpLeader(server());
    const coOwner = await signUpLeader(server());
    await server().db.query(
      `insert into mission_members (mission_id, user_id, role_in_team, is_co_owner) values ($1, $2, 'member', false), ($1, $3, 'member', true)`,
      [mission.mission_id, member.user.id, coOwner.user.id],
    );
    const stranger = await signUpLeader(server());
    for (const caller of [member, stranger]) {
      const { error, status } = await caller.client.rpc('save_mission_role', roleParams(mission.mission_id));
      expect(status).toBe(403);
      expect(error?.message).toBe(ROLE_MESSAGES.notOwner);
    }
    const role = await saveRole(coOwner, roleParams(mission.mission_id));
    const closing = await stranger.client.rpc('close_mission_role', { p_role_id: role.role_id });
    expect(closing.status).toBe(403);
    const editing = await member.client.rpc('save_mission_role', roleParams(mission.mission_id, { p_role_id: role.role_id, p_title: 'Taken over' }));
    expect(editing.status).toBe(403);
    const [row] = await server().db.query<{ n: number }>('select count(*)::int as n from mission_roles where mission_id = $1 and closed_at is null', [
      mission.mission_id,
    ]);
    expect(row?.n).toBe(1);
    expect((await owner.client.rpc('get_mission_roles', { p_mission_id: mission.mission_id })).data?.[0]?.title).toBe('Facilitator');
  });

  it('refuses bad input with a 4xx naming the field and saves nothing', async () => {
    const { owner, mission } = await createMission(server());
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['empty tag list', { p_skills: [] }, 'p_skills'],
      ['empty tag', { p_skills: ['  '] }, 'p_skills.0'],
      ['10,000 tags', { p_skills: Array.from({ length: 10_000 }, () => 'a') }, 'p_skills'],
      ['0 people', { p_places: 0 }, 'p_places'],
      ['10,000 people', { p_places: 10_000 }, 'p_places'],
      ['a fraction of a person', { p_places: 1.5 }, 'p_places'],
      ['long description', { p_description: 'x'.repeat(20_000) }, 'p_description'],
      ['NUL in the title', { p_title: 'a\u0000b' }, 'p_title'],
      ['NUL in a tag', { p_skills: ['ok', 'a\u0000b'] }, 'p_skills.1'],
      ['unknown archetype', { p_archetype: 'Wizard' }, 'p_archetype'],
    ];
    for (const [label, overrides, field] of cases) {
      const { error, status } = await untyped(owner.client).rpc('save_mission_role', { ...roleParams(mission.mission_id), ...overrides });
      expect(status, label).toBeGreaterThanOrEqual(400);
      expect(status, label).toBeLessThan(500);
      expect(error?.message, label).toContain(field);
    }
    const blank = await owner.client.rpc('save_mission_role', roleParams(mission.mission_id, { p_title: '   ' }));
    expect(blank.error?.message).toBe(ROLE_MESSAGES.titleRequired);
    // A 1 MB description is refused before it is read.
    const huge = await untyped(owner.client).rpc('save_mission_role', { ...roleParams(mission.mission_id), p_description: 'x'.repeat(1024 * 1024) });
    expect(huge.status).toBe(413);
    const [row] = await server().db.query<{ n: number }>('select count(*)::int as n from mission_roles where mission_id = $1', [mission.mission_id]);
    expect(row?.n).toBe(0);
  });

  it('a hidden mission shows its roles to its team only, and in nobody else’s counts', async () => {
    const { owner, mission } = await createMission(server());
    await saveRole(owner, roleParams(mission.mission_id));
    await hide(server(), mission.mission_id);
    const reader = await signUpLeader(server());
    expect((await reader.client.rpc('get_mission_roles', { p_mission_id: mission.mission_id })).data).toEqual([]);
    expect((await reader.client.rpc('get_open_role_counts', {})).data?.map((row) => row.mission_id)).not.toContain(mission.mission_id);
    expect((await owner.client.rpc('get_mission_roles', { p_mission_id: mission.mission_id })).data).toHaveLength(1);
  });

  it('a role full of members is no longer open, and never offers fewer places than it filled', async () => {
    const { owner, mission } = await createMission(server());
    const role = await saveRole(owner, roleParams(mission.mission_id, { p_places: 1 }));
    const member = await signUpLeader(server());
    await server().db.query(`insert into mission_members (mission_id, user_id, role_in_team, role_id) values ($1, $2, 'Facilitator', $3)`, [
      mission.mission_id,
      member.user.id,
      role.role_id,
    ]);
    expect((await owner.client.rpc('get_mission_roles', { p_mission_id: mission.mission_id })).data).toEqual([]);
    const second = await saveRole(owner, roleParams(mission.mission_id, { p_title: 'Writer', p_places: 2 }));
    await server().db.query(`update mission_members set role_id = $2 where mission_id = $1 and user_id = $3`, [
      mission.mission_id,
      second.role_id,
      member.user.id,
    ]);
    const shrink = await owner.client.rpc('save_mission_role', roleParams(mission.mission_id, { p_role_id: second.role_id, p_places: 1 }));
    expect(shrink.error).toBeNull();
    const other = await signUpLeader(server());
    await server().db.query(`insert into mission_members (mission_id, user_id, role_in_team, role_id) values ($1, $2, 'Writer', $3)`, [
      mission.mission_id,
      other.user.id,
      second.role_id,
    ]);
    await server().db.query(`update mission_roles set places = 2 where role_id = $1`, [second.role_id]);
    const below = await owner.client.rpc('save_mission_role', roleParams(mission.mission_id, { p_role_id: second.role_id, p_places: 1 }));
    expect(below.error?.message).toBe(ROLE_MESSAGES.placesBelowFilled);
  });

  it('suggests skill tags from what attendees wrote and roles use, most common first', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const { owner, mission } = await createMission(server());
    for (const skills of [`${tag}facilitation, Arabic`, `${tag}Facilitation; ${tag}design`]) {
      const person = await signUpLeader(server());
      await server().db.query('update role_profiles set skills_and_resources = $2 where user_id = $1', [person.user.id, skills]);
    }
    await saveRole(owner, roleParams(mission.mission_id, { p_skills: [`${tag}design`, `${tag}design-ops`] }));
    const { data } = await owner.client.rpc('suggest_role_skills', { p_prefix: tag.toUpperCase() });
    expect(data).toEqual([`${tag}design`, `${tag}facilitation`, `${tag}design-ops`]);
    const wildcard = await owner.client.rpc('suggest_role_skills', { p_prefix: '%' });
    expect(wildcard.data).toEqual([]);
  });
});

describeEachDatabase('roles: filled and closed roles, for their owners', (server) => {
  it('owners still see a filled role with who filled it, and a closed one, which they may reopen', async () => {
    const { owner, mission } = await createMission(server());
    const filled = await saveRole(owner, roleParams(mission.mission_id, { p_title: 'Treasurer', p_places: 1 }));
    const closing = await saveRole(owner, roleParams(mission.mission_id, { p_title: 'Scribe' }));
    const joiner = await signUpLeader(server(), { firstName: 'Thabo', lastName: 'Joiner' });
    await server().db.query(`insert into mission_members (mission_id, user_id, role_in_team, role_id) values ($1, $2, 'Treasurer', $3)`, [
      mission.mission_id,
      joiner.user.id,
      filled.role_id,
    ]);
    expect((await owner.client.rpc('close_mission_role', { p_role_id: closing.role_id })).error).toBeNull();

    const { data, error } = await owner.client.rpc('get_team_roles', { p_mission_id: mission.mission_id });
    expect(error).toBeNull();
    expect(data!.map((role) => [role.title, role.filled, role.closed_at === null])).toEqual([
      ['Treasurer', 1, true],
      ['Scribe', 0, false],
    ]);
    expect(data![0]!.filled_by).toEqual([{ user_id: joiner.user.id, first_name: 'Thabo', last_name: 'Joiner' }]);
    // Everyone else still reads open roles only.
    expect((await joiner.client.rpc('get_mission_roles', { p_mission_id: mission.mission_id })).data).toEqual([]);
    const refused = await joiner.client.rpc('get_team_roles', { p_mission_id: mission.mission_id });
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe(ROLE_MESSAGES.notOwner);

    const notTheirs = await joiner.client.rpc('reopen_mission_role', { p_role_id: closing.role_id });
    expect(notTheirs.status).toBe(403);
    const reopened = await owner.client.rpc('reopen_mission_role', { p_role_id: closing.role_id });
    expect(reopened.error).toBeNull();
    expect(reopened.data![0]).toMatchObject({ role_id: closing.role_id, title: 'Scribe' });
    expect((await joiner.client.rpc('get_mission_roles', { p_mission_id: mission.mission_id })).data?.map((role) => role.title)).toEqual(['Scribe']);
    const again = await owner.client.rpc('reopen_mission_role', { p_role_id: closing.role_id });
    expect(again.error?.message).toBe(ROLE_MESSAGES.roleNotClosed);
  });
});
