import { expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { MODERATION_AUDIT_KINDS, MODERATION_MESSAGES, ORGANISER_MESSAGES, exportPath, type ExportName } from '@mc/contract';
import { describeEachDatabase, signUpUser, type TestServer, type TestUser } from '../../../test/harness.ts';
import { auditCount, signUpOrganiser } from '../../../test/organisers.ts';
import { EXPORT_PAGE_SIZE } from './exports.ts';
import { createMission } from '../../../test/moderation-fixtures.ts';

async function download(server: TestServer, name: ExportName | string, user?: TestUser): Promise<Response> {
  const path = name.includes('/') ? name : exportPath(name as ExportName);
  return fetch(server.url + path, user ? { headers: { authorization: `Bearer ${user.session.access_token}` } } : {});
}

/** The file's records (header first), read by a strict RFC 4180 parser after checking the BOM. */
async function records(response: Response): Promise<string[][]> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes).slice(1);
  // Every record ends with CRLF, as RFC 4180 says.
  expect(text.endsWith('\r\n')).toBe(true);
  expect(
    text
      .replace(/"[^"]*"/g, '')
      .split('\n')
      .every((line, index, lines) => index === lines.length - 1 || line.endsWith('\r')),
  ).toBe(true);
  return parse(text, { relax_column_count: false, record_delimiter: '\r\n' });
}

function row(table: string[][], column: string, value: string): Record<string, string> | undefined {
  const [header, ...rows] = table;
  if (!header) return undefined;
  const index = header.indexOf(column);
  const found = rows.find((cells) => cells[index] === value);
  return found ? Object.fromEntries(header.map((name, i) => [name, found[i] ?? ''])) : undefined;
}

describeEachDatabase('organiser console: CSV exports', (server) => {
  it('refuses a signed-out visitor and an attendee with a clear message, and an unknown file', async () => {
    const auditBefore = await auditCount(server());
    const signedOut = await download(server(), 'attendees');
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toMatchObject({ message: MODERATION_MESSAGES.signedOutExport });

    const attendee = await signUpUser(server());
    const refused = await download(server(), 'missions', attendee);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: '42501', message: ORGANISER_MESSAGES.organisersOnly });

    const organiser = await signUpOrganiser(server());
    const unknown = await download(server(), '/exports/v1/passwords.csv', organiser);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ message: MODERATION_MESSAGES.unknownExport });
    expect(await auditCount(server())).toBe(auditBefore);
  });

  it('exports attendees with anonymous people by their anonymous id only, safe for spreadsheets', async () => {
    const organiser = await signUpOrganiser(server());
    const sharing = await signUpUser(server(), { firstName: '=HYPERLINK("http://evil")', lastName: 'Ñandú, "the" bird', mobile: '+27820000001' });
    await sharing.client.auth.updateUser({ data: { is_anonymous: false, anonymity_choice_made: true } });
    const guid = crypto.randomUUID();
    const anonymous = await signUpUser(server(), { firstName: 'Hidden', lastName: 'Person', mobile: '+27820000002' });
    await anonymous.client.auth.updateUser({ data: { is_anonymous: true, anonymity_choice_made: true, anonymous_guid: guid } });
    await server().db.query('update users set pre_survey_completed = true where id = $1', [anonymous.user.id]);

    const response = await download(server(), 'attendees', organiser);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="attendees-\d{4}-\d\d-\d\d\.csv"$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const table = await records(response);
    expect(table[0]).toEqual([
      'Attendee ID',
      'Anonymity',
      'First name',
      'Last name',
      'E-mail',
      'Mobile',
      'Registered (UTC)',
      'Pre-conference survey',
      'Post-conference survey',
      'Role profile',
      'Created a mission',
      'Teams',
      'Checked in (UTC)',
      'Door',
    ]);
    expect(row(table, 'Attendee ID', sharing.user.id)).toMatchObject({
      Anonymity: 'sharing',
      // Not checked in at the door (features/checkin/checkin.test.ts has one who is).
      'Checked in (UTC)': '',
      Door: '',
      // A formula is neutralised with a leading quote; commas, quotes and accents survive intact.
      'First name': `'=HYPERLINK("http://evil")`,
      'Last name': 'Ñandú, "the" bird',
      'E-mail': sharing.email,
      Mobile: "'+27820000001",
    });
    expect(row(table, 'Attendee ID', guid)).toMatchObject({
      Anonymity: 'anonymous',
      'First name': '',
      'Last name': '',
      'E-mail': '',
      Mobile: '',
      'Pre-conference survey': 'yes',
    });
    const whole = JSON.stringify(table);
    expect(whole).not.toContain(anonymous.user.id);
    expect(whole).not.toContain(anonymous.email);
    expect(whole).not.toContain('+27820000002');
  });

  it('exports missions with their text, team size, votes, subscribers and creator (anonymous creators by anonymous id), and survey completion', async () => {
    const organiser = await signUpOrganiser(server());
    const { owner, mission } = await createMission(server(), { name: '@Mission, with "quotes"' });
    const guid = crypto.randomUUID();
    await owner.client.auth.updateUser({ data: { is_anonymous: true, anonymity_choice_made: true, anonymous_guid: guid } });
    const voter = await signUpUser(server());
    await voter.client.rpc('toggle_mission_vote', { p_mission_id: mission.mission_id });
    await voter.client.rpc('toggle_mission_subscription', { p_mission_id: mission.mission_id });
    await server().db.query(`update missions set hidden_at = now(), hidden_reason = 'Tab\tand more' where mission_id = $1`, [mission.mission_id]);

    const missions = await records(await download(server(), 'missions', organiser));
    expect(row(missions, 'Mission ID', mission.mission_id)).toMatchObject({
      Mission: `'@Mission, with "quotes"`,
      'Team size': '1',
      Votes: '1',
      Subscribers: '1',
      Creator: guid,
      'Creator e-mail': '',
      Hidden: 'yes',
      'Hidden reason': 'Tab\tand more',
      Statement: 'We build filters together',
      'Shared intention': 'Bring clean water to every home',
      'Core message': 'Water is life',
      'Problem being solved': 'Unsafe drinking water',
      'First team action': 'Map the wells',
    });
    expect(missions[0]).toEqual([
      'Mission ID',
      'Mission',
      'Objective',
      'Team size',
      'Votes',
      'Subscribers',
      'Creator',
      'Creator e-mail',
      'Created (UTC)',
      'Hidden',
      'Hidden reason',
      'Statement',
      'Shared intention',
      'Core message',
      'Problem being solved',
      'First team action',
    ]);

    const survey = await records(await download(server(), 'survey-completion', organiser));
    expect(survey[0]).toEqual(['Attendee ID', 'Anonymity', 'E-mail', 'Pre-conference survey', 'Post-conference survey']);
    expect(row(survey, 'Attendee ID', guid)).toMatchObject({ 'E-mail': '', 'Pre-conference survey': 'yes', 'Post-conference survey': 'no' });
    expect(row(survey, 'Attendee ID', voter.user.id)).toMatchObject({ 'E-mail': voter.email, 'Pre-conference survey': 'no' });

    const [audit] = await server().db.query<{ kind: string; subject: string; actor_label: string }>(
      'select kind, subject, actor_label from audit_log order by at desc, id desc limit 1',
    );
    expect(audit).toEqual({ kind: MODERATION_AUDIT_KINDS.exportDownloaded, subject: 'survey-completion.csv', actor_label: organiser.email });
  });

  it('reads page after page: every attendee once, in sign-up order, past the page size', async () => {
    const organiser = await signUpOrganiser(server());
    const extra = EXPORT_PAGE_SIZE + 7;
    await server().db.query(
      `insert into users (id, email, password_hash, first_name, last_name, mobile, created_at)
       select gen_random_uuid(), 'bulk' || n || '.' || $2 || '@example.org', 'x', 'Bulk', 'Person ' || n, '+27820000000',
              -- Some share a timestamp, so the (created_at, id) cursor is what keeps them apart.
              timestamptz '2026-01-01' + (n / 3) * interval '1 second'
         from generate_series(1, $1::int) as n`,
      [extra, crypto.randomUUID().slice(0, 8)],
    );
    // Earlier tests' anonymous people appear by their anonymous id.
    const expected = await server().db.query<{ id: string }>(
      `select case when user_metadata -> 'is_anonymous' = 'true'::jsonb then user_metadata ->> 'anonymous_guid' else id::text end as id
         from users order by created_at, id`,
    );
    const table = await records(await download(server(), 'survey-completion', organiser));
    const ids = table.slice(1).map((cells) => cells[0]);
    expect(ids.length).toBeGreaterThan(EXPORT_PAGE_SIZE);
    expect(ids).toEqual(expected.map((user) => user.id));
  });
});
