import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { exportPath } from '@mc/contract';
import { describeEachDatabase, uniqueEmail, type TestServer, type TestUser } from '../../../test/harness.ts';
import { createMission, signUpLeader } from '../../../test/factories.ts';
import { signUpOrganiser } from '../../../test/organisers.ts';
import { texts } from '../../../test/notifications.ts';

/*
 * What an anonymous attendee shows to other attendees (docs/product.md#anonymity): the same
 * "Anonymous attendee", without an e-mail, in search, team lists, mission creator lines (the list
 * that /live and All Missions read, and the details), notifications; the organisers' CSV agrees.
 */

const SHOWN = { first_name: 'Anonymous', last_name: 'attendee', email: '' };

async function chooseAnonymity(user: TestUser, anonymous: boolean): Promise<void> {
  const { error } = await user.client.auth.updateUser({
    data: { is_anonymous: anonymous, anonymity_choice_made: true, anonymous_guid: anonymous ? randomUUID() : null },
  });
  expect(error).toBeNull();
}

async function csvRows(server: TestServer, organiser: TestUser, name: 'attendees' | 'missions'): Promise<string[][]> {
  const response = await fetch(server.url + exportPath(name), { headers: { authorization: `Bearer ${organiser.session.access_token}` } });
  expect(response.status).toBe(200);
  return parse((await response.text()).replace(/^\uFEFF/, ''), { record_delimiter: '\r\n' });
}

describeEachDatabase('anonymity: one way of showing a person everywhere', (server) => {
  it('shows an anonymous attendee the same way in search, team lists, creator lines, notifications and exports', async () => {
    const email = uniqueEmail('zelda');
    const { owner: anonymous, mission } = await createMission(server(), { p_name: 'Quiet Mission' }, { email, firstName: 'Zelda', lastName: 'Quasimodo' });
    await chooseAnonymity(anonymous, true);
    const other = await signUpLeader(server(), { firstName: 'Olive', lastName: 'Observer' });

    // Search: not by name, not by part of the e-mail; by the whole address, as "Anonymous attendee".
    for (const term of ['Zelda', 'Quasimodo', 'zelda.', email.slice(0, -4), 'Anonymous']) {
      const { data, error } = await other.client.rpc('search_users_with_profiles', { p_search_term: term });
      expect(error).toBeNull();
      expect(data?.some((row) => row.id === anonymous.user.id)).toBe(false);
    }
    const exact = await other.client.rpc('search_users_with_profiles', { p_search_term: email.toUpperCase() });
    expect(exact.data).toEqual([{ id: anonymous.user.id, ...SHOWN, accepts_additions: true }]);
    // "What others see of me" on the account page answers exactly that row.
    const preview = await anonymous.client.rpc('get_how_others_see_me', {});
    expect(preview.data).toMatchObject({ id: anonymous.user.id, ...SHOWN, found_by: 'whole_email', search_result: exact.data?.[0] });

    // Team list and the mission's details.
    const team = await other.client.rpc('get_mission_members', { p_mission_id: mission.mission_id });
    expect(team.data?.[0]).toMatchObject({ user_id: anonymous.user.id, ...SHOWN });
    const details = await other.client.rpc('get_mission_details', { p_mission_id: mission.mission_id });
    expect(JSON.stringify(details.data)).not.toMatch(/Zelda|Quasimodo|zelda\./);

    // Creator line of the list (All Missions, the dashboard and /live read it).
    const list = await other.client.rpc('get_all_missions', {});
    const listed = list.data?.find((row) => row.mission_id === mission.mission_id);
    expect(listed?.created_by_name).toBe('Anonymous attendee');

    // Notifications: the anonymous owner adds someone to the team.
    const added = await anonymous.client.rpc('add_mission_member', { p_mission_id: mission.mission_id, p_user_id: other.user.id });
    expect(added.error).toBeNull();
    const told = await texts(other);
    expect(told.some((text) => text.includes('Anonymous attendee'))).toBe(true);
    expect(told.join(' ')).not.toMatch(/Zelda|Quasimodo/);
    const addedRow = added.data?.[0];
    expect(addedRow).toMatchObject({ user_id: other.user.id, first_name: 'Olive', email: other.email });

    // The organisers' CSV: no name or e-mail either.
    const organiser = await signUpOrganiser(server());
    const attendees = await csvRows(server(), organiser, 'attendees');
    const missions = await csvRows(server(), organiser, 'missions');
    const everything = JSON.stringify([attendees, missions]);
    expect(everything).not.toMatch(/Zelda|Quasimodo/);
    expect(everything).not.toContain(email);
    expect(everything).toContain('Olive');
  });

  it('shows the name again at once, list cache included, when the person chooses to share', async () => {
    const { owner, mission } = await createMission(server(), { p_name: 'Changing Mission' }, { firstName: 'Yusuf', lastName: 'Yellowwood' });
    await chooseAnonymity(owner, true);
    const viewer = await signUpLeader(server());
    const creatorName = async () =>
      (await viewer.client.rpc('get_all_missions', {})).data?.find((row) => row.mission_id === mission.mission_id)?.created_by_name;
    expect(await creatorName()).toBe('Anonymous attendee');
    await chooseAnonymity(owner, false);
    expect(await creatorName()).toBe('Yusuf Yellowwood');
    const preview = await owner.client.rpc('get_how_others_see_me', {});
    expect(preview.data).toMatchObject({ id: owner.user.id, first_name: 'Yusuf', last_name: 'Yellowwood', email: owner.email, found_by: 'name_or_email' });
    const team = await viewer.client.rpc('get_mission_members', { p_mission_id: mission.mission_id });
    expect(team.data?.[0]).toMatchObject({ first_name: 'Yusuf', email: owner.email });
    await chooseAnonymity(owner, true);
    expect(await creatorName()).toBe('Anonymous attendee');
  });

  it('tells the person how each audience names them, as those audiences are answered', async () => {
    const mobile = '+27825550123';
    const { owner: person, mission } = await createMission(server(), { p_name: 'Audience Mission' }, { firstName: 'Xolani', lastName: 'Xuma', mobile });
    await person.client.rpc('save_role_card_settings', { p_visibility: 'everyone' });
    const teammate = await signUpLeader(server());
    expect((await person.client.rpc('add_mission_member', { p_mission_id: mission.mission_id, p_user_id: teammate.user.id })).error).toBeNull();
    const organiser = await signUpOrganiser(server());

    for (const anonymous of [false, true]) {
      await chooseAnonymity(person, anonymous);
      const audiences = (await person.client.rpc('get_how_others_see_me', {})).data?.audiences;
      const seenBy = (audience: string) => audiences?.find((row) => row.audience === audience);
      // Other attendees and teammates: what the team list and the role card answer them.
      const row = (await teammate.client.rpc('get_mission_members', { p_mission_id: mission.mission_id })).data?.find(
        (member) => member.user_id === person.user.id,
      );
      const card = (await teammate.client.rpc('get_role_card', { p_user_id: person.user.id })).data;
      const named = anonymous ? SHOWN : { first_name: 'Xolani', last_name: 'Xuma', email: person.email };
      expect(row).toMatchObject(named);
      expect(card).toMatchObject({ first_name: named.first_name, last_name: named.last_name, mobile: anonymous ? null : mobile });
      expect(seenBy('attendees')).toEqual({ audience: 'attendees', ...named, mobile: '' });
      expect(seenBy('teammates')).toEqual({ audience: 'teammates', ...named, mobile: card?.mobile ?? '' });
      // The organisers' console: who they are, as its People section answers.
      const [found] = (await organiser.client.rpc('find_attendees', { p_search_term: person.email })).data ?? [];
      expect(found).toMatchObject({ first_name: 'Xolani', last_name: 'Xuma', email: person.email });
      expect(seenBy('organisers')).toEqual({
        audience: 'organisers',
        first_name: 'Xolani',
        last_name: 'Xuma',
        email: person.email,
        mobile: anonymous ? '' : mobile,
      });
    }
  });
});
