import { expect, it } from 'vitest';
import { PROFILE_TEXT_MAX, ROLE_PROFILE_MESSAGES, type ProcedureParams } from '@mc/contract';
import { describeEachDatabase, signUpUser, untyped, type TestServer, type TestUser } from '../../../test/harness.ts';

type ProfileParams = ProcedureParams<'create_role_profile'>;

function profileParams(userId: string, overrides: Partial<ProfileParams> = {}): ProfileParams {
  return {
    p_user_id: userId,
    p_intention: 'To serve my neighbourhood',
    p_skills_and_resources: 'Carpentry, a van',
    p_knowledge_and_experience: 'Ten years of youth work',
    p_community_need: 'Safe places for teenagers',
    p_contribution: 'Build and run a workshop',
    p_first_action_next_7_days: 'Talk to the mosque committee',
    p_role_title: 'Workshop builder',
    p_high_objective: 'Life & Well-being',
    p_role_archype: 'Creator',
    ...overrides,
  };
}

async function surveyedUser(server: TestServer): Promise<TestUser> {
  const user = await signUpUser(server);
  const { error } = await user.client.rpc('mark_survey_completed', { p_user_id: user.user.id, p_survey_type: 'pre_survey_completed' });
  if (error) throw new Error(error.message);
  return user;
}

const ALL_LABELS =
  'Please fill in all required fields: Name this role, Role Archetype, Your intention or purpose, Higher objective (Maqāşid), ' +
  'Skills and resources, Knowledge and experience, Community need you see, How you plan to serve, First action in the next 7 days';

describeEachDatabase('role profile procedures through supabase-js rpc', (server) => {
  it('creates, reads and updates the caller’s profile, storing trimmed values; answers a list of one row', async () => {
    const { client, user } = await surveyedUser(server());
    const empty = await client.rpc('get_user_role_profile', { p_user_id: user.id });
    expect(empty.error).toBeNull();
    expect(empty.data).toEqual([]);

    const created = await client.rpc('create_role_profile', profileParams(user.id, { p_role_title: '  Workshop builder  ', p_role_archype: ' Creator ' }));
    expect(created.error).toBeNull();
    expect(created.data).toHaveLength(1);
    const row = created.data![0]!;
    expect(row).toMatchObject({
      user_id: user.id,
      role_title: 'Workshop builder',
      role_archype: 'Creator',
      high_objective: 'Life & Well-being',
      intention: 'To serve my neighbourhood',
      skills_and_resources: 'Carpentry, a van',
      knowledge_and_experience: 'Ten years of youth work',
      community_need: 'Safe places for teenagers',
      contribution: 'Build and run a workshop',
      first_action_next_7_days: 'Talk to the mosque committee',
    });
    expect(typeof row.id).toBe('string');
    expect(Number.isNaN(Date.parse(row.created_at))).toBe(false);
    expect(Number.isNaN(Date.parse(row.updated_at))).toBe(false);

    const read = await client.rpc('get_user_role_profile', { p_user_id: user.id });
    expect(read.data).toEqual([row]);

    const updated = await client.rpc(
      'update_role_profile',
      profileParams(user.id, { p_role_title: 'Workshop lead', p_high_objective: 'Not sure yet', p_intention: '\tTo teach\n' }),
    );
    expect(updated.error).toBeNull();
    expect(updated.data).toHaveLength(1);
    expect(updated.data![0]).toMatchObject({
      id: row.id,
      role_title: 'Workshop lead',
      high_objective: 'Not sure yet',
      intention: 'To teach',
      created_at: row.created_at,
    });
    expect(Date.parse(updated.data![0]!.updated_at)).toBeGreaterThanOrEqual(Date.parse(row.updated_at));
  });

  it('refuses a profile before the pre-conference survey is complete', async () => {
    const { client, user } = await signUpUser(server());
    const { data, error, status } = await client.rpc('create_role_profile', profileParams(user.id));
    expect(data).toBeNull();
    expect(status).toBe(400);
    expect(error?.code).toBe('P0001');
    expect(error?.message).toBe(ROLE_PROFILE_MESSAGES.surveyFirst);
    const read = await client.rpc('get_user_role_profile', { p_user_id: user.id });
    expect(read.data).toEqual([]);
  });

  it('refuses a second create and an update without a profile, telling which call to use', async () => {
    const { client, user } = await surveyedUser(server());
    const update = await client.rpc('update_role_profile', profileParams(user.id));
    expect(update.error?.code).toBe('P0001');
    expect(update.error?.message).toBe(ROLE_PROFILE_MESSAGES.notFound);

    expect((await client.rpc('create_role_profile', profileParams(user.id))).error).toBeNull();
    const again = await client.rpc('create_role_profile', profileParams(user.id, { p_role_title: 'Other' }));
    expect(again.error?.code).toBe('P0001');
    expect(again.error?.message).toBe(ROLE_PROFILE_MESSAGES.alreadyExists);
    const read = await client.rpc('get_user_role_profile', { p_user_id: user.id });
    expect(read.data![0]!.role_title).toBe('Workshop builder');
  });

  it('lets exactly one of two concurrent creates succeed', async () => {
    const { client, user } = await surveyedUser(server());
    const results = await Promise.all([client.rpc('create_role_profile', profileParams(user.id)), client.rpc('create_role_profile', profileParams(user.id))]);
    expect(results.filter((result) => result.error === null)).toHaveLength(1);
    expect(results.find((result) => result.error)?.error?.message).toBe(ROLE_PROFILE_MESSAGES.alreadyExists);
  });

  it('names every missing field in the documented order in one P0001 message, on create and on update', async () => {
    const { client, user } = await surveyedUser(server());
    const blank = {
      p_intention: ' ',
      p_skills_and_resources: '',
      p_knowledge_and_experience: '\n',
      p_community_need: '',
      p_contribution: ' ',
      p_first_action_next_7_days: '',
      p_role_title: '   ',
      p_high_objective: null,
      p_role_archype: '',
    };
    const all = await client.rpc('create_role_profile', profileParams(user.id, blank));
    expect(all.error?.code).toBe('P0001');
    expect(all.error?.message).toBe(ALL_LABELS);

    const two = await client.rpc('create_role_profile', profileParams(user.id, { p_community_need: '  ', p_role_archype: null }));
    expect(two.error?.message).toBe('Please fill in all required fields: Role Archetype, Community need you see');

    expect((await client.rpc('create_role_profile', profileParams(user.id))).error).toBeNull();
    const update = await client.rpc('update_role_profile', profileParams(user.id, { p_role_title: '', p_high_objective: '' }));
    expect(update.error?.message).toBe('Please fill in all required fields: Name this role, Higher objective (Maqāşid)');
    expect((await client.rpc('get_user_role_profile', { p_user_id: user.id })).data![0]!.role_title).toBe('Workshop builder');
  });

  it('answers 400 naming the parameter for an unknown option, an over-long answer or a missing field', async () => {
    const { client, user } = await surveyedUser(server());
    const archetype = await client.rpc('create_role_profile', profileParams(user.id, { p_role_archype: 'Wizard' }));
    expect(archetype.status).toBe(400);
    expect(archetype.error?.message).toMatch(/p_role_archype/);

    const objective = await client.rpc('create_role_profile', profileParams(user.id, { p_high_objective: 'World domination' }));
    expect(objective.status).toBe(400);
    expect(objective.error?.message).toMatch(/p_high_objective/);

    const long = await client.rpc('create_role_profile', profileParams(user.id, { p_intention: 'x'.repeat(PROFILE_TEXT_MAX + 1) }));
    expect(long.status).toBe(400);
    expect(long.error?.message).toMatch(/p_intention/);

    const { p_contribution: _dropped, ...withoutContribution } = profileParams(user.id);
    const missing = await untyped(client).rpc('create_role_profile', withoutContribution);
    expect(missing.status).toBe(400);
    expect(missing.error?.message).toMatch(/p_contribution/);

    const badId = await client.rpc('get_user_role_profile', { p_user_id: 'me' });
    expect(badId.status).toBe(400);
    expect((await client.rpc('get_user_role_profile', { p_user_id: user.id })).data).toEqual([]);
  });

  it('never reads or writes someone else’s profile', async () => {
    const me = await surveyedUser(server());
    const other = await surveyedUser(server());
    expect((await other.client.rpc('create_role_profile', profileParams(other.user.id))).error).toBeNull();

    for (const name of ['create_role_profile', 'update_role_profile'] as const) {
      const result = await me.client.rpc(name, profileParams(other.user.id, { p_role_title: 'Hijacked' }));
      expect(result.status).toBe(403);
      expect(result.error?.code).toBe('42501');
    }
    const read = await me.client.rpc('get_user_role_profile', { p_user_id: other.user.id });
    expect(read.status).toBe(403);
    expect(read.error?.code).toBe('42501');
    const theirs = await other.client.rpc('get_user_role_profile', { p_user_id: other.user.id });
    expect(theirs.data![0]!.role_title).toBe('Workshop builder');
    expect((await me.client.rpc('get_user_role_profile', { p_user_id: me.user.id })).data).toEqual([]);
  });
});
