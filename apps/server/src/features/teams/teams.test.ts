import { expect, it } from 'vitest';
import type { UserSearchResult } from '@mc/contract';
import { saveSettings } from '../../../test/notifications.ts';
import { makeLeader } from '../../../test/factories.ts';
import { describeEachDatabase, newClient, signUpUser, type TestServer, type TestUser } from '../../../test/harness.ts';

/*
 * The team procedures through supabase-js, as the web app calls them. Missions, members and role
 * profiles are set up with SQL: the procedures that make them belong to other features.
 */

interface Person {
  name: Partial<{ firstName: string; lastName: string; email: string }>;
  withProfile?: boolean;
}

async function person(server: TestServer, { name, withProfile = true }: Person): Promise<TestUser> {
  const user = await signUpUser(server, name);
  if (withProfile) await makeLeader(server, user, 'Navigator');
  return user;
}

/** A mission created by `owner`, who joins its team as its owner and co-owner. */
async function mission(server: TestServer, owner: TestUser): Promise<string> {
  const [row] = await server.db.query<{ mission_id: string }>(
    `insert into missions (name, shared_intention, objective_or_focus, statement, core_message, problem_being_solved, first_team_action, created_by)
     values ('Orbit', 'share', 'Not sure yet', 'statement', 'core', 'problem', 'first', $1)
     returning mission_id`,
    [owner.user.id],
  );
  if (!row) throw new Error('mission insert failed');
  await server.db.query(`insert into mission_members (mission_id, user_id, role_in_team, is_co_owner) values ($1, $2, 'owner', true)`, [
    row.mission_id,
    owner.user.id,
  ]);
  return row.mission_id;
}

async function addBySql(server: TestServer, missionId: string, user: TestUser, coOwner = false): Promise<void> {
  await server.db.query(`insert into mission_members (mission_id, user_id, role_in_team, is_co_owner) values ($1, $2, 'member', $3)`, [
    missionId,
    user.user.id,
    coOwner,
  ]);
}

async function memberIds(server: TestServer, missionId: string): Promise<string[]> {
  const rows = await server.db.query<{ user_id: string }>('select user_id from mission_members where mission_id = $1 order by user_id', [missionId]);
  return rows.map((row) => row.user_id);
}

async function search(caller: TestUser, term: string, exclude: string | null = null): Promise<UserSearchResult[]> {
  const { data, error } = await caller.client.rpc('search_users_with_profiles', { p_search_term: term, p_exclude_mission_id: exclude });
  expect(error).toBeNull();
  return data!;
}

const idsOf = (rows: readonly { id: string }[]) => rows.map((row) => row.id).sort();
const sorted = (...users: TestUser[]) => users.map((user) => user.user.id).sort();
const MISSING = '00000000-0000-4000-8000-000000000000';

describeEachDatabase('teams: search_users_with_profiles', (server) => {
  it('matches first name, last name or e-mail case-insensitively, only people with a profile, never the caller', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const caller = await person(server(), { name: { firstName: `Caller${tag}` } });
    const byFirst = await person(server(), { name: { firstName: `Mae${tag}Jemison`, lastName: 'Astronaut' } });
    const byLast = await person(server(), { name: { firstName: 'Sally', lastName: `RIDE${tag.toUpperCase()}` } });
    const byEmail = await person(server(), { name: { email: `valentina.${tag}@example.org` } });
    const noProfile = await person(server(), { name: { firstName: `Yuri${tag}` }, withProfile: false });

    const found = await search(caller, tag.toUpperCase());
    expect(idsOf(found)).toEqual(sorted(byFirst, byLast, byEmail));
    expect(idsOf(found)).not.toContain(noProfile.user.id);
    expect(idsOf(found)).not.toContain(caller.user.id);

    // Only the fields of a user search result (docs/product.md#search_users_with_profiles), nothing else about a person.
    for (const row of found) expect(Object.keys(row).sort()).toEqual(['accepts_additions', 'email', 'first_name', 'id', 'last_name']);
    const mae = found.find((row) => row.id === byFirst.user.id);
    expect(mae).toEqual({
      id: byFirst.user.id,
      email: byFirst.email.toLowerCase(),
      first_name: `Mae${tag}Jemison`,
      last_name: 'Astronaut',
      accepts_additions: true,
    });

    // Someone who refuses being added says so in the result, so the dialog need not offer a button that would fail.
    await saveSettings(byLast, { allow_team_additions: false });
    const again = await search(caller, tag);
    expect(again.find((row) => row.id === byLast.user.id)?.accepts_additions).toBe(false);
    expect(again.find((row) => row.id === byFirst.user.id)?.accepts_additions).toBe(true);

    expect(idsOf(await search(caller, `mae${tag}jemison astro`))).toEqual(sorted(byFirst));
  });

  it('answers nothing for an empty or blank term', async () => {
    const caller = await person(server(), { name: {} });
    await person(server(), { name: { firstName: 'Anyone' } });
    expect(await search(caller, '')).toEqual([]);
    expect(await search(caller, '   ')).toEqual([]);
  });

  it('treats % and _ in the term literally', async () => {
    const tag = `wc${Date.now().toString(36)}`;
    const caller = await person(server(), { name: {} });
    const percent = await person(server(), { name: { firstName: `${tag}100%done` } });
    const underscore = await person(server(), { name: { firstName: `${tag}a_b` } });
    const plain = await person(server(), { name: { firstName: `${tag}axb` } });
    const backslash = await person(server(), { name: { firstName: `${tag}c\\d` } });

    expect(idsOf(await search(caller, '%'))).toEqual(sorted(percent));
    expect(idsOf(await search(caller, `${tag}a_b`))).toEqual(sorted(underscore));
    expect(idsOf(await search(caller, `${tag}100%d`))).toEqual(sorted(percent));
    // Unescaped, "tag%" would match all four.
    expect(await search(caller, `${tag}%`)).toEqual([]);
    expect(idsOf(await search(caller, `${tag}c\\d`))).toEqual(sorted(backslash));
    expect(idsOf(await search(caller, tag))).toEqual(sorted(percent, underscore, plain, backslash));
  });

  it('leaves out the members of p_exclude_mission_id, and caps the page at 20', async () => {
    const tag = `ex${Date.now().toString(36)}`;
    const owner = await person(server(), { name: { firstName: `${tag}Owner` } });
    const missionId = await mission(server(), owner);
    const member = await person(server(), { name: { firstName: `${tag}Member` } });
    const outsider = await person(server(), { name: { firstName: `${tag}Outsider` } });
    await addBySql(server(), missionId, member);
    const caller = await person(server(), { name: {} });

    expect(idsOf(await search(caller, tag, missionId))).toEqual(sorted(outsider));
    expect(idsOf(await search(caller, tag))).toEqual(sorted(owner, member, outsider));

    const many = `cap${Date.now().toString(36)}`;
    for (let index = 0; index < 22; index += 1) await person(server(), { name: { lastName: `${many}${String(index).padStart(2, '0')}` } });
    const page = await search(caller, many);
    expect(page).toHaveLength(20);
    expect(page.map((row) => row.last_name)).toEqual([...page.map((row) => row.last_name)].sort());
  });

  it('refuses callers without a session and bad parameters', async () => {
    const anonymous = newClient(server().url);
    const { error } = await anonymous.rpc('search_users_with_profiles', { p_search_term: 'a' });
    expect(error).not.toBeNull();
    const caller = await person(server(), { name: {} });
    const bad = await caller.client.rpc('search_users_with_profiles', { p_search_term: 'a', p_exclude_mission_id: 'not-a-uuid' });
    expect(bad.error?.message).toContain('p_exclude_mission_id');
  });
});

describeEachDatabase('teams: add_mission_member and get_mission_members', (server) => {
  it('lets an owner add a member, who joins as an ordinary member, listed after the owners', async () => {
    const owner = await person(server(), { name: { firstName: 'Olga', lastName: 'Owner' } });
    const missionId = await mission(server(), owner);
    const newcomer = await person(server(), { name: { firstName: 'Nia', lastName: 'New' } });

    const { data, error } = await owner.client.rpc('add_mission_member', { p_mission_id: missionId, p_user_id: newcomer.user.id });
    expect(error).toBeNull();
    const rows = data!;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      user_id: newcomer.user.id,
      email: newcomer.email.toLowerCase(),
      first_name: 'Nia',
      last_name: 'New',
      is_co_owner: false,
      role_in_team: 'member',
    });
    expect(Number.isNaN(Date.parse(rows[0]?.added_at ?? ''))).toBe(false);

    // Any signed-in user may read a team: the mission details page shows it.
    const stranger = await person(server(), { name: {} });
    const members = await stranger.client.rpc('get_mission_members', { p_mission_id: missionId });
    expect(members.error).toBeNull();
    const list = members.data!;
    expect(list.map((row) => [row.user_id, row.role_in_team, row.is_co_owner])).toEqual([
      [owner.user.id, 'owner', true],
      [newcomer.user.id, 'member', false],
    ]);
    for (const row of list) {
      expect(Object.keys(row).sort()).toEqual(['added_at', 'email', 'first_name', 'is_co_owner', 'last_name', 'role_in_team', 'user_id']);
    }
  });

  it('lists co-owners before members, each group in the order they joined', async () => {
    const owner = await person(server(), { name: {} });
    const missionId = await mission(server(), owner);
    const first = await person(server(), { name: {} });
    const coOwner = await person(server(), { name: {} });
    await addBySql(server(), missionId, first);
    await server().db.query(`update mission_members set added_at = now() - interval '1 day' where user_id = $1`, [first.user.id]);
    await addBySql(server(), missionId, coOwner, true);
    const { data } = await owner.client.rpc('get_mission_members', { p_mission_id: missionId });
    expect(data!.map((row) => row.user_id)).toEqual([owner.user.id, coOwner.user.id, first.user.id]);

    const none = await owner.client.rpc('get_mission_members', { p_mission_id: MISSING });
    expect(none.data).toEqual([]);
  });

  it('refuses a second add with "User is already a member", unknown missions and unknown users', async () => {
    const owner = await person(server(), { name: {} });
    const missionId = await mission(server(), owner);
    const member = await person(server(), { name: {} });
    expect((await owner.client.rpc('add_mission_member', { p_mission_id: missionId, p_user_id: member.user.id })).error).toBeNull();

    const again = await owner.client.rpc('add_mission_member', { p_mission_id: missionId, p_user_id: member.user.id });
    expect(again.error).toMatchObject({ code: 'P0001', message: 'User is already a member' });
    const self = await owner.client.rpc('add_mission_member', { p_mission_id: missionId, p_user_id: owner.user.id });
    expect(self.error).toMatchObject({ code: 'P0001', message: 'User is already a member' });

    const noMission = await owner.client.rpc('add_mission_member', { p_mission_id: MISSING, p_user_id: member.user.id });
    expect(noMission.error).toMatchObject({ code: 'P0001', message: 'Mission not found' });
    const noUser = await owner.client.rpc('add_mission_member', { p_mission_id: missionId, p_user_id: MISSING });
    expect(noUser.error).toMatchObject({ code: 'P0001', message: 'User not found' });
    expect(await memberIds(server(), missionId)).toEqual(sorted(owner, member));
  });

  it("refuses anyone but the mission's owners, members included, and lets a co-owner add", async () => {
    const owner = await person(server(), { name: {} });
    const missionId = await mission(server(), owner);
    const member = await person(server(), { name: {} });
    const coOwner = await person(server(), { name: {} });
    await addBySql(server(), missionId, member);
    await addBySql(server(), missionId, coOwner, true);
    const outsider = await person(server(), { name: {} });
    const target = await person(server(), { name: {} });

    for (const caller of [outsider, member]) {
      const { error, status } = await caller.client.rpc('add_mission_member', { p_mission_id: missionId, p_user_id: target.user.id });
      expect(status).toBe(403);
      expect(error).toMatchObject({ code: '42501', message: "Only the mission's owners can manage its team" });
    }
    const selfAdd = await outsider.client.rpc('add_mission_member', { p_mission_id: missionId, p_user_id: outsider.user.id });
    expect(selfAdd.status).toBe(403);
    expect(await memberIds(server(), missionId)).toEqual(sorted(owner, member, coOwner));

    const byCoOwner = await coOwner.client.rpc('add_mission_member', { p_mission_id: missionId, p_user_id: target.user.id });
    expect(byCoOwner.error).toBeNull();
    expect(await memberIds(server(), missionId)).toEqual(sorted(owner, member, coOwner, target));
  });
});

describeEachDatabase('teams: remove_mission_member', (server) => {
  const remove = (caller: TestUser, missionId: string, target: TestUser | string) =>
    caller.client.rpc('remove_mission_member', {
      p_mission_id: missionId,
      p_user_id: typeof target === 'string' ? target : target.user.id,
      p_removed_by: caller.user.id,
    });

  it('lets an owner remove a member (member_deleted), then answers no_member_found', async () => {
    const owner = await person(server(), { name: {} });
    const missionId = await mission(server(), owner);
    const member = await person(server(), { name: {} });
    await addBySql(server(), missionId, member);

    const first = await remove(owner, missionId, member);
    expect(first.error).toBeNull();
    expect(first.data).toBe('member_deleted');
    expect(await memberIds(server(), missionId)).toEqual(sorted(owner));

    expect((await remove(owner, missionId, member)).data).toBe('no_member_found');
    expect((await remove(owner, MISSING, member)).data).toBe('no_member_found');
  });

  it('requires p_removed_by to be the caller', async () => {
    const owner = await person(server(), { name: {} });
    const missionId = await mission(server(), owner);
    const member = await person(server(), { name: {} });
    await addBySql(server(), missionId, member);
    const { error, status } = await member.client.rpc('remove_mission_member', {
      p_mission_id: missionId,
      p_user_id: member.user.id,
      p_removed_by: owner.user.id,
    });
    expect(status).toBe(403);
    expect(error?.code).toBe('42501');
    expect(error?.message).toContain('p_removed_by');
    expect(await memberIds(server(), missionId)).toEqual(sorted(owner, member));
  });

  it('refuses members and outsiders removing others, but lets a member leave', async () => {
    const owner = await person(server(), { name: {} });
    const missionId = await mission(server(), owner);
    const member = await person(server(), { name: {} });
    const other = await person(server(), { name: {} });
    await addBySql(server(), missionId, member);
    await addBySql(server(), missionId, other);
    const outsider = await person(server(), { name: {} });

    for (const [caller, target] of [
      [member, other],
      [member, owner],
      [outsider, member],
    ] as const) {
      const { error, status } = await remove(caller, missionId, target);
      expect(status).toBe(403);
      expect(error).toMatchObject({ code: '42501', message: "Only the mission's owners can manage its team" });
    }
    expect(await memberIds(server(), missionId)).toEqual(sorted(owner, member, other));

    expect((await remove(member, missionId, member)).data).toBe('member_deleted');
    expect((await remove(outsider, missionId, outsider)).data).toBe('no_member_found');
    expect(await memberIds(server(), missionId)).toEqual(sorted(owner, other));
  });

  it('never removes the last owner, the creator included, but lets owners go while another remains', async () => {
    const owner = await person(server(), { name: {} });
    const missionId = await mission(server(), owner);
    const member = await person(server(), { name: {} });
    await addBySql(server(), missionId, member);

    expect((await remove(owner, missionId, owner)).data).toBe('cannot_remove_last_owner');
    expect(await memberIds(server(), missionId)).toEqual(sorted(owner, member));

    // A second owner: no procedure promotes anyone, so SQL does.
    const coOwner = await person(server(), { name: {} });
    await addBySql(server(), missionId, coOwner, true);
    expect((await remove(owner, missionId, coOwner)).data).toBe('member_deleted');
    await addBySql(server(), missionId, coOwner, true);
    // The creator may be removed by another owner once they are not the last one…
    expect((await remove(coOwner, missionId, owner)).data).toBe('member_deleted');
    // …and then the co-owner is the last owner.
    expect((await remove(coOwner, missionId, coOwner)).data).toBe('cannot_remove_last_owner');
    expect(await memberIds(server(), missionId)).toEqual(sorted(member, coOwner));
  });

  it('keeps one owner when two owners remove each other at the same moment', async () => {
    for (let round = 0; round < 5; round += 1) {
      const owner = await person(server(), { name: {} });
      const missionId = await mission(server(), owner);
      const coOwner = await person(server(), { name: {} });
      await addBySql(server(), missionId, coOwner, true);

      const results = await Promise.all([remove(owner, missionId, coOwner), remove(coOwner, missionId, owner)]);
      const deleted = results.filter((result) => result.data === 'member_deleted');
      expect(deleted).toHaveLength(1);
      // The loser is no longer on the team when its turn comes, so it may no longer remove anyone.
      const loser = results.find((result) => result.data !== 'member_deleted');
      expect(loser?.status).toBe(403);
      const [count] = await server().db.query<{ owners: number }>('select count(*)::int as owners from mission_members where mission_id = $1 and is_co_owner', [
        missionId,
      ]);
      expect(count?.owners).toBe(1);
    }
  });

  it('keeps one owner when two owners leave at the same moment', async () => {
    for (let round = 0; round < 5; round += 1) {
      const owner = await person(server(), { name: {} });
      const missionId = await mission(server(), owner);
      const coOwner = await person(server(), { name: {} });
      await addBySql(server(), missionId, coOwner, true);

      const results = await Promise.all([remove(owner, missionId, owner), remove(coOwner, missionId, coOwner)]);
      expect(results.map((result) => result.data).sort()).toEqual(['cannot_remove_last_owner', 'member_deleted']);
      expect(await memberIds(server(), missionId)).toHaveLength(1);
    }
  });
});
