import { expect, it } from 'vitest';
import { fitReason, MATCHING_MESSAGES } from '@mc/contract';
import { saveSettings } from '../../../test/notifications.ts';
import { describeEachDatabase, signUpUser, untyped } from '../../../test/harness.ts';
import { addMember, attendee, hideMission, missionWithRole, writeProfile } from '../../../test/matching-fixtures.ts';

/* Missions that need an attendee, and people who fit a mission's open role, over HTTP. */

describeEachDatabase('matching: missions that need you', (server) => {
  it('ranks the open roles that fit, says why, and leaves out hidden, full, closed, own and refusing missions', async () => {
    const amal = await attendee(server(), 'Amal', {
      skills: 'Facilitation, Arabic translation',
      knowledge: 'Ten years of community work',
      archetype: 'Connector',
      objective: 'Family & Care',
    });
    const best = await missionWithRole(server(), 'Wells', { p_skills: ['facilitation', 'arabic'], p_archetype: 'Connector' });
    const second = await missionWithRole(server(), 'Gardens', { p_skills: ['facilitation', 'accounting'] }, 'Family & Care');
    // A shared objective or archetype with no skill in common is no fit.
    await missionWithRole(server(), 'Homes', { p_skills: ['plumbing'] }, 'Family & Care');
    await missionWithRole(server(), 'Stories', { p_skills: ['plumbing'], p_archetype: 'Connector' }, 'Family & Care');
    await missionWithRole(server(), 'Ledgers', { p_skills: ['accounting'] });
    const hidden = await missionWithRole(server(), 'Hidden', { p_skills: ['facilitation', 'arabic'] });
    await hideMission(server(), hidden.missionId);
    const full = await missionWithRole(server(), 'Full', { p_skills: ['facilitation'] });
    await addMember(server(), full.missionId, await signUpUser(server()), full.roleId);
    const closed = await missionWithRole(server(), 'Closed', { p_skills: ['facilitation'] });
    await closed.owner.client.rpc('close_mission_role', { p_role_id: closed.roleId });
    const own = await missionWithRole(server(), 'Own', { p_skills: ['facilitation'] });
    await addMember(server(), own.missionId, amal);
    const refusing = await missionWithRole(server(), 'Refusing', { p_skills: ['facilitation'] });
    const asked = await amal.client.rpc('ask_to_join', { p_role_id: refusing.roleId, p_message: '' });
    await refusing.owner.client.rpc('answer_team_request', { p_request_id: asked.data![0]!.request_id, p_accept: false });
    // Pending: asked and not answered yet, still listed and marked.
    await amal.client.rpc('ask_to_join', { p_role_id: second.roleId, p_message: '' });

    const { data, error } = await amal.client.rpc('get_missions_for_me', { p_limit: 10 });
    expect(error).toBeNull();
    expect(data!.has_profile).toBe(true);
    expect(data!.missions.map((fit) => [fit.mission_name, fit.score, fit.pending])).toEqual([
      ['Wells', 8, false],
      ['Gardens', 4, true],
    ]);
    const [top] = data!.missions;
    expect(top).toMatchObject({ role_id: best.roleId, matched_skills: ['facilitation', 'arabic'], archetype: 'Connector', objective: null });
    expect(fitReason(top!, 'you')).toBe('wants: facilitation, arabic; you wrote: facilitation, arabic; wants a Connector, as you are');
    expect(data!.missions[1]).toMatchObject({ role_id: second.roleId, matched_skills: ['facilitation'], objective: 'Family & Care' });
    expect(fitReason(data!.missions[1]!, 'you')).toBe('wants: facilitation, accounting; you wrote: facilitation; shares your objective: Family & Care');

    expect((await amal.client.rpc('get_missions_for_me', { p_limit: 1 })).data!.missions).toHaveLength(1);
  });

  it('matches words in any language and case, and follows profile edits', async () => {
    const layla = await attendee(server(), 'Layla', { skills: 'تيسير الحوارات، ΔΙΆΛΟΓΟΣ, Facilitación' });
    const arabic = await missionWithRole(server(), 'Arabic', { p_skills: ['تيسير'] });
    const greek = await missionWithRole(server(), 'Greek', { p_skills: ['διάλογος'] });
    const spanish = await missionWithRole(server(), 'Spanish', { p_skills: ['facilitacion'] });
    const mine = async () => (await layla.client.rpc('get_missions_for_me', {})).data!.missions.map((fit) => fit.role_id).sort();
    expect(await mine()).toEqual([arabic.roleId, greek.roleId, spanish.roleId].sort());

    const { data: profile } = await layla.client.rpc('get_user_role_profile', { p_user_id: layla.user.id });
    const current = profile![0]!;
    const updated = await layla.client.rpc('update_role_profile', {
      p_user_id: layla.user.id,
      p_intention: current.intention,
      p_skills_and_resources: 'Only Greek: διάλογος',
      p_knowledge_and_experience: current.knowledge_and_experience,
      p_community_need: current.community_need,
      p_contribution: current.contribution,
      p_first_action_next_7_days: current.first_action_next_7_days,
      p_role_title: current.role_title,
      p_high_objective: 'Not sure yet',
      p_role_archype: 'Teacher',
    });
    expect(updated.error).toBeNull();
    expect(await mine()).toEqual([greek.roleId]);
  });

  it('answers without missions for someone with no role profile', async () => {
    const newcomer = await signUpUser(server());
    expect((await newcomer.client.rpc('get_missions_for_me', {})).data).toEqual({ has_profile: false, missions: [] });
  });

  it('refuses a bad limit, naming it', async () => {
    const person = await signUpUser(server());
    for (const limit of [0, 51, 1.5, '5\u0000']) {
      const refused = await untyped(person.client).rpc('get_missions_for_me', { p_limit: limit });
      expect(refused.status).toBe(400);
      expect(refused.error?.message).toContain('p_limit');
    }
  });
});

describeEachDatabase('matching: people who fit your mission', (server) => {
  it('lists the attendees who fit an open role for its owners only, and only those who may be shown and invited (never the deleted)', async () => {
    const { owner, missionId, roleId } = await missionWithRole(server(), 'Wells', { p_skills: ['facilitation', 'arabic'], p_places: 3 });
    const strong = await attendee(server(), 'Strong', { skills: 'facilitation; Arabic' });
    const teamed = await attendee(server(), 'Teamed', { skills: 'facilitation and arabic' });
    const other = await missionWithRole(server(), 'Elsewhere', { p_skills: ['cooking'] });
    await addMember(server(), other.missionId, teamed);
    await attendee(server(), 'Weak', { skills: 'facilitation' });
    await attendee(server(), 'Unrelated', { skills: 'cooking' });
    const refuses = await attendee(server(), 'Refuses', { skills: 'facilitation' });
    await saveSettings(refuses, { allow_team_additions: false });
    const privateCard = await attendee(server(), 'Private', { skills: 'facilitation' });
    await privateCard.client.rpc('save_role_card_settings', { p_visibility: 'team' });
    const anonymous = await attendee(server(), 'Anonymous', { skills: 'facilitation' });
    await server().db.query(`update users set user_metadata = '{"is_anonymous": true, "anonymity_choice_made": true}'::jsonb where id = $1`, [
      anonymous.user.id,
    ]);
    const member = await attendee(server(), 'Member', { skills: 'facilitation' });
    await addMember(server(), missionId, member);
    const declined = await attendee(server(), 'Declined', { skills: 'facilitation arabic' });
    const invitation = await owner.client.rpc('invite_to_role', { p_role_id: roleId, p_user_id: declined.user.id, p_message: '' });
    await declined.client.rpc('answer_team_request', { p_request_id: invitation.data![0]!.request_id, p_accept: false });

    const gone = await attendee(server(), 'Gone', { skills: 'facilitation arabic' });
    expect((await gone.client.rpc('delete_my_account', { p_email: gone.email })).error).toBeNull();

    const { data, error } = await owner.client.rpc('get_people_for_role', { p_role_id: roleId });
    expect(error).toBeNull();
    expect(data!.map((fit) => [fit.first_name, fit.score, fit.no_team])).toEqual([
      ['Strong', 6, true],
      ['Teamed', 6, false],
      ['Weak', 3, true],
    ]);
    expect(fitReason(data![2]!, 'they')).toBe('wants: facilitation, arabic; they wrote: facilitation');
    expect(JSON.stringify(data)).not.toContain('@');

    // Inviting from the list uses the invitation flow; the person is then marked as pending.
    const invited = await owner.client.rpc('invite_to_role', { p_role_id: roleId, p_user_id: strong.user.id, p_message: 'Join us' });
    expect(invited.error).toBeNull();
    const after = await owner.client.rpc('get_people_for_role', { p_role_id: roleId });
    expect(after.data!.find((fit) => fit.user_id === strong.user.id)?.pending).toBe(true);

    const stranger = await signUpUser(server());
    const refused = await stranger.client.rpc('get_people_for_role', { p_role_id: roleId });
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe(MATCHING_MESSAGES.notOwner);
  });

  it('refuses a closed role', async () => {
    const { owner, roleId } = await missionWithRole(server(), 'Closing');
    await owner.client.rpc('close_mission_role', { p_role_id: roleId });
    const refused = await owner.client.rpc('get_people_for_role', { p_role_id: roleId });
    expect(refused.error?.message).toBe(MATCHING_MESSAGES.roleClosed);
  });

  it('keeps words in step when a role’s skills change', async () => {
    const { owner, missionId, roleId } = await missionWithRole(server(), 'Changing', { p_skills: ['pottery'] });
    const potter = await attendee(server(), 'Potter', { skills: 'pottery' });
    const baker = await attendee(server(), 'Baker', { skills: 'baking bread' });
    const ids = async () => (await owner.client.rpc('get_people_for_role', { p_role_id: roleId })).data!.map((fit) => fit.user_id);
    expect(await ids()).toEqual([potter.user.id]);
    await owner.client.rpc('save_mission_role', {
      p_mission_id: missionId,
      p_role_id: roleId,
      p_title: 'Baker',
      p_description: '',
      p_skills: ['bread'],
      p_places: 1,
    });
    expect(await ids()).toEqual([baker.user.id]);
    await writeProfile(server(), potter, { skills: 'pottery and bread' });
    expect((await ids()).sort()).toEqual([baker.user.id, potter.user.id].sort());
  });
});
