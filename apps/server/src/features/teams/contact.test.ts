import { expect, it } from 'vitest';
import { createMission, signUpLeader } from '../../../test/factories.ts';
import { describeEachDatabase, signUpUser, type TestServer, type TestUser } from '../../../test/harness.ts';

/*
 * Whose e-mail a signed-in person sees (docs/product.md#role-card): one rule for team lists, mission
 * details, the people search and role cards. Teammates always; anyone else only when the person leaves their role card
 * open to "Everyone signed in". Answers keep their shape: a hidden e-mail is empty in a team list.
 */

async function join(server: TestServer, missionId: string, user: TestUser): Promise<void> {
  await server.db.query(`insert into mission_members (mission_id, user_id, role_in_team) values ($1, $2, 'member')`, [missionId, user.user.id]);
}

/** The e-mail of `of` in each place `viewer` can see it: the team list, the mission's details and the role card. */
async function emailsSeen(viewer: TestUser, missionId: string, of: TestUser) {
  const members = await viewer.client.rpc('get_mission_members', { p_mission_id: missionId });
  const details = await viewer.client.rpc('get_mission_details', { p_mission_id: missionId, p_user_id: viewer.user.id });
  const card = await viewer.client.rpc('get_role_card', { p_user_id: of.user.id });
  expect([members.error, details.error, card.error]).toEqual([null, null, null]);
  return {
    list: members.data?.find((row) => row.user_id === of.user.id)?.email,
    details: details.data?.members.find((row) => row.user_id === of.user.id)?.email,
    card: card.data?.email,
  };
}

describeEachDatabase('teams: contact details', (server) => {
  it('a member whose card is for teammates only: teammates see the e-mail, anyone else an empty one', async () => {
    const { owner, mission } = await createMission(server());
    const private_ = await signUpLeader(server());
    await join(server(), mission.mission_id, private_);
    expect((await private_.client.rpc('save_role_card_settings', { p_visibility: 'team' })).error).toBeNull();
    const stranger = await signUpLeader(server());
    const email = private_.email.toLowerCase();

    expect(await emailsSeen(owner, mission.mission_id, private_)).toEqual({ list: email, details: email, card: email });
    expect(await emailsSeen(private_, mission.mission_id, private_)).toEqual({ list: email, details: email, card: email });
    // The card itself is not shared with a stranger; the team lists still name the member, without the e-mail.
    expect(await emailsSeen(stranger, mission.mission_id, private_)).toEqual({ list: '', details: '', card: undefined });
  });

  it('a member whose card is open to everyone: everyone signed in sees the e-mail, the mobile stays inside the team', async () => {
    const { owner, mission } = await createMission(server());
    const stranger = await signUpLeader(server());
    const email = owner.email.toLowerCase();
    expect(await emailsSeen(stranger, mission.mission_id, owner)).toEqual({ list: email, details: email, card: email });
    const card = await stranger.client.rpc('get_role_card', { p_user_id: owner.user.id });
    expect(card.data).toMatchObject({ mobile: null, teammate: false });
  });

  it('a member without a role profile shows the e-mail to teammates only; a newly added member to the owner who added them', async () => {
    const { owner, mission } = await createMission(server());
    const noProfile = await signUpUser(server());
    const stranger = await signUpLeader(server());
    const added = await owner.client.rpc('add_mission_member', { p_mission_id: mission.mission_id, p_user_id: noProfile.user.id });
    expect(added.error).toBeNull();
    expect(added.data).toMatchObject([{ user_id: noProfile.user.id, email: noProfile.email.toLowerCase() }]);

    const seen = await emailsSeen(stranger, mission.mission_id, noProfile);
    expect([seen.list, seen.details]).toEqual(['', '']);
    const members = await stranger.client.rpc('get_mission_members', { p_mission_id: mission.mission_id });
    expect(JSON.stringify(members.data)).not.toContain(noProfile.email.toLowerCase());
    expect(Object.keys(members.data?.[1] ?? {}).sort()).toEqual(['added_at', 'email', 'first_name', 'is_co_owner', 'last_name', 'role_in_team', 'user_id']);
  });

  it('the people search follows the same rule: a closed card shows no e-mail to a stranger, and part of that e-mail finds nobody', async () => {
    const tag = `kc${Date.now().toString(36)}`;
    const { owner, mission } = await createMission(server());
    const private_ = await signUpLeader(server(), { firstName: `Kept${tag}`, lastName: 'Close', email: `kept.${tag}@example.org` });
    await join(server(), mission.mission_id, private_);
    expect((await private_.client.rpc('save_role_card_settings', { p_visibility: 'team' })).error).toBeNull();
    const open = await signUpLeader(server(), { firstName: `Open${tag}`, lastName: 'Card', email: `open.${tag}@example.org` });
    const stranger = await signUpLeader(server());
    const search = async (viewer: TestUser, term: string) => {
      const { data, error } = await viewer.client.rpc('search_users_with_profiles', { p_search_term: term });
      expect(error).toBeNull();
      return Object.fromEntries((data ?? []).map((row) => [row.id, row.email]));
    };

    // By name: the teammate sees the address, the stranger the same row with an empty one; an open card shows it to both.
    expect(await search(owner, tag)).toEqual({ [private_.user.id]: private_.email.toLowerCase(), [open.user.id]: open.email.toLowerCase() });
    expect(await search(stranger, tag)).toEqual({ [private_.user.id]: '', [open.user.id]: open.email.toLowerCase() });
    // Part of an address finds only people whose address the searcher may see; the whole address typed exactly finds anyone.
    expect(await search(stranger, `kept.${tag}@`)).toEqual({});
    expect(await search(owner, `kept.${tag}@`)).toEqual({ [private_.user.id]: private_.email.toLowerCase() });
    expect(await search(stranger, `open.${tag}@`)).toEqual({ [open.user.id]: open.email.toLowerCase() });
    expect(await search(stranger, private_.email)).toEqual({ [private_.user.id]: '' });
  });
});
