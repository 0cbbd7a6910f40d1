import { expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { MODERATION_MESSAGES, ROUND_AUDIT_KINDS, ROUND_MESSAGES, roundExportPath } from '@mc/contract';
import { describeEachDatabase, signUpUser, type TestServer, type TestUser } from '../../../test/harness.ts';
import { UNKNOWN_ID } from '../../../test/factories.ts';
import { auditCount, signUpOrganiser } from '../../../test/organisers.ts';
import { cast, finalists, openRound, roundParams, roundVoteRows } from './fixtures.ts';

async function download(server: TestServer, path: string, user?: TestUser): Promise<Response> {
  return fetch(server.url + path, user ? { headers: { authorization: `Bearer ${user.session.access_token}` } } : {});
}

async function records(response: Response): Promise<string[][]> {
  const text = (await response.text()).replace(/^\uFEFF/, '');
  return parse(text, { record_delimiter: '\r\n' });
}

describeEachDatabase('voting rounds: CSV exports', (server) => {
  it('exports a revealed round’s counts and receipts to organisers only, and nothing before the reveal', async () => {
    const organiser = await signUpOrganiser(server());
    const { ids } = await finalists(server(), 2, '=Export');
    const round = await openRound(server(), organiser, roundParams(ids, { p_name: 'Export panel' }));
    const voters = await Promise.all([signUpUser(server()), signUpUser(server())]);
    await cast(voters[0], round.round_id, ids[0] ?? '');
    await cast(voters[1], round.round_id, ids[0] ?? '');
    await cast(voters[1], round.round_id, ids[1] ?? '');

    const audit = await auditCount(server());
    const early = await download(server(), roundExportPath(round.round_id, 'result'), organiser);
    expect(early.status).toBe(400);
    expect(await early.json()).toMatchObject({ message: ROUND_MESSAGES.notRevealed });
    const signedOut = await download(server(), roundExportPath(round.round_id, 'receipts'));
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toMatchObject({ message: MODERATION_MESSAGES.signedOutExport });
    const attendee = await download(server(), roundExportPath(round.round_id, 'receipts'), voters[0]);
    expect(attendee.status).toBe(403);
    const unknown = await download(server(), roundExportPath(UNKNOWN_ID, 'result'), organiser);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ message: ROUND_MESSAGES.notFound });
    expect(await auditCount(server())).toBe(audit);

    await organiser.client.rpc('close_vote_round', { p_round_id: round.round_id });
    await organiser.client.rpc('reveal_vote_round', { p_round_id: round.round_id });
    const result = await download(server(), roundExportPath(round.round_id, 'result'), organiser);
    expect(result.status).toBe(200);
    expect(result.headers.get('content-disposition')).toBe('attachment; filename="export-panel-result.csv"');
    expect(await records(result)).toEqual([
      ['Mission', 'Statement', 'Team size', 'Votes'],
      ["'=Export 1", 'We build filters together', '1', '2'],
      ["'=Export 2", 'We build filters together', '1', '1'],
    ]);
    const receipts = await records(await download(server(), roundExportPath(round.round_id, 'receipts'), organiser));
    expect(receipts[0]).toEqual(['Mission', 'Receipt']);
    const rows = await roundVoteRows(server(), round.round_id);
    expect(
      receipts
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(rows.map((r) => r.receipt).sort());
    const [entry] = await server().db.query<{ kind: string; subject: string }>('select kind, subject from audit_log order by at desc, id desc limit 1');
    expect(entry).toEqual({ kind: ROUND_AUDIT_KINDS.exported, subject: 'Export panel' });
  });
});
