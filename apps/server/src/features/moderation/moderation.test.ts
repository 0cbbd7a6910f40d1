import { expect, it } from 'vitest';
import {
  DELETED_ACCOUNT_LABEL,
  MISSION_MESSAGES,
  MODERATION_AUDIT_KINDS,
  MODERATION_MESSAGES,
  ORPHANED_MISSION_NOTE,
  PRIVACY_MESSAGES,
  type AccountDeleted,
  type AttendeeActivity,
  type AttendeeSummary,
  type EventOverview,
  type Mission,
  type MissionDetails,
  type OrganiserMission,
} from '@mc/contract';
import { describeEachDatabase, signUpUser, untyped, type TestServer, type TestUser } from '../../../test/harness.ts';
import { auditCount, expectOrganiserOnly, signUpOrganiser } from '../../../test/organisers.ts';
import { UNKNOWN_ID, createMission, makeLeader } from '../../../test/moderation-fixtures.ts';

async function lastAudit(server: TestServer): Promise<{ actor_label: string; kind: string; subject: string; before: unknown; after: unknown }> {
  const [row] = await server.db.query<{ actor_label: string; kind: string; subject: string; before: unknown; after: unknown }>(
    'select actor_label, kind, subject, before, after from audit_log order by at desc, id desc limit 1',
  );
  if (!row) throw new Error('the audit log is empty');
  return row;
}

async function rpc<T>(user: TestUser, name: string, params: Record<string, unknown>): Promise<T> {
  const { data, error } = await untyped(user.client).rpc(name, params);
  expect(error).toBeNull();
  return data as T;
}

describeEachDatabase('organiser console: only organisers', (server) => {
  it('refuses every Overview, Missions and People procedure to the signed out and to attendees, writing nothing', async () => {
    const { mission } = await createMission(server());
    const someone = await signUpUser(server());
    const calls: [string, Record<string, unknown>][] = [
      ['get_event_overview', { p_time_zone: 'UTC' }],
      ['list_missions_for_organisers', {}],
      ['hide_mission', { p_mission_id: mission.mission_id, p_reason: 'Spam' }],
      ['unhide_mission', { p_mission_id: mission.mission_id }],
      ['find_attendees', { p_search_term: '' }],
      ['get_attendee_activity', { p_user_id: someone.user.id }],
      ['delete_attendee_account', { p_user_id: someone.user.id, p_mission_outcome: 'none', p_reason: 'Asked' }],
    ];
    for (const [name, params] of calls) await expectOrganiserOnly(server(), name, params);
    const [row] = await server().db.query<{ hidden: boolean; people: number }>(
      'select hidden_at is not null as hidden, (select count(*)::int from users where id = $2) as people from missions where mission_id = $1',
      [mission.mission_id, someone.user.id],
    );
    expect(row).toEqual({ hidden: false, people: 1 });
  });

  it('refuses a revoked organiser at once, with the token they still hold', async () => {
    const organiser = await signUpOrganiser(server());
    await rpc(organiser, 'list_missions_for_organisers', {});
    await server().db.query('delete from organisers where user_id = $1', [organiser.user.id]);
    const { error, status } = await organiser.client.rpc('list_missions_for_organisers', {});
    expect(status).toBe(403);
    expect(error?.code).toBe('42501');
  });
});

describeEachDatabase('organiser console: Overview', (server) => {
  it('counts people, surveys, anonymity, profiles, missions, teams, votes and subscriptions', async () => {
    const organiser = await signUpOrganiser(server());
    const before = (await rpc<EventOverview>(organiser, 'get_event_overview', { p_time_zone: 'UTC' })).figures;

    const member = await signUpUser(server());
    const { mission } = await createMission(server(), { memberIds: [member.user.id] });
    const anonymous = await signUpUser(server());
    await anonymous.client.auth.updateUser({ data: { is_anonymous: true, anonymity_choice_made: true, anonymous_guid: crypto.randomUUID() } });
    const sharing = await signUpUser(server());
    await sharing.client.auth.updateUser({ data: { is_anonymous: false, anonymity_choice_made: true } });
    await server().db.query('update users set post_survey_completed = true where id = $1', [sharing.user.id]);
    await rpc(anonymous, 'toggle_mission_vote', { p_mission_id: mission.mission_id });
    await rpc(sharing, 'toggle_mission_vote', { p_mission_id: mission.mission_id });
    await rpc(sharing, 'toggle_mission_subscription', { p_mission_id: mission.mission_id });

    const overview = await rpc<EventOverview>(organiser, 'get_event_overview', { p_time_zone: 'Africa/Johannesburg' });
    const after = overview.figures;
    expect(after.registered - before.registered).toBe(4);
    expect(after.pre_survey_done - before.pre_survey_done).toBe(1);
    expect(after.post_survey_done - before.post_survey_done).toBe(1);
    expect(after.anonymous - before.anonymous).toBe(1);
    expect(after.sharing - before.sharing).toBe(1);
    expect(after.anonymity_not_chosen - before.anonymity_not_chosen).toBe(2);
    expect(after.registered).toBe(after.anonymous + after.sharing + after.anonymity_not_chosen);
    expect(after.role_profiles - before.role_profiles).toBe(1);
    expect(after.missions - before.missions).toBe(1);
    expect(after.team_members - before.team_members).toBe(2);
    expect(after.votes - before.votes).toBe(2);
    expect(after.subscriptions - before.subscriptions).toBe(1);

    expect(overview.time_zone).toBe('Africa/Johannesburg');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg' }).format(new Date());
    expect(overview.signups_per_day.at(-1)?.at).toBe(today);
    expect(overview.signups_per_day.reduce((sum, day) => sum + day.count, 0)).toBe(after.registered);
    expect(overview.votes_per_hour).toHaveLength(48);
    expect(overview.votes_per_hour.at(-1)?.count).toBeGreaterThanOrEqual(2);
    expect(overview.votes_per_hour.at(-1)?.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:00$/);
    const ranked = overview.missions_by_votes.find((row) => row.mission_id === mission.mission_id);
    expect(ranked).toMatchObject({ vote_count: 2, subscription_count: 1, team_count: 2, hidden: false });
    const votes = overview.missions_by_votes.map((row) => row.vote_count);
    expect(votes).toEqual([...votes].sort((a, b) => b - a));
  });

  it('names a time zone it does not know as a bad parameter', async () => {
    const organiser = await signUpOrganiser(server());
    const { error, status } = await organiser.client.rpc('get_event_overview', { p_time_zone: 'Mars/Olympus_Mons' });
    expect(status).toBe(400);
    expect(error?.message).toBe(MODERATION_MESSAGES.badTimeZone);
  });
});

describeEachDatabase('organiser console: Missions', (server) => {
  it('lists every mission with its creator, team and counts, hidden ones included', async () => {
    const organiser = await signUpOrganiser(server());
    const member = await signUpUser(server(), { firstName: 'Mary', lastName: 'Jackson' });
    const { owner, mission } = await createMission(server(), { name: 'Listed Mission', memberIds: [member.user.id] });
    await rpc(member, 'toggle_mission_vote', { p_mission_id: mission.mission_id });
    const listed = (await rpc<OrganiserMission[]>(organiser, 'list_missions_for_organisers', {})).find((row) => row.mission_id === mission.mission_id);
    expect(listed).toMatchObject({
      name: 'Listed Mission',
      creator: { user_id: owner.user.id, first_name: 'Grace', last_name: 'Hopper', email: owner.email },
      vote_count: 1,
      subscription_count: 0,
      hidden: null,
    });
    expect(listed?.team.map((person) => [person.user_id, person.role_in_team])).toEqual([
      [owner.user.id, 'owner'],
      [member.user.id, 'member'],
    ]);
  });

  it('hides with a reason and unhides, each recorded in the audit log; the team sees the reason, others nothing', async () => {
    const organiser = await signUpOrganiser(server(), { email: `organiser.${crypto.randomUUID()}@example.org` });
    const { owner, mission } = await createMission(server(), { name: 'Hide Me' });
    const attendee = await signUpUser(server());

    const hidden = await rpc<OrganiserMission>(organiser, 'hide_mission', { p_mission_id: mission.mission_id, p_reason: '  Contains advertising  ' });
    expect(hidden.hidden).toMatchObject({ reason: 'Contains advertising', by: organiser.email });
    expect(await lastAudit(server())).toMatchObject({
      actor_label: organiser.email,
      kind: MODERATION_AUDIT_KINDS.missionHidden,
      subject: 'Hide Me',
      before: { hidden: false, reason: null },
      after: { hidden: true, reason: 'Contains advertising' },
    });

    const seenByAttendee = await rpc<Mission[]>(attendee, 'get_all_missions', {});
    expect(seenByAttendee.some((row) => row.mission_id === mission.mission_id)).toBe(false);
    expect(await rpc<MissionDetails | null>(attendee, 'get_mission_details', { p_mission_id: mission.mission_id })).toBeNull();
    const vote = await attendee.client.rpc('toggle_mission_vote', { p_mission_id: mission.mission_id });
    expect(vote.error?.message).toBe(MISSION_MESSAGES.hiddenNoEngagement);
    const forTeam = await rpc<MissionDetails>(owner, 'get_mission_details', { p_mission_id: mission.mission_id });
    expect(forTeam.mission.hidden_reason).toBe('Contains advertising');
    // Organisers still see it in the attendee screens too.
    const seenByOrganiser = await rpc<Mission[]>(organiser, 'get_all_missions', {});
    expect(seenByOrganiser.find((row) => row.mission_id === mission.mission_id)?.hidden_reason).toBe('Contains advertising');

    const shown = await rpc<OrganiserMission>(organiser, 'unhide_mission', { p_mission_id: mission.mission_id });
    expect(shown.hidden).toBeNull();
    expect(await lastAudit(server())).toMatchObject({
      kind: MODERATION_AUDIT_KINDS.missionUnhidden,
      before: { hidden: true, reason: 'Contains advertising' },
      after: { hidden: false, reason: null },
    });
    expect((await rpc<Mission[]>(attendee, 'get_all_missions', {})).some((row) => row.mission_id === mission.mission_id)).toBe(true);
  });

  it('refuses a blank reason, an unknown mission and unhiding a visible one, changing nothing', async () => {
    const organiser = await signUpOrganiser(server());
    const { mission } = await createMission(server());
    const auditBefore = await auditCount(server());
    const cases: [string, Record<string, unknown>, string][] = [
      ['hide_mission', { p_mission_id: mission.mission_id, p_reason: '   ' }, MODERATION_MESSAGES.reasonRequired],
      ['hide_mission', { p_mission_id: UNKNOWN_ID, p_reason: 'Spam' }, MODERATION_MESSAGES.missionNotFound],
      ['unhide_mission', { p_mission_id: mission.mission_id }, MODERATION_MESSAGES.notHidden],
      ['unhide_mission', { p_mission_id: UNKNOWN_ID }, MODERATION_MESSAGES.missionNotFound],
    ];
    for (const [name, params, message] of cases) {
      const { error, status } = await untyped(organiser.client).rpc(name, params);
      expect(status).toBe(400);
      expect(error).toMatchObject({ code: 'P0001', message });
    }
    const tooLong = await organiser.client.rpc('hide_mission', { p_mission_id: mission.mission_id, p_reason: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.error?.message).toContain('p_reason');
    expect(await auditCount(server())).toBe(auditBefore);
    const [row] = await server().db.query<{ hidden_at: string | null }>('select hidden_at from missions where mission_id = $1', [mission.mission_id]);
    expect(row?.hidden_at).toBeNull();
  });
});

describeEachDatabase('organiser console: People', (server) => {
  it('finds people by name or e-mail, newest first when the search is blank', async () => {
    const organiser = await signUpOrganiser(server());
    const tag = crypto.randomUUID().slice(0, 8);
    const wanted = await signUpUser(server(), { firstName: `Katherine${tag}`, lastName: 'Johnson' });
    const found = await rpc<AttendeeSummary[]>(organiser, 'find_attendees', { p_search_term: `katherine${tag} john` });
    expect(found.map((row) => row.user_id)).toEqual([wanted.user.id]);
    expect(found[0]).toMatchObject({ email: wanted.email, anonymity: 'not_chosen', is_organiser: false });
    const byEmail = await rpc<AttendeeSummary[]>(organiser, 'find_attendees', { p_search_term: wanted.email.toUpperCase() });
    expect(byEmail.map((row) => row.user_id)).toEqual([wanted.user.id]);
    const literal = await rpc<AttendeeSummary[]>(organiser, 'find_attendees', { p_search_term: '%' });
    expect(literal).toEqual([]);
    const newest = await rpc<AttendeeSummary[]>(organiser, 'find_attendees', { p_search_term: '' });
    expect(newest[0]?.user_id).toBe(wanted.user.id);
  });

  it('shows what a person has done, never survey answers or a date of birth', async () => {
    const organiser = await signUpOrganiser(server());
    const { owner, mission } = await createMission(server(), { name: 'Activity Mission' });
    await rpc(owner, 'toggle_mission_vote', { p_mission_id: mission.mission_id });
    const activity = await rpc<AttendeeActivity>(organiser, 'get_attendee_activity', { p_user_id: owner.user.id });
    expect(activity).toMatchObject({
      user_id: owner.user.id,
      email: owner.email,
      pre_survey_completed: true,
      post_survey_completed: false,
      role_profile: { role_title: 'Lead' },
      teams: [{ mission_id: mission.mission_id, name: 'Activity Mission', role_in_team: 'owner', is_co_owner: true, hidden: false }],
      votes: 1,
      subscriptions: 0,
      deletion: { mission_outcome: 'hidden', mission: { mission_id: mission.mission_id, name: 'Activity Mission' }, new_owner: null },
    });
    const text = JSON.stringify(activity);
    expect(text).not.toContain(owner.dateOfBirth);
    expect(text).not.toMatch(/birth|password|intention|skills/i);

    const unknown = await organiser.client.rpc('get_attendee_activity', { p_user_id: UNKNOWN_ID });
    expect(unknown.error).toMatchObject({ code: 'P0001', message: MODERATION_MESSAGES.personNotFound });
  });

  it('deletes an account with its votes, subscriptions and memberships; its mission passes to a co-owner', async () => {
    const organiser = await signUpOrganiser(server());
    const coOwner = await signUpUser(server(), { firstName: 'Dorothy', lastName: 'Vaughan' });
    const { owner, mission } = await createMission(server(), { name: 'Passed On', memberIds: [coOwner.user.id] });
    await server().db.query('update mission_members set is_co_owner = true where mission_id = $1 and user_id = $2', [mission.mission_id, coOwner.user.id]);
    const other = await createMission(server(), { name: 'Other' });
    await rpc(owner, 'toggle_mission_vote', { p_mission_id: other.mission.mission_id });
    await rpc(owner, 'toggle_mission_subscription', { p_mission_id: other.mission.mission_id });
    await rpc(other.owner, 'add_mission_member', { p_mission_id: other.mission.mission_id, p_user_id: owner.user.id });

    const plan = (await rpc<AttendeeActivity>(organiser, 'get_attendee_activity', { p_user_id: owner.user.id })).deletion;
    expect(plan).toMatchObject({
      mission_outcome: 'transferred',
      new_owner: { user_id: coOwner.user.id, email: coOwner.email },
      votes: 1,
      subscriptions: 1,
      memberships: 2,
    });

    const deleted = await rpc<AccountDeleted>(organiser, 'delete_attendee_account', {
      p_user_id: owner.user.id,
      p_mission_outcome: 'transferred',
      p_reason: 'Asked by e-mail on 3 December',
    });
    expect(deleted).toEqual({ email: owner.email, mission_outcome: 'transferred', new_owner_email: coOwner.email });
    const [state] = await server().db.query<{ users: number; votes: number; subs: number; members: number; vote_count: number; creator: string; role: string }>(
      `select (select count(*)::int from users where id = $1) as users,
              (select count(*)::int from mission_votes where user_id = $1) as votes,
              (select count(*)::int from mission_subscriptions where user_id = $1) as subs,
              (select count(*)::int from mission_members where user_id = $1) as members,
              (select vote_count from missions where mission_id = $2) as vote_count,
              (select created_by::text from missions where mission_id = $3) as creator,
              (select role_in_team from mission_members where mission_id = $3 and user_id = $4) as role`,
      [owner.user.id, other.mission.mission_id, mission.mission_id, coOwner.user.id],
    );
    expect(state).toEqual({ users: 0, votes: 0, subs: 0, members: 0, vote_count: 0, creator: coOwner.user.id, role: 'owner' });
    expect(await lastAudit(server())).toMatchObject({
      kind: MODERATION_AUDIT_KINDS.accountDeleted,
      subject: DELETED_ACCOUNT_LABEL,
      before: { votes: 1, subscriptions: 1, memberships: 2, organiser: false },
      after: { deleted: true, mission_outcome: 'transferred', reason: 'Asked by e-mail on 3 December' },
    });
    // The audit entry keeps nothing of the person.
    const [entry] = await server().db.query<{ text: string }>(
      `select row_to_json(audit_log)::text as text from audit_log where kind = $1 order by at desc limit 1`,
      [MODERATION_AUDIT_KINDS.accountDeleted],
    );
    expect(entry?.text).not.toContain(owner.email);
    expect(entry?.text).not.toContain(owner.user.id);
    // The new owner now runs the mission.
    const updated = await coOwner.client.rpc('update_mission', { p_mission_id: mission.mission_id, p_updated_by: coOwner.user.id, p_name: 'Still Here' });
    expect(updated.error).toBeNull();
  });

  it('hides the mission with a note when no co-owner can take it, and refuses a plan that no longer holds', async () => {
    const organiser = await signUpOrganiser(server());
    // This co-owner created a mission of their own, so they cannot take over a second one.
    const busy = await createMission(server(), { name: 'Busy' });
    const { owner, mission } = await createMission(server(), { name: 'Goes Away', memberIds: [busy.owner.user.id] });
    await server().db.query('update mission_members set is_co_owner = true where mission_id = $1 and user_id = $2', [mission.mission_id, busy.owner.user.id]);
    const plan = (await rpc<AttendeeActivity>(organiser, 'get_attendee_activity', { p_user_id: owner.user.id })).deletion;
    expect(plan.mission_outcome).toBe('hidden');

    const auditBefore = await auditCount(server());
    const stale = await organiser.client.rpc('delete_attendee_account', { p_user_id: owner.user.id, p_mission_outcome: 'transferred', p_reason: 'Asked' });
    expect(stale.error).toMatchObject({ code: 'P0001', message: MODERATION_MESSAGES.outcomeChanged });
    expect(await auditCount(server())).toBe(auditBefore);
    const [still] = await server().db.query<{ n: number }>('select count(*)::int as n from users where id = $1', [owner.user.id]);
    expect(still?.n).toBe(1);

    const blank = await organiser.client.rpc('delete_attendee_account', { p_user_id: owner.user.id, p_mission_outcome: 'hidden', p_reason: '  ' });
    expect(blank.error).toMatchObject({ code: 'P0001', message: PRIVACY_MESSAGES.deletionReasonRequired });
    await rpc(organiser, 'delete_attendee_account', { p_user_id: owner.user.id, p_mission_outcome: 'hidden', p_reason: 'Asked' });
    const [kept] = await server().db.query<{ created_by: string | null; hidden_reason: string | null }>(
      'select created_by, hidden_reason from missions where mission_id = $1',
      [mission.mission_id],
    );
    expect(kept).toEqual({ created_by: null, hidden_reason: ORPHANED_MISSION_NOTE });
    // Its remaining team still sees it, with the note; everyone else does not.
    const seen = await busy.owner.client.rpc('get_mission_details', { p_mission_id: mission.mission_id });
    expect(seen.error).toBeNull();
    expect(JSON.stringify(seen.data)).toContain(ORPHANED_MISSION_NOTE);
    const listed = await rpc<OrganiserMission[]>(organiser, 'list_missions_for_organisers', {});
    expect(listed.find((row) => row.mission_id === mission.mission_id)).toMatchObject({ creator: null, hidden: { reason: ORPHANED_MISSION_NOTE } });
  });

  it('refuses deleting yourself or an unknown account', async () => {
    const organiser = await signUpOrganiser(server());
    const self = await organiser.client.rpc('delete_attendee_account', { p_user_id: organiser.user.id, p_mission_outcome: 'none', p_reason: 'Asked' });
    expect(self.error).toMatchObject({ code: 'P0001', message: MODERATION_MESSAGES.notYourself });
    const unknown = await organiser.client.rpc('delete_attendee_account', { p_user_id: UNKNOWN_ID, p_mission_outcome: 'none', p_reason: 'Asked' });
    expect(unknown.error).toMatchObject({ code: 'P0001', message: MODERATION_MESSAGES.personNotFound });
    const badOutcome = await untyped(organiser.client).rpc('delete_attendee_account', { p_user_id: UNKNOWN_ID, p_mission_outcome: 'maybe', p_reason: 'Asked' });
    expect(badOutcome.status).toBe(400);
    expect(badOutcome.error?.message).toContain('p_mission_outcome');
  });

  it('deletes an account that created no mission (outcome none) and ends its sessions', async () => {
    const organiser = await signUpOrganiser(server());
    const person = await signUpUser(server(), { firstName: 'Thandeka', lastName: 'Mbeki-Ross' });
    await makeLeader(server(), person);
    const plan = (await rpc<AttendeeActivity>(organiser, 'get_attendee_activity', { p_user_id: person.user.id })).deletion;
    expect(plan).toMatchObject({ mission_outcome: 'none', mission: null, new_owner: null });
    const deleted = await rpc<AccountDeleted>(organiser, 'delete_attendee_account', {
      p_user_id: person.user.id,
      p_mission_outcome: 'none',
      p_reason: `THANDEKA Mbeki-Ross asked at the desk; confirmed from ${person.email.toUpperCase()}`,
    });
    expect(deleted.mission_outcome).toBe('none');
    // A reason typed with the person's name or e-mail keeps neither in the audit log.
    expect(await lastAudit(server())).toMatchObject({
      after: { reason: `${DELETED_ACCOUNT_LABEL} ${DELETED_ACCOUNT_LABEL} asked at the desk; confirmed from ${DELETED_ACCOUNT_LABEL}` },
    });
    const [entry] = await server().db.query<{ n: number }>(`select count(*)::int as n from audit_log where row_to_json(audit_log)::text ~* $1`, [
      'thandeka|mbeki|' + person.user.id,
    ]);
    expect(entry?.n).toBe(0);
    // Their session is gone with the account.
    const { error } = await person.client.auth.refreshSession();
    expect(error).not.toBeNull();
  });
});
