import { afterAll, describe, expect, it } from 'vitest';
import { MISSIONS_TOPIC, type UserLiveEvent } from '@mc/contract';
import { createMission } from '../../test/factories.ts';
import { describeEachDatabase, signUpUser, type TestServer } from '../../test/harness.ts';
import { LiveTestClient } from '../../test/live-client.ts';
import { follow, saveSettings } from '../../test/notifications.ts';
import { SERVER_BUSY_MESSAGE } from '../http/errors.ts';
import { createPglite, pgliteDb, sqlState, TRANSACTION_ATTEMPTS, type Db } from './db.ts';

/*
 * A transaction the database aborts as deadlocked (40P01) or unserialisable (40001) runs again,
 * a bounded number of times, in db.transaction itself (docs/ARCHITECTURE.md#lock-order). The
 * aborts here are real database errors, raised by a trigger or a statement for the test.
 */

/** A statement that fails with SQLSTATE `state`, as the database reports an abort. */
function abortWith(state: string): string {
  return `do $$ begin raise exception 'aborted for the test' using errcode = '${state}'; end $$`;
}

describe('the transaction runner', () => {
  let opened: Db | undefined;
  const database = async (): Promise<Db> => (opened ??= pgliteDb(await createPglite('memory://')));
  afterAll(async () => {
    await opened?.close();
  });

  it('runs a transaction aborted as deadlocked or unserialisable again, and keeps only the try that committed', async () => {
    const db = await database();
    await db.exec('create table tries (n int)');
    for (const state of ['40P01', '40001']) {
      await db.exec('delete from tries');
      let attempts = 0;
      const answer = await db.transaction(async (tx) => {
        attempts += 1;
        await tx.query('insert into tries values ($1)', [attempts]);
        if (attempts < 3) await tx.exec(abortWith(state));
        return 'committed';
      });
      expect(answer).toBe('committed');
      expect(attempts).toBe(3);
      expect(await db.query('select n from tries')).toEqual([{ n: 3 }]);
    }
  });

  it('gives up after its bound with the abort, and never runs again what failed for another reason', async () => {
    const db = await database();
    let attempts = 0;
    const aborted = await db
      .transaction(async (tx) => {
        attempts += 1;
        await tx.exec(abortWith('40P01'));
      })
      .catch((error: unknown) => error);
    expect(sqlState(aborted)).toBe('40P01');
    expect(attempts).toBe(TRANSACTION_ATTEMPTS);

    attempts = 0;
    const broken = await db
      .transaction(async (tx) => {
        attempts += 1;
        await tx.exec(abortWith('P0001'));
      })
      .catch((error: unknown) => error);
    expect(sqlState(broken)).toBe('P0001');
    expect(attempts).toBe(1);
  });
});

/** Makes the database abort the first `times` statements that insert into `table` as deadlocked. */
async function abortInserts(server: TestServer, table: string, times: number): Promise<void> {
  await server.db.exec(`
    create sequence ${table}_aborts_for_test;
    create function ${table}_abort_for_test() returns trigger language plpgsql as $$
    begin
      if nextval('${table}_aborts_for_test') <= ${times} then
        raise exception 'aborted for the test' using errcode = '40P01';
      end if;
      return null;
    end $$;
    create trigger ${table}_abort_for_test after insert on ${table} for each statement execute function ${table}_abort_for_test();`);
}

async function stopAborting(server: TestServer, table: string): Promise<void> {
  await server.db.exec(`drop trigger ${table}_abort_for_test on ${table}; drop function ${table}_abort_for_test(); drop sequence ${table}_aborts_for_test;`);
}

const openClients: LiveTestClient[] = [];
afterAll(() => {
  for (const client of openClients) client.close();
});

describeEachDatabase('a transaction the database aborts', (server) => {
  it("runs again, and what it tells (bell, live message, mail) happens once, the try that committed's", async () => {
    const { owner, mission } = await createMission(server());
    const follower = await signUpUser(server());
    await saveSettings(follower, { email_digest: 'immediate' });
    await follow(follower, mission.mission_id);
    const userTopic = `user:${follower.user.id}`;
    const live = await LiveTestClient.follow(server().url, follower.session.access_token, [MISSIONS_TOPIC, userTopic]);
    openClients.push(live);

    // The change's first try writes its bell and is then aborted; so is the mail pass's first try.
    await abortInserts(server(), 'notifications', 1);
    await abortInserts(server(), 'mail_outbox', 1);
    try {
      const changed = await owner.client.rpc('update_mission', {
        p_mission_id: mission.mission_id,
        p_updated_by: owner.user.id,
        p_statement: 'Filters for all',
      });
      expect(changed.error).toBeNull();
      await live.waitFor((message) => message.type === 'event' && message.topic === userTopic);
      await server().notifications.settled();
      // A later change on another mission, heard after everything the first one sent.
      const other = await createMission(server());
      expect((await follower.client.rpc('toggle_mission_vote', { p_mission_id: other.mission.mission_id })).error).toBeNull();
      await live.waitFor(
        (message) => message.type === 'event' && message.topic === MISSIONS_TOPIC && JSON.stringify(message.data).includes(other.mission.mission_id),
      );

      const bells = await server().db.query('select id from notifications where user_id = $1', [follower.user.id]);
      expect(bells).toHaveLength(1);
      const bellMessages = live.received.filter((entry) => entry.message.type === 'event' && entry.message.topic === userTopic);
      expect(bellMessages).toHaveLength(1);
      expect((bellMessages[0]!.message as { data: UserLiveEvent }).data.list.items).toHaveLength(1);
      expect(live.missionEvents().filter(({ event }) => event.changed.includes(mission.mission_id))).toHaveLength(1);
      const mails = await server().db.query('select id from mail_outbox where recipient = $1', [follower.email.toLowerCase()]);
      expect(mails).toHaveLength(1);
      const [tries] = await server().db.query<{ n: number }>('select last_value::int as n from notifications_aborts_for_test');
      expect(tries?.n).toBe(2);
    } finally {
      await stopAborting(server(), 'notifications');
      await stopAborting(server(), 'mail_outbox');
    }
  });

  it('gives up after its bound: 503 with the documented message, nothing saved', async () => {
    const { owner, mission } = await createMission(server());
    const follower = await signUpUser(server());
    await follow(follower, mission.mission_id);
    await abortInserts(server(), 'notifications', 1000);
    try {
      const changed = await owner.client.rpc('update_mission', { p_mission_id: mission.mission_id, p_updated_by: owner.user.id, p_statement: 'Never saved' });
      expect(changed.status).toBe(503);
      expect(changed.error?.message).toBe(SERVER_BUSY_MESSAGE);
      const [tries] = await server().db.query<{ n: number }>('select last_value::int as n from notifications_aborts_for_test');
      expect(tries?.n).toBe(TRANSACTION_ATTEMPTS);
      const [kept] = await server().db.query<{ statement: string }>('select statement from missions where mission_id = $1', [mission.mission_id]);
      expect(kept?.statement).toBe('We build filters together');
    } finally {
      await stopAborting(server(), 'notifications');
    }
  });
});
