import { expect, it } from 'vitest';
import { venueInstant } from '@mc/contract';
import { describeEachDatabase, signUpUser, untyped, type TestUser } from '../../../test/harness.ts';
import { texts } from '../../../test/notifications.ts';
import { sendDueReminders } from './reminders.ts';

/** Session reminders at the right minute, with an injected clock: no waiting. */

async function call<T>(user: TestUser, name: string, params: Record<string, unknown> = {}) {
  const { data, error } = await untyped(user.client).rpc(name, params);
  expect(error).toBeNull();
  return data as T;
}

describeEachDatabase('session reminders', (server) => {
  it('are off unless switched on, and then come once, ten minutes before each starred part, venue time', async () => {
    const keen = await signUpUser(server());
    const quiet = await signUpUser(server());
    expect(await call(keen, 'get_session_reminders')).toEqual({ on: false });
    expect(await call(keen, 'set_session_reminders', { p_on: true })).toEqual({ on: true });
    expect(await call(keen, 'get_session_reminders')).toEqual({ on: true });
    for (const person of [keen, quiet]) {
      for (const part of ['s1p2', 's2p1']) await call(person, 'set_agenda_favourite', { p_part_id: part, p_starred: true });
    }
    // The sample programme: s1p2 starts at 09:30 on the first day, Johannesburg time.
    const [{ document } = { document: null }] = await server().db.query<{ document: { settings: { startDate: string; timeZone: string } } }>(
      'select document from programme_versions order by version desc limit 1',
    );
    const starts = venueInstant(document!.settings.startDate, '09:30', document!.settings.timeZone).getTime();
    const at = (offsetMinutes: number) => new Date(starts + offsetMinutes * 60_000);

    expect(await sendDueReminders(server().db, at(-10.5))).toBe(0);
    expect(await texts(keen)).toEqual([]);
    expect(await sendDueReminders(server().db, at(-10))).toBe(1);
    expect(await texts(keen)).toEqual(['Starting in 10 minutes: “Why Communities Need Missions, Not Just Meetings” at 09:30.']);
    // A later pass, or another instance's, gives no second reminder; the person who did not switch them on gets none.
    expect(await sendDueReminders(server().db, at(-3))).toBe(0);
    expect(await texts(keen)).toHaveLength(1);
    expect(await texts(quiet)).toEqual([]);
    // Once the part has started, it is too late for a reminder.
    await call(keen, 'set_session_reminders', { p_on: false });
    await call(keen, 'set_session_reminders', { p_on: true });
    expect(await sendDueReminders(server().db, at(1))).toBe(0);
  });
});
