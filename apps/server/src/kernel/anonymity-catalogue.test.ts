import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHECKIN_MESSAGES, ORGANISER_MESSAGES, type ProcedureName } from '@mc/contract';
import { buildAnonymousWorld, KEPT, REAL, updateParams, type AnonymousWorld } from '../../test/anonymous-world.ts';
import { missionParams, UNKNOWN_ID } from '../../test/factories.ts';
import { describeEachDatabase, untyped, type TestUser } from '../../test/harness.ts';
import { procedures } from '../procedures.ts';

/*
 * People are read through one door (docs/product.md#anonymity): every procedure of the registry,
 * called by another attendee, the owner of a mission the anonymous attendee asked to join, and
 * their teammate, with parameters that reach the anonymous attendee, answers nothing of their real
 * name, e-mail or mobile; nor does any notification or live message those three receive. A
 * procedure added to the registry fails here until it has a line in CATALOGUE.
 *
 * The same calls keep the one rule for contact details (docs/product.md#role-card): the teammate
 * shares their name but keeps their role card for their teammates, so no answer, notification or
 * live message to the other attendee or the owner (on none of their teams) carries the teammate's
 * e-mail, and every procedure that answers other people's e-mail (`emails: 'others'`) reaches them.
 */

type Caller = 'other' | 'owner' | 'teammate';
type Params = Record<string, unknown>;
type Build = (world: AnonymousWorld, me: TestUser, caller: Caller) => Params | Params[];

/**
 * How each procedure is called. `attendees`: by the three onlookers, in `phase` order (0 reads the
 * world as built; 1 answers and withdraws its requests; 2 changes teams and follows), with every
 * parameter set `params` builds. `organisers`: refused to all three (organisers see real names,
 * docs/product.md#anonymity).
 */
type Entry = { kind: 'attendees'; phase?: 1 | 2; params: Build } | { kind: 'organisers' } | { kind: 'door' };

const ORGANISERS: Entry = { kind: 'organisers' };
/** Door staff only: refused to all three (the door shows names as the console does, docs/product.md#check-in-at-the-door). */
const DOOR: Entry = { kind: 'door' };
const plain = (params: Build = () => ({}), phase?: 1 | 2): Entry => ({ kind: 'attendees', params, phase });
const them = (world: AnonymousWorld): string => world.anonymous.user.id;

const CATALOGUE: Partial<Record<ProcedureName, Entry>> = {
  my_badge: plain(),
  replace_my_badge: plain(),
  checkin_scan: DOOR,
  checkin_sync: DOOR,
  checkin_find: DOOR,
  checkin_person: DOOR,
  checkin_replaced_badges: DOOR,
  checkin_keys: DOOR,
  get_my_door_staff_status: plain(),
  organiser_set_door_staff: ORGANISERS,
  organiser_list_door_staff: ORGANISERS,
  organiser_checkin_figures: ORGANISERS,
  register_user_profile: plain((_w, me) => ({
    p_first_name: 'Onlooker',
    p_last_name: 'Person',
    p_email: me.email,
    p_mobile: '+27820000001',
    p_hashed_birthday: me.password,
  })),
  get_user_by_auth: plain((w) => ({ auth_id: them(w) })),
  get_survey_status: plain((w) => ({ p_user_id: them(w) })),
  mark_survey_completed: plain((w) => ({ p_user_id: them(w), p_survey_type: 'pre_survey_completed' })),
  create_role_profile: plain((w) => ({ p_user_id: them(w), p_role_title: 'Lead' })),
  update_role_profile: plain((w) => ({ p_user_id: them(w), p_role_title: 'Lead' })),
  get_user_role_profile: plain((w) => ({ p_user_id: them(w) })),
  search_users_with_profiles: plain((w) =>
    [w.anonymous.email, REAL.firstName, REAL.lastName, 'Anonymous', KEPT.lastName, w.teammate.email, w.teammate.email.split('@')[0] ?? ''].map((term) => ({
      p_search_term: term,
    })),
  ),
  create_mission: plain((w, me) => missionParams(me, { p_name: 'Another Try', p_member_ids: [them(w)] })),
  add_mission_member: plain((w, _me, caller) => ({ p_mission_id: w.missions[caller], p_user_id: them(w) }), 2),
  get_mission_members: plain((w) => Object.values(w.missions).map((id) => ({ p_mission_id: id }))),
  remove_mission_member: plain((w, me, caller) => ({ p_mission_id: w.missions[caller], p_user_id: them(w), p_removed_by: me.user.id }), 2),
  update_mission: plain((w, me) => updateParams(me, w.missions.anonymous)),
  get_all_missions: plain(),
  get_mission_list: plain(),
  get_user_related_missions: plain((w) => [{ p_user_id: them(w) }, { p_user_id: null }]),
  get_mission_details: plain((w, me) => Object.values(w.missions).map((id) => ({ p_mission_id: id, p_user_id: me.user.id }))),
  toggle_mission_vote: plain((w) => ({ p_mission_id: w.missions.anonymous }), 1),
  toggle_mission_subscription: plain((w) => ({ p_mission_id: w.missions.anonymous }), 2),
  mfa_create_recovery_codes: plain(),
  mfa_recovery_codes_status: plain(),
  get_my_notifications: plain(),
  mark_notifications_read: plain(() => ({ p_notification_id: null }), 2),
  get_notification_settings: plain(),
  save_notification_settings: plain(() => ({ p_email_digest: 'off', p_allow_team_additions: true })),
  get_my_agenda: plain(),
  set_agenda_favourite: plain(() => ({ p_part_id: 's1p2', p_starred: true })),
  get_agenda_calendar: plain(() => ({ p_part_id: 's1p2' })),
  get_calendar_feed: plain(),
  create_calendar_feed: plain(),
  revoke_calendar_feed: plain(undefined, 2),
  get_my_organiser_status: plain(),
  list_organisers: ORGANISERS,
  grant_organiser: ORGANISERS,
  revoke_organiser: ORGANISERS,
  reset_mfa: ORGANISERS,
  list_audit_log: ORGANISERS,
  save_programme_settings: ORGANISERS,
  save_speaker: ORGANISERS,
  delete_speaker: ORGANISERS,
  reorder_speakers: ORGANISERS,
  save_session: ORGANISERS,
  delete_session: ORGANISERS,
  import_programme: ORGANISERS,
  get_programme_draft: ORGANISERS,
  preview_programme_publish: ORGANISERS,
  publish_programme: ORGANISERS,
  list_programme_versions: plain(),
  count_announcement_recipients: ORGANISERS,
  list_announcement_recipients: ORGANISERS,
  create_announcement: ORGANISERS,
  list_announcements: ORGANISERS,
  get_my_announcements: plain(),
  dismiss_announcement: plain(() => ({ p_announcement_id: UNKNOWN_ID })),
  get_session_reminders: plain(),
  set_session_reminders: plain(() => ({ p_on: false })),
  get_event_overview: ORGANISERS,
  list_missions_for_organisers: ORGANISERS,
  hide_mission: ORGANISERS,
  unhide_mission: ORGANISERS,
  find_attendees: ORGANISERS,
  get_attendee_activity: ORGANISERS,
  delete_attendee_account: ORGANISERS,
  create_vote_round: ORGANISERS,
  update_vote_round: ORGANISERS,
  set_vote_round_close: ORGANISERS,
  open_vote_round: ORGANISERS,
  close_vote_round: ORGANISERS,
  reveal_vote_round: ORGANISERS,
  list_vote_rounds: ORGANISERS,
  get_current_vote_round: plain(),
  list_part_hosts: ORGANISERS,
  add_part_host: ORGANISERS,
  remove_part_host: ORGANISERS,
  get_my_hosted_parts: plain(),
  get_part_questions: plain(() => [{ p_part_id: 's1p2' }, { p_part_id: 's1p2', p_sort: 'newest' }]),
  ask_question: plain(() => ({ p_part_id: 's1p2', p_body: 'And what about the tide?' }), 1),
  vote_question: plain((w) => ({ p_question_id: w.questionId, p_up: true }), 1),
  moderate_question: plain(
    (w, _me, caller) => (caller === 'teammate' ? { p_question_id: w.questionId, p_action: 'pin' } : { p_question_id: w.questionId, p_action: 'unpin' }),
    2,
  ),
  set_part_questions: plain(() => ({ p_part_id: 's1p2', p_asking: 'open', p_premoderated: false }), 2),
  list_part_questions_for_organisers: ORGANISERS,
  cast_round_vote: plain((w) => ({ p_round_id: w.roundId, p_mission_id: w.missions.anonymous }), 1),
  withdraw_round_vote: plain((w) => ({ p_round_id: w.roundId, p_mission_id: w.missions.anonymous }), 2),
  get_my_round_votes: plain((w) => ({ p_round_id: w.roundId })),
  get_vote_round_result: plain((w) => ({ p_round_id: w.roundId })),
  check_vote_receipt: plain((w) => ({ p_round_id: w.roundId, p_receipt: 'ABCD-EFGH' })),
  get_mission_roles: plain((w) => Object.values(w.missions).map((id) => ({ p_mission_id: id }))),
  save_mission_role: plain((w, _me, caller) => ({
    p_mission_id: w.missions[caller],
    p_title: 'Helper',
    p_description: 'Helps',
    p_skills: ['care'],
    p_places: 1,
  })),
  close_mission_role: plain((w) => ({ p_role_id: w.roles.asked }), 2),
  reopen_mission_role: plain((w) => ({ p_role_id: w.roles.asked }), 2),
  get_team_roles: plain((w, _me, caller) => [{ p_mission_id: w.missions[caller] }, { p_mission_id: w.missions.owner }], 2),
  get_open_role_counts: plain(),
  suggest_role_skills: plain(() => ({ p_prefix: 'li' })),
  get_role_card: plain((w) => [{ p_user_id: them(w) }, { p_user_id: w.teammate.user.id }]),
  get_role_card_settings: plain(),
  save_role_card_settings: plain(() => ({ p_visibility: 'team' })),
  ask_to_join: plain((w) => ({ p_role_id: w.roles.anonymous, p_message: 'May I join?' }), 1),
  invite_to_role: plain(
    (w) => [w.roles.spareOfOwner, w.roles.spareOfTeammate].map((role) => ({ p_role_id: role, p_user_id: them(w), p_message: 'Join us' })),
    1,
  ),
  answer_team_request: plain((w) => ({ p_request_id: w.requests.ask, p_accept: true, p_reason: null }), 1),
  withdraw_team_request: plain((w) => [{ p_request_id: w.requests.ownerInvite }, { p_request_id: w.requests.teammateInvite }], 1),
  get_my_team_requests: plain(),
  get_mission_team_requests: plain((w, _me, caller) => [{ p_mission_id: w.missions[caller] }, { p_mission_id: w.missions.owner }]),
  get_how_others_see_me: plain(),
  delete_my_account: plain((w) => ({ p_email: w.anonymous.email }), 2),
  request_my_data_export: plain(),
  list_my_sessions: plain(),
  sign_out_session: plain(() => ({ p_session_id: UNKNOWN_ID })),
  sign_out_other_sessions: plain(undefined, 2),
  get_privacy_page_source: ORGANISERS,
  save_privacy_page: ORGANISERS,
  get_missions_for_me: plain(() => ({ p_limit: 20 })),
  get_people_for_role: plain((w) => [w.roles.spareOfOwner, w.roles.spareOfTeammate, w.roles.anonymous].map((role) => ({ p_role_id: role, p_limit: 20 }))),
  get_team_builder_overview: ORGANISERS,
  get_team_builder_left_out: ORGANISERS,
  preview_team_builder: ORGANISERS,
  send_team_builder: ORGANISERS,
  get_offered_languages: plain(),
  set_language_offered: ORGANISERS,
  list_translations: ORGANISERS,
  correct_translation: ORGANISERS,
  set_translation_reviewed: ORGANISERS,
  export_translation_corrections: ORGANISERS,
  get_part_polls: plain(() => ({ p_part_id: 's1p2' })),
  create_poll: plain(() => ({ p_part_id: 's1p2', p_kind: 'single', p_question: 'Which?', p_options: ['A', 'B'] })),
  open_poll: plain(() => ({ p_poll_id: UNKNOWN_ID })),
  close_poll: plain(() => ({ p_poll_id: UNKNOWN_ID })),
  answer_poll: plain(() => ({ p_poll_id: UNKNOWN_ID, p_choices: [0] }), 1),
  get_mission_updates: plain((w) => Object.values(w.missions).map((id) => ({ p_mission_id: id }))),
  post_mission_update: plain((w, _me, caller) => ({ p_mission_id: w.missions[caller], p_title: 'News', p_text: 'We met.' }), 2),
  edit_mission_update: plain(() => ({ p_update_id: UNKNOWN_ID, p_title: 'News', p_text: 'We met.' })),
  delete_mission_update: plain(() => ({ p_update_id: UNKNOWN_ID }), 2),
  hide_mission_update: ORGANISERS,
  unhide_mission_update: ORGANISERS,
  set_mission_status: plain((w, _me, caller) => ({ p_mission_id: w.missions[caller], p_status: 'paused', p_reason: 'Holidays' }), 2),
  set_mission_milestones: plain((w, _me, caller) => ({ p_mission_id: w.missions[caller], p_milestones: [{ text: 'First meeting', done: true }] }), 2),
  set_mission_public_page: plain((w, _me, caller) => ({ p_mission_id: w.missions[caller], p_slug: `page-of-${caller}` }), 2),
  get_my_part_feedback: plain(() => ({ p_part_id: 's1p2' })),
  give_part_feedback: plain(() => ({ p_part_id: 's1p2', p_rating: 4, p_comment: 'Good' }), 1),
  list_part_feedback: ORGANISERS,
  set_part_feedback_off: ORGANISERS,
  get_mission_checkins: plain((w, _me, caller) => ({ p_mission_id: w.missions[caller] })),
  set_mission_checkins: plain((w, _me, caller) => ({ p_mission_id: w.missions[caller], p_on: false }), 2),
  answer_mission_checkin: plain(
    (w, _me, caller) => ({ p_mission_id: w.missions[caller], p_day: 30, p_happened: 'We met.', p_needs: '', p_team_together: true, p_status: 'active' }),
    2,
  ),
  get_after_event_overview: ORGANISERS,
};

/** Procedures whose answers must name the anonymous attendee in this world: proof that the parameters reach them. */
const REACHING = [
  'search_users_with_profiles',
  'get_mission_members',
  'get_mission_details',
  'get_all_missions',
  'get_current_vote_round',
  'get_role_card',
  'get_mission_team_requests',
  'invite_to_role',
  'answer_team_request',
  'withdraw_team_request',
  'add_mission_member',
  'get_my_notifications',
  'get_mission_updates',
];

/**
 * Procedures declaring `emails: 'others'` that attendees may call but whose answer cannot name the
 * teammate to the other attendee or the owner, with the reason: each is checked elsewhere too.
 */
const EMAILS_NOT_REACHING: Partial<Record<ProcedureName, string>> = {
  add_mission_member: 'answers the member just added to the caller’s own team, a teammate by then (teams/contact.test.ts)',
  get_role_card: 'a card kept for teammates answers nothing at all to anyone else (profiles/role-card.test.ts)',
};

/** What of the anonymous attendee's real identity `text` holds. */
function realIdentityIn(world: AnonymousWorld, text: string): string[] {
  const lower = text.toLowerCase();
  const real = [REAL.firstName, REAL.lastName, world.anonymous.email, REAL.mobile.replace(/^\+27/, '')];
  return real.filter((value) => lower.includes(value.toLowerCase()));
}

describeEachDatabase('one door for people: every procedure, notification and live message keeps an anonymous attendee anonymous', (server) => {
  let world: AnonymousWorld | undefined;
  beforeAll(async () => {
    world = await buildAnonymousWorld(server());
  });
  afterAll(() => {
    for (const client of world?.live ?? []) client.close();
  });

  it('has a line in CATALOGUE for every procedure of the registry', () => {
    const missing = Object.keys(procedures).filter((name) => !(name in CATALOGUE));
    expect(missing, 'say in CATALOGUE how to call these with parameters that reach the anonymous attendee').toEqual([]);
  });

  it('answers the other attendee, an owner and a teammate nothing of their real name, e-mail or mobile', async () => {
    if (!world) throw new Error('no world');
    const w = world;
    const callers: [Caller, TestUser][] = [
      ['other', w.other],
      ['owner', w.owner],
      ['teammate', w.teammate],
    ];
    const leaks: string[] = [];
    const emailLeaks: string[] = [];
    const kept = w.teammate.email.toLowerCase();
    // The procedures whose answer to someone off the teammate's teams named the teammate (by id).
    const reachedKept = new Set<string>();
    const notRefused: string[] = [];
    // The procedures whose answer named the anonymous attendee (by id, or as "Anonymous attendee").
    const reached = new Set<string>();
    for (const phase of [0, 1, 2]) {
      for (const name of Object.keys(procedures) as ProcedureName[]) {
        const entry = CATALOGUE[name];
        if (!entry || (entry.kind === 'attendees' ? (entry.phase ?? 0) : 0) !== phase) continue;
        for (const [caller, me] of callers) {
          const sets = entry.kind === 'attendees' ? [entry.params(w, me, caller)].flat() : [{}];
          for (const params of sets) {
            const { data, error, status } = await untyped(me.client).rpc(name, params);
            if (entry.kind === 'organisers' && (status !== 403 || error?.message !== ORGANISER_MESSAGES.organisersOnly))
              notRefused.push(`${name} as ${caller}`);
            if (entry.kind === 'door' && (status !== 403 || error?.message !== CHECKIN_MESSAGES.doorStaffOnly)) notRefused.push(`${name} as ${caller}`);
            const answer = JSON.stringify({ data, error });
            if (data !== null && (answer.includes(them(w)) || answer.includes('Anonymous'))) reached.add(name);
            const found = realIdentityIn(w, answer);
            if (found.length > 0) leaks.push(`${name} as ${caller} ${JSON.stringify(params)}: ${found.join(', ')}`);
            if (caller !== 'teammate') {
              if (data !== null && answer.includes(w.teammate.user.id)) reachedKept.add(name);
              if (answer.toLowerCase().includes(kept)) emailLeaks.push(`${name} as ${caller} ${JSON.stringify(params)}`);
            }
          }
        }
      }
    }
    // The bells after every change above, and what reached the three open live channels.
    for (const [caller, me] of callers) {
      const bell = await me.client.rpc('get_my_notifications', {});
      const found = realIdentityIn(w, JSON.stringify(bell.data));
      if (found.length > 0) leaks.push(`notifications of ${caller}: ${found.join(', ')}`);
      if (caller !== 'teammate' && JSON.stringify(bell.data).toLowerCase().includes(kept)) emailLeaks.push(`notifications of ${caller}`);
    }
    for (const [index, client] of w.live.entries()) {
      await client.roundTrip();
      const found = realIdentityIn(w, JSON.stringify(client.received));
      if (found.length > 0) leaks.push(`live messages to ${callers[index]?.[0] ?? index}: ${found.join(', ')}`);
      if (callers[index]?.[0] !== 'teammate' && JSON.stringify(client.received).toLowerCase().includes(kept))
        emailLeaks.push(`live messages to ${callers[index]?.[0] ?? index}`);
    }
    // Every attendee procedure answering other people's e-mail reached the teammate, so its answer was checked.
    const answersEmails = (Object.keys(procedures) as ProcedureName[]).filter(
      (name) => procedures[name].emails === 'others' && CATALOGUE[name]?.kind === 'attendees' && !(name in EMAILS_NOT_REACHING),
    );
    expect(notRefused, 'organiser procedures an attendee could call').toEqual([]);
    expect(leaks, 'answers naming the anonymous attendee').toEqual([]);
    expect([...reached], 'the calls reach the anonymous attendee').toEqual(expect.arrayContaining(REACHING));
    expect(emailLeaks, 'answers giving the teammate’s e-mail to someone off their teams').toEqual([]);
    expect(
      answersEmails.filter((name) => !reachedKept.has(name)),
      'say in CATALOGUE how to reach the teammate',
    ).toEqual([]);
  });
});
