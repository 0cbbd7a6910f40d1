import { expect, it } from 'vitest';
import { ANNOUNCEMENT_MESSAGES, MOMENT_MESSAGES, type OrganiserRound, type ProgrammeResponse } from '@mc/contract';
import { describeEachDatabase, untyped, type TestServer, type TestUser } from '../../test/harness.ts';
import { signUpOrganiser } from '../../test/organisers.ts';
import { closeOpenRounds, roundParams } from '../features/rounds/fixtures.ts';

/*
 * Every time a person or organiser sends is read by one rule (docs/product.md#dates-times-and-counts):
 * a real calendar date and time within five years of the event's year, else the documented
 * message. Before, "…-02-30" was read as 2 March, "T24:00" as the next day, and the year 10000
 * answered 500 on PGlite.
 */

async function call<T>(user: TestUser, name: string, params: Record<string, unknown>) {
  const { data, error, status } = await untyped(user.client).rpc(name, params);
  return { data: data as T, message: error?.message, status };
}

/** The year of the test conference: its programme's first day. */
async function eventYear(server: TestServer): Promise<number> {
  const [row] = await server.db.query<{ start: string }>(`select document->'settings'->>'startDate' as start from programme`);
  return Number(row?.start.slice(0, 4));
}

/** Impossible or far-off moments, in a year after today that is still near the event's. */
function impossibleMoments(year: number): string[] {
  return [
    `${year}-02-30T10:00:00Z`,
    `${year}-04-31T10:00:00Z`,
    `${year}-03-14T24:00:00Z`,
    `${year}-03-14T10:00:00+15:00`,
    '10000-01-01T10:00:00Z',
    '2999-01-01T10:00:00Z',
  ];
}

describeEachDatabase('times people send', (server) => {
  it('an announcement is scheduled only for a real moment near the event; an offset is kept as the instant it names', async () => {
    const organiser = await signUpOrganiser(server());
    // Next year: after today, so not in the past, and near the event's.
    const year = new Date().getUTCFullYear() + 1;
    expect(year).toBeLessThanOrEqual((await eventYear(server())) + 5);
    const announcement = (sendAt: string) => ({
      p_title: 'Lunch moved',
      p_body: 'Lunch is in the courtyard.',
      p_link: null,
      p_audience: 'everyone',
      p_part_id: null,
      p_urgent: false,
      p_send_at: sendAt,
    });
    for (const sendAt of impossibleMoments(year)) {
      const refused = await call(organiser, 'create_announcement', announcement(sendAt));
      expect({ sendAt, status: refused.status, message: refused.message }).toEqual({ sendAt, status: 400, message: ANNOUNCEMENT_MESSAGES.badTime });
    }
    const kept = await call<{ send_at: string }>(organiser, 'create_announcement', announcement(`${year}-03-14T09:30:00+02:00`));
    expect(kept.message).toBeUndefined();
    expect(kept.data.send_at).toBe(`${year}-03-14T07:30:00.000Z`);
  });

  it("a voting round opens and closes only at real moments near the event's year", async () => {
    const organiser = await signUpOrganiser(server());
    await closeOpenRounds(server());
    const year = (await eventYear(server())) + 5;
    for (const moment of impossibleMoments(year)) {
      const created = await call(organiser, 'create_vote_round', roundParams(null, { p_opens_at: moment }));
      expect({ moment, status: created.status, message: created.message }).toEqual({ moment, status: 400, message: MOMENT_MESSAGES.moment });
    }
    const round = await call<OrganiserRound>(
      organiser,
      'create_vote_round',
      roundParams(null, { p_opens_at: `${year}-03-14T09:30:00+02:00`, p_closes_at: `${year}-03-14T10:30:00Z` }),
    );
    expect(round.message).toBeUndefined();
    expect([round.data.opens_at, round.data.closes_at].map((at) => at && new Date(at).toISOString())).toEqual([
      `${year}-03-14T07:30:00.000Z`,
      `${year}-03-14T10:30:00.000Z`,
    ]);
    for (const moment of impossibleMoments(year)) {
      const updated = await call(organiser, 'update_vote_round', { p_round_id: round.data.round_id, ...roundParams(null, { p_closes_at: moment }) });
      expect({ moment, message: updated.message }).toEqual({ moment, message: MOMENT_MESSAGES.moment });
      const closing = await call(organiser, 'set_vote_round_close', { p_round_id: round.data.round_id, p_closes_at: moment });
      expect({ moment, message: closing.message }).toEqual({ moment, message: MOMENT_MESSAGES.moment });
    }
  });

  it("the programme's days move only to real dates near the event's year", async () => {
    const organiser = await signUpOrganiser(server());
    const { data } = await call<ProgrammeResponse>(organiser, 'get_programme_draft', {});
    const { settings } = data.programme;
    const year = await eventYear(server());
    for (const [startDate, endDate] of [
      [`${year + 6}-03-14`, `${year + 6}-03-15`],
      [`${year - 6}-03-14`, `${year - 6}-03-15`],
      ['9999-12-30', '9999-12-31'],
    ]) {
      const saved = await call(organiser, 'save_programme_settings', { p_settings: { ...settings, startDate, endDate } });
      expect({ startDate, message: saved.message }).toEqual({ startDate, message: MOMENT_MESSAGES.date });
    }
    const moved = await call<ProgrammeResponse>(organiser, 'save_programme_settings', {
      p_settings: { ...settings, startDate: `${year + 5}-03-14`, endDate: `${year + 5}-03-15` },
    });
    expect(moved.message).toBeUndefined();
    expect(moved.data.programme.settings.startDate).toBe(`${year + 5}-03-14`);
  });
});
