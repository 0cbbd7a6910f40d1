import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { MISSIONS_TOPIC, questionsTopic, ROUNDS_TOPIC, type MissionRole, type ProcedureParams, type TeamRequest } from '@mc/contract';
import { missionParams, signUpLeader } from './factories.ts';
import { uniqueEmail, type TestServer, type TestUser } from './harness.ts';
import { LiveTestClient } from './live-client.ts';
import { follow } from './notifications.ts';
import { signUpOrganiser } from './organisers.ts';
import { openRound, roundParams } from '../src/features/rounds/fixtures.ts';

/*
 * One attendee who chose "Stay anonymous", reaching every part of the app that shows people to
 * others (docs/product.md#anonymity), and three attendees who look at them: another attendee who
 * follows their mission, the owner of a mission they asked to join, and a teammate.
 */

/** What must never reach the others: distinctive, so a match is never a coincidence. */
export const REAL = { firstName: 'Quillonette', lastName: 'Zephyrwick', mobile: '+27829990137' };

/** The teammate's name: they share it, and keep their role card (and so their e-mail) for their teammates. */
export const KEPT = { firstName: 'Perpetua', lastName: 'Keepsakeworth' };

export interface AnonymousWorld {
  anonymous: TestUser;
  /** Another attendee, on none of their teams, following their mission. */
  other: TestUser;
  /** The owner of the mission they asked to join and were invited to. */
  owner: TestUser;
  /**
   * On their team, and owner of a mission that invited them; shares their name (KEPT) but keeps
   * their role card, and with it their e-mail, for their teammates (docs/product.md#role-card).
   */
  teammate: TestUser;
  missions: { anonymous: string; owner: string; teammate: string; other: string };
  roles: { anonymous: string; asked: string; invitedByOwner: string; spareOfOwner: string; invitedByTeammate: string; spareOfTeammate: string };
  requests: { ask: string; ownerInvite: string; teammateInvite: string };
  roundId: string;
  /** Their question on part s1p2, whose host is the teammate. */
  questionId: string;
  live: LiveTestClient[];
}

async function call<T>(promise: PromiseLike<{ data: T | null; error: { message: string } | null }>): Promise<T> {
  const { data, error } = await promise;
  expect(error).toBeNull();
  if (data === null) throw new Error('the procedure answered nothing');
  return data;
}

async function newMission(user: TestUser, name: string, members: string[] = []): Promise<string> {
  const [mission] = await call(user.client.rpc('create_mission', missionParams(user, { p_name: name, p_member_ids: members })));
  if (!mission) throw new Error('create_mission answered no mission');
  return mission.mission_id;
}

async function newRole(user: TestUser, missionId: string, title: string): Promise<string> {
  const roles: MissionRole[] = await call(
    user.client.rpc('save_mission_role', { p_mission_id: missionId, p_title: title, p_description: `${title} wanted`, p_skills: ['listening'], p_places: 2 }),
  );
  const role = roles.find((row) => row.title === title);
  if (!role) throw new Error(`role ${title} not saved`);
  return role.role_id;
}

/** update_mission's parameters for the owner: every field of create_mission's, the statement changed. */
export function updateParams(owner: TestUser, missionId: string): ProcedureParams<'update_mission'> {
  const fields = missionParams(owner, { p_statement: 'We changed course' });
  return {
    p_mission_id: missionId,
    p_updated_by: owner.user.id,
    p_name: fields.p_name,
    p_shared_intention: fields.p_shared_intention,
    p_objective_or_focus: fields.p_objective_or_focus,
    p_statement: fields.p_statement,
    p_core_message: fields.p_core_message,
    p_problem_being_solved: fields.p_problem_being_solved,
    p_first_team_action: fields.p_first_team_action,
  };
}

function requestId(rows: TeamRequest[]): string {
  const [row] = rows;
  if (!row) throw new Error('no request answered');
  return row.request_id;
}

async function openLive(server: TestServer, user: TestUser): Promise<LiveTestClient> {
  return LiveTestClient.follow(server.url, user.session.access_token, [MISSIONS_TOPIC, ROUNDS_TOPIC, questionsTopic('s1p2'), `user:${user.user.id}`]);
}

/** Builds the world through the procedures, the three onlookers' live channels open throughout. */
export async function buildAnonymousWorld(server: TestServer): Promise<AnonymousWorld> {
  const anonymous = await signUpLeader(server, { ...REAL, email: uniqueEmail('quillonette.zephyrwick') });
  const chosen = await anonymous.client.auth.updateUser({ data: { is_anonymous: true, anonymity_choice_made: true, anonymous_guid: randomUUID() } });
  expect(chosen.error).toBeNull();
  const [other, owner] = [await signUpLeader(server), await signUpLeader(server)];
  const teammate = await signUpLeader(server, { ...KEPT, email: uniqueEmail('perpetua.keepsakeworth') });
  await call(teammate.client.rpc('save_role_card_settings', { p_visibility: 'team' }));
  const live = [await openLive(server, other), await openLive(server, owner), await openLive(server, teammate)];

  // Their mission, with the teammate on it and an open role; the other attendee follows it.
  const anonymousMission = await newMission(anonymous, 'Quiet Harbour', [teammate.user.id]);
  const anonymousRole = await newRole(anonymous, anonymousMission, 'Navigator');
  await follow(other, anonymousMission);
  const missions = {
    anonymous: anonymousMission,
    owner: await newMission(owner, 'Open Door'),
    teammate: await newMission(teammate, 'Second Team'),
    other: await newMission(other, 'Lookout Point'),
  };
  const roles = {
    anonymous: anonymousRole,
    asked: await newRole(owner, missions.owner, 'Storyteller'),
    invitedByOwner: await newRole(owner, missions.owner, 'Builder'),
    spareOfOwner: await newRole(owner, missions.owner, 'Gardener'),
    invitedByTeammate: await newRole(teammate, missions.teammate, 'Cook'),
    spareOfTeammate: await newRole(teammate, missions.teammate, 'Scout'),
  };

  // They ask to join; their card open to everyone while the owner invites them, then teammates only.
  const ask = requestId(await call(anonymous.client.rpc('ask_to_join', { p_role_id: roles.asked, p_message: 'I would love to help' })));
  await call(anonymous.client.rpc('save_role_card_settings', { p_visibility: 'everyone' }));
  const invite = (by: TestUser, role: string) => by.client.rpc('invite_to_role', { p_role_id: role, p_user_id: anonymous.user.id, p_message: 'Join us' });
  const ownerInvite = requestId(await call(invite(owner, roles.invitedByOwner)));
  const teammateInvite = requestId(await call(invite(teammate, roles.invitedByTeammate)));
  await call(anonymous.client.rpc('save_role_card_settings', { p_visibility: 'team' }));

  // Starred parts, a changed mission (its followers are told), and a round with their mission a finalist.
  await call(anonymous.client.rpc('set_agenda_favourite', { p_part_id: 's1p2', p_starred: true }));
  await call(anonymous.client.rpc('update_mission', updateParams(anonymous, anonymousMission)));
  // An update they post: its followers and team are told, and its author is shown by the rule.
  await call(anonymous.client.rpc('post_mission_update', { p_mission_id: anonymousMission, p_title: 'First harbour walk', p_text: 'We walked.' }));
  await call(anonymous.client.rpc('set_mission_public_page', { p_mission_id: anonymousMission, p_slug: 'quiet-harbour' }));
  const organiser = await signUpOrganiser(server);
  const round = await openRound(server, organiser, roundParams([missions.anonymous, missions.owner, missions.teammate]));
  // A question they ask on s1p2, whose host the teammate is (hosts, too, never learn who asked).
  await call(organiser.client.rpc('add_part_host', { p_part_id: 's1p2', p_email: teammate.email }));
  await call(organiser.client.rpc('set_part_questions', { p_part_id: 's1p2', p_asking: 'open', p_premoderated: false }));
  const asked = await call(anonymous.client.rpc('ask_question', { p_part_id: 's1p2', p_body: 'How do quiet harbours stay open?' }));
  const questionId = asked.questions.find((question) => question.mine)?.question_id;
  if (!questionId) throw new Error('ask_question answered no question of theirs');
  return {
    anonymous,
    other,
    owner,
    teammate,
    missions,
    roles,
    requests: { ask, ownerInvite, teammateInvite },
    roundId: round.round_id,
    questionId,
    live,
  };
}
