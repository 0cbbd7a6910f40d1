import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSIONS_TOPIC, userTopic } from '@mc/contract';
import { backends, newClient, signUpUser, startTestServer, uniqueEmail, type TestServer } from '../../../test/harness.ts';
import { missionParams, signUpLeader } from '../../../test/factories.ts';
import { texts } from '../../../test/notifications.ts';
import { LIVE_MESSAGE_LIMIT_MS, LiveTestClient } from '../../../test/live-client.ts';
import { tracesOf } from '../../../test/traces.ts';

/*
 * A deleted person leaves no trace outside the tables either (docs/product.md#deleting-an-account):
 * no log line at the most talkative level, no live message, no cached mission list, no counter of
 * a trusted browser's wrong sign-ins.
 */

for (const backend of backends) {
  describe(`a deletion leaves nothing behind outside the tables [${backend}]`, () => {
    const lines: string[] = [];
    let server: TestServer | undefined;
    beforeAll(async () => {
      server = await startTestServer(backend, { LOG_LEVEL: 'trace' }, { logStream: { write: (line) => lines.push(line) } });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('in the log, on the live channel, in the cached mission list and in rate-limit counters', async () => {
      const running = server;
      if (!running) throw new Error('no server');
      const first = `Odalys${Date.now().toString(36)}`;
      const last = 'Vrettakosz';
      const mobile = '+27825559911';
      const person = await signUpLeader(running, { email: uniqueEmail('odalys'), firstName: first, lastName: last, mobile });
      const coOwner = await signUpLeader(running);
      const viewer = await signUpUser(running);
      const created = await person.client.rpc('create_mission', { ...missionParams(person, { p_name: 'Trace Mission' }), p_member_ids: [coOwner.user.id] });
      expect(created.error).toBeNull();
      const missionId = created.data?.[0]?.mission_id ?? '';
      await running.db.query('update mission_members set is_co_owner = true where mission_id = $1 and user_id = $2', [missionId, coOwner.user.id]);
      expect((await person.client.rpc('toggle_mission_vote', { p_mission_id: missionId })).error).toBeNull();

      // The list's cache now holds the creator line with their name.
      const before = await viewer.client.rpc('get_all_missions', {});
      expect(JSON.stringify(before.data)).toContain(first);

      // A wrong sign-in from their own trusted browser: a counter keyed by their id and that browser.
      const signIn = await fetch(`${running.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: person.email, password: person.password }),
      });
      const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      expect(cookie).toMatch(/^mc_device=/);
      const wrong = await fetch(`${running.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ email: person.email, password: 'wrong-date-1' }),
      });
      expect(wrong.status).toBe(400);
      await newClient(running.url).auth.resetPasswordForEmail(person.email);

      const token = (await viewer.client.auth.getSession()).data.session?.access_token ?? '';
      const coOwnerToken = (await coOwner.client.auth.getSession()).data.session?.access_token ?? '';
      const watching = await LiveTestClient.follow(running.url, token, [MISSIONS_TOPIC]);
      const teammate = await LiveTestClient.follow(running.url, coOwnerToken, [userTopic(coOwner.user.id)]);
      const from = watching.received.length;

      const deleted = await person.client.rpc('delete_my_account', { p_email: person.email });
      expect(deleted.error).toBeNull();
      // The vote count of their mission went down: the live channel says so, with counts only.
      await watching.waitFor((message) => message.type === 'event' && JSON.stringify(message).includes(missionId), LIVE_MESSAGE_LIMIT_MS, from);

      const needles = [person.user.id, person.email, first, last, mobile];
      const after = await viewer.client.rpc('get_all_missions', {});
      const details = await viewer.client.rpc('get_mission_details', { p_mission_id: missionId });
      const told = await texts(coOwner);
      const seen = { list: after.data, details: details.data, bell: told, missionsChannel: watching.received, teammateChannel: teammate.received };
      // Each place apart, so a failure names where the person was still found.
      for (const [place, value] of Object.entries(seen)) {
        for (const needle of needles) expect(JSON.stringify(value).toLowerCase(), place).not.toContain(needle.toLowerCase());
      }
      expect(JSON.stringify(after.data)).toContain('Trace Mission');

      expect(await tracesOf(running.db, needles)).toEqual([]);
      expect(lines.some((line) => line.includes('mail kept in outbox'))).toBe(true);
      const naming = lines.filter((line) => needles.some((needle) => line.toLowerCase().includes(needle.toLowerCase())));
      expect(naming).toEqual([]);
      watching.close();
      teammate.close();
    });
  });
}
