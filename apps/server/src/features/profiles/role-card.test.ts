import { expect, it } from 'vitest';
import { createMission, signUpLeader } from '../../../test/factories.ts';
import { describeEachDatabase, signUpUser, type TestServer, type TestUser } from '../../../test/harness.ts';

/* Role cards over HTTP: who may read one, and whose contact details they show (the mobile stays inside the team). */

async function join(server: TestServer, missionId: string, user: TestUser): Promise<void> {
  await server.db.query(`insert into mission_members (mission_id, user_id, role_in_team) values ($1, $2, 'member')`, [missionId, user.user.id]);
}

async function staysAnonymous(server: TestServer, user: TestUser): Promise<void> {
  await server.db.query(`update users set user_metadata = '{"is_anonymous": true, "anonymity_choice_made": true}'::jsonb where id = $1`, [user.user.id]);
}

async function card(viewer: TestUser, of: TestUser) {
  const { data, error } = await viewer.client.rpc('get_role_card', { p_user_id: of.user.id });
  expect(error).toBeNull();
  return data;
}

describeEachDatabase('profiles: role cards', (server) => {
  it('everyone signed in reads an open card with the e-mail but no mobile; teammates and the person see both', async () => {
    const { owner, mission } = await createMission(server());
    const mate = await signUpLeader(server());
    await join(server(), mission.mission_id, mate);
    const stranger = await signUpLeader(server());

    const seen = await card(stranger, owner);
    expect(seen).toMatchObject({ user_id: owner.user.id, role_title: 'Lead', intention: 'i', email: owner.email.toLowerCase(), mobile: null, teammate: false });
    expect(seen?.missions).toEqual([{ mission_id: mission.mission_id, name: mission.name, role_in_team: 'owner' }]);

    const byMate = await card(mate, owner);
    expect(byMate).toMatchObject({ email: owner.email.toLowerCase(), teammate: true });
    expect(byMate?.mobile).toBeTruthy();
    expect((await card(owner, owner))?.teammate).toBe(true);

    const noProfile = await signUpUser(server());
    expect(await card(stranger, noProfile)).toBeNull();
  });

  it('"only my teammates" hides the card from everyone else', async () => {
    const { owner, mission } = await createMission(server());
    const mate = await signUpLeader(server());
    await join(server(), mission.mission_id, mate);
    const stranger = await signUpLeader(server());
    const saved = await owner.client.rpc('save_role_card_settings', { p_visibility: 'team' });
    expect(saved.data).toEqual({ visibility: 'team', must_choose: false });
    expect(await card(stranger, owner)).toBeNull();
    expect(await card(mate, owner)).not.toBeNull();
    await owner.client.rpc('save_role_card_settings', { p_visibility: 'everyone' });
    expect(await card(stranger, owner)).not.toBeNull();
  });

  it('someone anonymous for the surveys is shown to teammates only until they choose, and is asked once', async () => {
    const anonymous = await signUpLeader(server());
    await staysAnonymous(server(), anonymous);
    const stranger = await signUpLeader(server());
    expect((await anonymous.client.rpc('get_role_card_settings', {})).data).toEqual({ visibility: 'everyone', must_choose: true });
    expect(await card(stranger, anonymous)).toBeNull();
    const chosen = await anonymous.client.rpc('save_role_card_settings', { p_visibility: 'everyone' });
    expect(chosen.data).toEqual({ visibility: 'everyone', must_choose: false });
    expect(await card(stranger, anonymous)).not.toBeNull();
  });

  it('lists only the missions the viewer may see', async () => {
    const { owner, mission } = await createMission(server());
    await server().db.query(`update missions set hidden_at = now(), hidden_reason = 'test' where mission_id = $1`, [mission.mission_id]);
    const stranger = await signUpLeader(server());
    expect((await card(stranger, owner))?.missions).toEqual([]);
    expect((await card(owner, owner))?.missions).toHaveLength(1);
  });
});
