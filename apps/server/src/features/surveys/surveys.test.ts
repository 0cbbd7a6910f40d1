import { expect, it } from 'vitest';
import { describeEachDatabase, signUpUser, untyped } from '../../../test/harness.ts';

describeEachDatabase('survey procedures through supabase-js rpc', (server) => {
  it('get_survey_status answers one row with both flags false for a new person', async () => {
    const { client, user } = await signUpUser(server());
    const { data, error } = await client.rpc('get_survey_status', { p_user_id: user.id });
    expect(error).toBeNull();
    expect(data).toEqual([{ pre_survey_completed: false, post_survey_completed: false }]);
  });

  it('mark_survey_completed sets one flag, answers the updated row, and is idempotent', async () => {
    const { client, user } = await signUpUser(server());
    const first = await client.rpc('mark_survey_completed', { p_user_id: user.id, p_survey_type: 'pre_survey_completed' });
    expect(first.error).toBeNull();
    expect(first.data).toEqual([{ pre_survey_completed: true, post_survey_completed: false }]);

    const again = await client.rpc('mark_survey_completed', { p_user_id: user.id, p_survey_type: 'pre_survey_completed' });
    expect(again.data).toEqual([{ pre_survey_completed: true, post_survey_completed: false }]);

    const post = await client.rpc('mark_survey_completed', { p_user_id: user.id, p_survey_type: 'post_survey_completed' });
    expect(post.data).toEqual([{ pre_survey_completed: true, post_survey_completed: true }]);

    const status = await client.rpc('get_survey_status', { p_user_id: user.id });
    expect(status.data).toEqual([{ pre_survey_completed: true, post_survey_completed: true }]);
    // The app user (get_user_by_auth) reads the same flags.
    const appUser = await client.rpc('get_user_by_auth', { auth_id: user.id });
    expect(appUser.data).toMatchObject([{ id: user.id, pre_survey_completed: true, post_survey_completed: true }]);
  });

  it('refuses to read or mark anyone else, and changes nothing for them', async () => {
    const me = await signUpUser(server());
    const other = await signUpUser(server());
    const read = await me.client.rpc('get_survey_status', { p_user_id: other.user.id });
    expect(read.status).toBe(403);
    expect(read.error?.code).toBe('42501');
    expect(read.error?.message).toBe('p_user_id must be your own user id');

    const mark = await me.client.rpc('mark_survey_completed', { p_user_id: other.user.id, p_survey_type: 'pre_survey_completed' });
    expect(mark.status).toBe(403);
    expect(mark.error?.code).toBe('42501');
    const theirs = await other.client.rpc('get_survey_status', { p_user_id: other.user.id });
    expect(theirs.data).toEqual([{ pre_survey_completed: false, post_survey_completed: false }]);
  });

  it('answers 400 naming the parameter for bad input', async () => {
    const { client, user } = await signUpUser(server());
    const badType = await untyped(client).rpc('mark_survey_completed', { p_user_id: user.id, p_survey_type: 'first_name' });
    expect(badType.status).toBe(400);
    expect(badType.error?.message).toMatch(/p_survey_type/);

    const badId = await client.rpc('get_survey_status', { p_user_id: 'not-a-uuid' });
    expect(badId.status).toBe(400);
    expect(badId.error?.message).toMatch(/p_user_id/);

    const missing = await untyped(client).rpc('mark_survey_completed', { p_user_id: user.id });
    expect(missing.status).toBe(400);
    expect(missing.error?.message).toMatch(/p_survey_type/);

    const extra = await untyped(client).rpc('get_survey_status', { p_user_id: user.id, p_admin: true });
    expect(extra.status).toBe(400);
  });

  it('refuses a caller who is not signed in', async () => {
    const { user } = await signUpUser(server());
    const response = await fetch(`${server().url}/rest/v1/rpc/get_survey_status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: 'any-public-key' },
      body: JSON.stringify({ p_user_id: user.id }),
    });
    expect(response.status).toBe(401);
  });
});
