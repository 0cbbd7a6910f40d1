import type { Session, SupabaseClient } from '@supabase/supabase-js';
import { encodeDateOfBirth } from '@mc/contract';
import { newClient, uniqueEmail } from './harness.ts';

/** What the ops tests do to a server from outside, through supabase-js, as the web app does. */
export interface Person {
  client: SupabaseClient;
  id: string;
  email: string;
  password: string;
  mobile: string;
  session: Session;
}

export async function signUp(url: string, options: { email?: string; dateOfBirth?: string; mobile?: string } = {}): Promise<Person> {
  const client = newClient(url);
  const email = (options.email ?? uniqueEmail('ops')).toLowerCase();
  const password = encodeDateOfBirth(options.dateOfBirth ?? '1984-11-23');
  const mobile = options.mobile ?? '+27825550123';
  const { data, error } = await client.auth.signUp({
    email,
    password,
    options: { data: { first_name: 'Ops', last_name: 'Tester', date_of_birth: password, mobile_number: mobile } },
  });
  if (error || !data.session || !data.user) throw new Error(`sign-up failed: ${error?.message ?? 'no session'}`);
  return { client, id: data.user.id, email, password, mobile, session: data.session };
}

/** Signs in an existing person on a (possibly different) server. */
export async function signIn(url: string, email: string, password: string): Promise<Person> {
  const client = newClient(url);
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error || !data.session || !data.user) throw new Error(`sign-in failed: ${error?.message ?? 'no session'}`);
  return { client, id: data.user.id, email, password, mobile: '', session: data.session };
}

/** Survey done and a role profile: what creating a mission needs. */
export async function makeLeader(person: Person): Promise<void> {
  const survey = await person.client.rpc('mark_survey_completed', { p_user_id: person.id, p_survey_type: 'pre_survey_completed' });
  if (survey.error) throw new Error(`mark_survey_completed: ${survey.error.message}`);
  const profile = await person.client.rpc('create_role_profile', {
    p_user_id: person.id,
    p_intention: 'Keep the lights on',
    p_skills_and_resources: 'Operations',
    p_knowledge_and_experience: 'Servers',
    p_community_need: 'Reliable tools',
    p_contribution: 'Backups',
    p_first_action_next_7_days: 'Test a restore',
    p_role_title: 'Operator',
    p_high_objective: 'Life & Well-being',
    p_role_archype: 'Architect',
  });
  if (profile.error) throw new Error(`create_role_profile: ${profile.error.message}`);
}

export async function createMission(person: Person, name: string): Promise<string> {
  await makeLeader(person);
  const { data, error } = await person.client.rpc('create_mission', {
    p_creator_id: person.id,
    p_name: name,
    p_shared_intention: 'Stay up',
    p_objective_or_focus: 'Life & Well-being',
    p_statement: 'We keep every acknowledged write',
    p_core_message: 'Nothing lost',
    p_problem_being_solved: 'Lost votes',
    p_first_team_action: 'Pull the plug and check',
  });
  if (error) throw new Error(`create_mission: ${error.message}`);
  const rows = data as Array<{ mission_id: string }>;
  const missionId = rows[0]?.mission_id;
  if (!missionId) throw new Error('create_mission returned no mission');
  return missionId;
}

/** The mission ids this person has voted for, as the server reports them. */
export async function votedMissions(person: Person): Promise<Set<string>> {
  const { data, error } = await person.client.rpc('get_all_missions', {});
  if (error) throw new Error(`get_all_missions: ${error.message}`);
  const rows = data as Array<{ mission_id: string; is_voted: boolean }>;
  return new Set(rows.filter((row) => row.is_voted).map((row) => row.mission_id));
}
