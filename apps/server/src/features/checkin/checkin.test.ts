import { randomUUID } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { compactVerify, createLocalJWKSet, decodeProtectedHeader } from 'jose';
import jsQR from 'jsqr';
import { PDFDocument, PDFName, PDFRawStream, PDFNumber } from 'pdf-lib';
import {
  BADGE_CODE_MAX,
  BADGE_JWKS_PATH,
  CHECKIN_MESSAGES,
  DOOR_STAFF_PROCEDURES,
  ORGANISER_MESSAGES,
  badgesPdfPath,
  dataExportPath,
  exportPath,
  type CheckinScanResult,
  type ProcedureName,
} from '@mc/contract';
import {
  describeEachDatabase,
  newClient,
  signUpUser,
  startTestServer,
  startTwoInstances,
  untyped,
  type TestServer,
  type TestUser,
} from '../../../test/harness.ts';
import { expectOrganiserOnly, signUpOrganiser } from '../../../test/organisers.ts';
import { createMission } from '../../../test/factories.ts';
import { loadSigningKeys, newPrivateJwk, type SigningKeys } from '../../auth/keys.ts';
import { procedures } from '../../procedures.ts';
import { openPoll } from '../polls/fixtures.ts';
import { openRound, roundParams } from '../rounds/fixtures.ts';
import { signBadgeCode } from './codes.ts';

/*
 * Check-in at the door (docs/product.md#check-in-at-the-door): badge codes the server signs and
 * checks, replaced codes refused, one check-in per person (the earliest scan of any door), offline
 * queues that arrive exactly once, door staff's narrow right, and what the rest of the product
 * does with check-ins (rounds, exports, deletion, badges to print).
 */

const privateJwk = await newPrivateJwk();
const keys: SigningKeys = await loadSigningKeys({ fromEnv: JSON.stringify(privateJwk), dataDir: 'memory://' });
const EVENT = 'test-event-2026';

async function doorStaff(server: TestServer, names: { firstName?: string; lastName?: string } = {}): Promise<TestUser> {
  const person = await signUpUser(server, names);
  await server.db.query(`insert into door_staff (user_id, granted_by) values ($1, 'test')`, [person.user.id]);
  return person;
}

async function badgeOf(person: TestUser) {
  const { data, error } = await person.client.rpc('my_badge', {});
  expect(error).toBeNull();
  if (!data) throw new Error('my_badge answered nothing');
  return data;
}

async function scan(staff: TestUser, code: string, door = 'North gate', scannedAt = new Date().toISOString()): Promise<CheckinScanResult> {
  const { data, error } = await staff.client.rpc('checkin_scan', { p_code: code, p_door: door, p_scanned_at: scannedAt, p_client_scan_id: randomUUID() });
  expect(error).toBeNull();
  if (!data) throw new Error('checkin_scan answered nothing');
  return data;
}

async function count(server: TestServer, sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await server.db.query<{ n: number }>(sql, params);
  return row?.n ?? 0;
}

/** The text each page shows: pdf-lib writes it as hex strings in (deflated) content streams. */
function pdfTexts(doc: PDFDocument): string[] {
  const texts: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || object.dict.get(PDFName.of('Subtype')) !== undefined) continue;
    const filter = object.dict.get(PDFName.of('Filter'));
    let content: string;
    try {
      content = Buffer.from(filter === PDFName.of('FlateDecode') ? inflateSync(object.contents) : object.contents).toString('latin1');
    } catch {
      continue;
    }
    for (const match of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) texts.push(Buffer.from(match[1] ?? '', 'hex').toString('latin1'));
  }
  return texts;
}

function bearer(user: TestUser): Record<string, string> {
  return { authorization: `Bearer ${user.session.access_token}` };
}

describeEachDatabase(
  'check-in at the door',
  (server) => {
    it('signs a badge code the public keys verify, naming nobody: header, payload and signature', async () => {
      const person = await signUpUser(server(), { firstName: 'Thandi', lastName: 'Mokoena' });
      const badge = await badgeOf(person);
      expect(decodeProtectedHeader(badge.code)).toEqual({ alg: 'ES256', kid: privateJwk.kid, typ: 'mc-badge' });
      const jwks = (await (await fetch(server().url + BADGE_JWKS_PATH)).json()) as Parameters<typeof createLocalJWKSet>[0];
      const { payload } = await compactVerify(badge.code, createLocalJWKSet(jwks));
      expect(JSON.parse(new TextDecoder().decode(payload))).toEqual({ b: badge.badge_id, e: EVENT, v: 1 });
      expect(badge.badge_id).not.toBe(person.user.id);
      expect(badge.code).not.toContain(person.user.id);
      expect(badge).toMatchObject({ first_name: 'Thandi', last_name: 'Mokoena', version: 1, event_id: EVENT, checked_in_at: null, door: null });
      // Asked again, the same badge (ES256 signatures differ each time; the payload does not).
      const again = await badgeOf(person);
      expect(again.code.split('.').slice(0, 2)).toEqual(badge.code.split('.').slice(0, 2));
    });

    it('checks in once: the first door checks in, another door is told already, with the name as the console shows it', async () => {
      const staff = await doorStaff(server());
      const person = await signUpUser(server(), { firstName: 'Sipho', lastName: 'Dlamini' });
      const badge = await badgeOf(person);
      const first = await scan(staff, badge.code, 'North gate');
      expect(first).toMatchObject({
        outcome: 'checked_in',
        reason: null,
        badge_id: badge.badge_id,
        first_name: 'Sipho',
        last_name: 'Dlamini',
        door: 'North gate',
      });
      const second = await scan(staff, badge.code, 'South gate');
      expect(second).toMatchObject({ outcome: 'already', door: 'North gate', checked_in_at: first.checked_in_at });
      expect(JSON.stringify([first, second])).not.toContain(person.email);
      expect(JSON.stringify([first, second])).not.toContain('821234567');
      expect((await badgeOf(person)).door).toBe('North gate');
    });

    it('refuses garbage, a huge code, a code of another event, a forged one and a replaced one, changing nothing', async () => {
      const staff = await doorStaff(server());
      const person = await signUpUser(server());
      const before = await count(server(), 'select count(*)::int as n from checkins');
      for (const garbage of ['', 'hello', 'a.b.c', '{"b":"x"}', 'x'.repeat(BADGE_CODE_MAX)]) {
        expect(await scan(staff, garbage)).toMatchObject({ outcome: 'invalid', reason: 'malformed', first_name: '', checked_in_at: null });
      }
      const huge = await staff.client.rpc('checkin_scan', {
        p_code: 'x'.repeat(BADGE_CODE_MAX + 1),
        p_door: 'North gate',
        p_scanned_at: new Date().toISOString(),
        p_client_scan_id: randomUUID(),
      });
      expect(huge.status).toBe(400);

      const badge = await badgeOf(person);
      const otherEvent = await signBadgeCode(keys, { b: badge.badge_id, e: 'another-event', v: 1 });
      expect(await scan(staff, otherEvent)).toMatchObject({ outcome: 'invalid', reason: 'other_event' });
      const otherKeys = await loadSigningKeys({ fromEnv: JSON.stringify({ ...(await newPrivateJwk()), kid: privateJwk.kid }), dataDir: 'memory://' });
      expect(await scan(staff, await signBadgeCode(otherKeys, { b: badge.badge_id, e: EVENT, v: 1 }))).toMatchObject({ reason: 'malformed' });
      expect(await scan(staff, await signBadgeCode(keys, { b: randomUUID(), e: EVENT, v: 1 }))).toMatchObject({ reason: 'unknown' });

      const since = new Date(Date.now() - 1000).toISOString();
      const replaced = await person.client.rpc('replace_my_badge', {});
      expect(replaced.error).toBeNull();
      expect(replaced.data?.version).toBe(2);
      expect(replaced.data?.badge_id).not.toBe(badge.badge_id);
      expect(await scan(staff, badge.code)).toMatchObject({ outcome: 'invalid', reason: 'replaced' });
      const list = await staff.client.rpc('checkin_replaced_badges', { p_since: since });
      expect(list.data?.badge_ids).toContain(badge.badge_id);
      expect(list.data?.badge_ids).not.toContain(replaced.data?.badge_id);
      expect(await count(server(), 'select count(*)::int as n from checkins')).toBe(before);
      // The new code works.
      expect(await scan(staff, replaced.data?.code ?? '')).toMatchObject({ outcome: 'checked_in' });
      const keysAnswer = await staff.client.rpc('checkin_keys', {});
      expect(keysAnswer.data).toMatchObject({ event_id: EVENT, keys: [{ kid: privateJwk.kid, crv: 'P-256', alg: 'ES256' }] });
    });

    it('keeps the earliest scan when two doors scan one person at once, and when an earlier offline scan arrives later', async () => {
      const [north, south] = [await doorStaff(server()), await doorStaff(server())];
      const person = await signUpUser(server());
      const { code } = await badgeOf(person);
      const early = new Date(Date.now() - 60_000).toISOString();
      const late = new Date(Date.now() - 30_000).toISOString();
      const [a, b] = await Promise.all([scan(north, code, 'North gate', late), scan(south, code, 'South gate', early)]);
      // Whichever arrived first, the earlier scan (south) holds the check-in; north was told checked in only if it came first.
      expect(b).toMatchObject({ outcome: 'checked_in', door: 'South gate' });
      expect(['checked_in', 'already']).toContain(a.outcome);
      expect(await count(server(), 'select count(*)::int as n from checkins where user_id = $1', [person.user.id])).toBe(1);
      const [row] = await server().db.query<{ door: string }>('select door from checkins where user_id = $1', [person.user.id]);
      expect(row?.door).toBe('South gate');
      // Sent again, the north door's scan is now told already (the south door's earlier one holds).
      const offline = await north.client.rpc('checkin_sync', {
        p_door: 'West gate',
        p_scans: [{ code, scanned_at: new Date(Date.now() - 120_000).toISOString(), client_scan_id: randomUUID() }],
      });
      expect(offline.data?.[0]).toMatchObject({ outcome: 'checked_in', door: 'West gate' });
      expect(await scan(south, code, 'South gate')).toMatchObject({ outcome: 'already', door: 'West gate' });
    });

    it('records 500 offline scans exactly once however often the queue is sent, answering in order', async () => {
      const staff = await doorStaff(server());
      const people = await Promise.all(Array.from({ length: 10 }, () => signUpUser(server())));
      const codes = await Promise.all(people.map(async (person) => (await badgeOf(person)).code));
      const start = Date.now() - 3_600_000;
      const queue = Array.from({ length: 500 }, (_, i) => ({
        code: i % 50 === 49 ? 'not a code' : (codes[i % codes.length] ?? ''),
        scanned_at: new Date(start + i * 1000).toISOString(),
        client_scan_id: randomUUID(),
      }));
      const send = async () => {
        const results: CheckinScanResult[] = [];
        for (let i = 0; i < queue.length; i += 100) {
          const { data, error } = await staff.client.rpc('checkin_sync', { p_door: 'East gate', p_scans: queue.slice(i, i + 100) });
          expect(error).toBeNull();
          results.push(...(data ?? []));
        }
        return results;
      };
      const first = await send();
      expect(first.map((r) => r.client_scan_id)).toEqual(queue.map((s) => s.client_scan_id));
      expect(first.filter((r) => r.outcome === 'checked_in')).toHaveLength(10);
      expect(first.filter((r) => r.outcome === 'invalid')).toHaveLength(10);
      expect(first.filter((r) => r.outcome === 'already')).toHaveLength(480);
      const again = await send();
      expect(again).toEqual(first);
      const ids = queue.map((s) => s.client_scan_id);
      expect(await count(server(), 'select count(*)::int as n from checkin_scans where client_scan_id = any($1::uuid[])', [ids])).toBe(500);
      expect(await count(server(), 'select count(*)::int as n from checkins where user_id = any($1::uuid[])', [people.map((p) => p.user.id)])).toBe(10);
      // Each person's check-in is their earliest scan of the queue.
      for (const [index, result] of first.slice(0, 10).entries()) {
        expect(result.outcome).toBe('checked_in');
        expect(result.checked_in_at).toBe(new Date(start + index * 1000).toISOString());
      }
    });

    it('finds people by name or whole e-mail for door staff, without e-mail or mobile, and checks them in', async () => {
      const staff = await doorStaff(server());
      const person = await signUpUser(server(), { firstName: 'Nomvula', lastName: 'Zungu' });
      const found = await staff.client.rpc('checkin_find', { p_query: 'nomvu' });
      expect(found.data).toEqual([{ badge_id: expect.any(String), first_name: 'Nomvula', last_name: 'Zungu', checked_in_at: null, door: null }]);
      const byEmail = await staff.client.rpc('checkin_find', { p_query: person.email.toUpperCase() });
      expect(byEmail.data?.map((p) => p.last_name)).toEqual(['Zungu']);
      expect((await staff.client.rpc('checkin_find', { p_query: person.email.slice(0, 8) })).data).toEqual([]);
      expect((await staff.client.rpc('checkin_find', { p_query: 'n' })).error?.message).toBe(CHECKIN_MESSAGES.findTooShort);
      const badgeId = found.data?.[0]?.badge_id ?? '';
      const checkIn = { p_badge_id: badgeId, p_door: 'Desk', p_scanned_at: new Date().toISOString(), p_client_scan_id: randomUUID() };
      expect((await staff.client.rpc('checkin_person', checkIn)).data).toMatchObject({ outcome: 'checked_in', first_name: 'Nomvula', door: 'Desk' });
      expect((await staff.client.rpc('checkin_person', checkIn)).data).toMatchObject({ outcome: 'checked_in', door: 'Desk' });
      expect((await badgeOf(person)).badge_id).toBe(badgeId);
    });

    it('gives door staff the door procedures and nothing more than any attendee: every procedure of the registry', async () => {
      const staff = await doorStaff(server());
      const attendee = await signUpUser(server());
      const differences: string[] = [];
      for (const name of Object.keys(procedures) as ProcedureName[]) {
        const asStaff = await untyped(staff.client).rpc(name, {});
        const asAttendee = await untyped(attendee.client).rpc(name, {});
        const door = (DOOR_STAFF_PROCEDURES as readonly string[]).includes(name);
        if (door) {
          if (asAttendee.status !== 403 || asAttendee.error?.message !== CHECKIN_MESSAGES.doorStaffOnly)
            differences.push(`${name}: an attendee was not refused`);
          if (asStaff.error?.message === CHECKIN_MESSAGES.doorStaffOnly) differences.push(`${name}: door staff were refused`);
        } else if (asAttendee.error?.message === ORGANISER_MESSAGES.organisersOnly) {
          if (asStaff.status !== 403 || asStaff.error?.message !== ORGANISER_MESSAGES.organisersOnly)
            differences.push(`${name}: door staff reached an organiser procedure`);
        } else if (asStaff.status !== asAttendee.status || asStaff.error?.code !== asAttendee.error?.code) {
          differences.push(`${name}: ${asStaff.status} for door staff, ${asAttendee.status} for an attendee`);
        }
      }
      expect(differences).toEqual([]);
    });

    it('tells anyone signed in whether they are door staff, without a refusal, and nobody signed out', async () => {
      const staff = await doorStaff(server());
      const attendee = await signUpUser(server());
      expect((await staff.client.rpc('get_my_door_staff_status', {})).data).toEqual({ is_door_staff: true });
      const asAttendee = await attendee.client.rpc('get_my_door_staff_status', {});
      expect(asAttendee.status).toBe(200);
      expect(asAttendee.data).toEqual({ is_door_staff: false });
      expect((await untyped(newClient(server().url)).rpc('get_my_door_staff_status', {})).status).toBe(401);
    });

    it('lets organisers name door staff (audited), list them and read the figures; refuses everyone else', async () => {
      const organiser = await signUpOrganiser(server());
      const person = await signUpUser(server(), { firstName: 'Door', lastName: 'Keeper' });
      const granted = await organiser.client.rpc('organiser_set_door_staff', { p_email: person.email, p_door_staff: true });
      expect(granted.data).toEqual({ email: person.email, is_door_staff: true, changed: true });
      expect((await organiser.client.rpc('organiser_set_door_staff', { p_email: 'nobody@example.org', p_door_staff: true })).error?.message).toBe(
        CHECKIN_MESSAGES.unknownEmail,
      );
      const listed = await organiser.client.rpc('organiser_list_door_staff', {});
      expect(listed.data?.find((entry) => entry.email === person.email)).toMatchObject({
        first_name: 'Door',
        last_name: 'Keeper',
        granted_by: organiser.email,
      });
      expect(await count(server(), `select count(*)::int as n from audit_log where kind = 'door_staff.granted' and subject = $1`, [person.email])).toBe(1);
      const someone = await signUpUser(server());
      await scan(person, (await badgeOf(someone)).code, 'Main door');
      const figures = await organiser.client.rpc('organiser_checkin_figures', { p_time_zone: 'Africa/Johannesburg' });
      expect(figures.data?.checked_in).toBeGreaterThanOrEqual(1);
      expect(figures.data?.per_door.find((d) => d.door === 'Main door')?.count).toBe(1);
      expect(figures.data?.per_hour.length).toBeGreaterThanOrEqual(1);
      expect((await person.client.rpc('organiser_checkin_figures', {})).error?.message).toBe(ORGANISER_MESSAGES.organisersOnly);
      await expectOrganiserOnly(server(), 'organiser_set_door_staff', { p_email: person.email, p_door_staff: false });
      await expectOrganiserOnly(server(), 'organiser_list_door_staff', {});
      const revoked = await organiser.client.rpc('organiser_set_door_staff', { p_email: person.email, p_door_staff: false });
      expect(revoked.data?.changed).toBe(true);
      expect((await person.client.rpc('checkin_keys', {})).error?.message).toBe(CHECKIN_MESSAGES.doorStaffOnly);
    });

    it('limits a voting round to people checked in', async () => {
      const organiser = await signUpOrganiser(server());
      const staff = await doorStaff(server());
      const { mission } = await createMission(server(), { p_name: 'Venue Mission' });
      const round = await openRound(server(), organiser, roundParams([mission.mission_id], { p_checked_in_only: true }));
      expect(round.checked_in_only).toBe(true);
      const voter = await signUpUser(server());
      const refused = await voter.client.rpc('cast_round_vote', { p_round_id: round.round_id, p_mission_id: mission.mission_id });
      expect(refused.error?.message).toBe(CHECKIN_MESSAGES.roundCheckedInOnly);
      await scan(staff, (await badgeOf(voter)).code);
      const cast = await voter.client.rpc('cast_round_vote', { p_round_id: round.round_id, p_mission_id: mission.mission_id });
      expect(cast.error).toBeNull();
      expect(cast.data?.my_votes).toHaveLength(1);
      await organiser.client.rpc('close_vote_round', { p_round_id: round.round_id });
    });

    it('limits a poll to people checked in', async () => {
      const organiser = await signUpOrganiser(server());
      const staff = await doorStaff(server());
      const pollId = await openPoll(organiser, { p_checked_in_only: true });
      const voter = await signUpUser(server());
      const polls = await voter.client.rpc('get_part_polls', { p_part_id: 's1p2' });
      expect(polls.data?.polls.find((poll) => poll.poll_id === pollId)?.checked_in_only).toBe(true);
      const refused = await voter.client.rpc('answer_poll', { p_poll_id: pollId, p_choices: [0] });
      expect(refused.error?.message).toBe(CHECKIN_MESSAGES.pollCheckedInOnly);
      const after = await voter.client.rpc('get_part_polls', { p_part_id: 's1p2' });
      expect(after.data?.polls.find((poll) => poll.poll_id === pollId)?.answer_count).toBe(0);
      await scan(staff, (await badgeOf(voter)).code);
      const answered = await voter.client.rpc('answer_poll', { p_poll_id: pollId, p_choices: [1] });
      expect(answered.error).toBeNull();
      expect(answered.data?.polls.find((poll) => poll.poll_id === pollId)?.answer_count).toBe(1);
      await organiser.client.rpc('close_poll', { p_poll_id: pollId });
    });

    it('puts check-in time and door in the attendees CSV, the badge and check-in in the data download, and deletes both with the account', async () => {
      const organiser = await signUpOrganiser(server());
      const staff = await doorStaff(server());
      const person = await signUpUser(server(), { firstName: 'Leaving', lastName: 'Soon' });
      const badge = await badgeOf(person);
      const checked = await scan(staff, badge.code, 'Export door');
      const csv = await (await fetch(server().url + exportPath('attendees'), { headers: bearer(organiser) })).text();
      const header = csv.split('\r\n')[0] ?? csv.split('\n')[0] ?? '';
      expect(header).toContain('Checked in (UTC)');
      expect(header).toContain('Door');
      const line = csv.split(/\r?\n/).find((row) => row.startsWith(person.user.id)) ?? '';
      expect(line).toContain('Export door');
      expect(line).toContain((checked.checked_in_at ?? '').slice(0, 16));

      const prepared = await person.client.rpc('request_my_data_export', {});
      const zip = new Uint8Array(await (await fetch(server().url + dataExportPath(prepared.data?.export_id ?? ''), { headers: bearer(person) })).arrayBuffer());
      const data = JSON.parse(strFromU8(unzipSync(zip)['my-data.json'] ?? new Uint8Array())) as { rows_by_table: Record<string, Record<string, unknown[]>> };
      expect(data.rows_by_table.badges?.user_id?.[0]).toMatchObject({ badge_id: badge.badge_id });
      expect(data.rows_by_table.checkins?.user_id?.[0]).toMatchObject({ door: 'Export door' });

      const deleted = await person.client.rpc('delete_my_account', { p_email: person.email });
      expect(deleted.error).toBeNull();
      expect(await count(server(), 'select count(*)::int as n from checkins where user_id = $1', [person.user.id])).toBe(0);
      expect(await count(server(), 'select count(*)::int as n from badges where badge_id = $1', [badge.badge_id])).toBe(0);
      expect(await count(server(), 'select count(*)::int as n from checkin_scans where badge_id = $1 and user_id is not null', [badge.badge_id])).toBe(0);
      expect(await scan(staff, badge.code)).toMatchObject({ outcome: 'invalid', reason: 'replaced' });
      expect((await staff.client.rpc('checkin_replaced_badges', { p_since: null })).data?.badge_ids).toContain(badge.badge_id);
    });

    it('prints badges as a PDF for organisers only: 8 to a sheet or one a page, QR codes that decode to the badge, anonymous people as others see them', async () => {
      const organiser = await signUpOrganiser(server());
      const since = new Date().toISOString().slice(0, 10);
      const named = await signUpUser(server(), { firstName: 'Printed', lastName: 'Person' });
      const anonymous = await signUpUser(server(), { firstName: 'Secret', lastName: 'Name' });
      await anonymous.client.auth.updateUser({ data: { is_anonymous: true, anonymity_choice_made: true, anonymous_guid: randomUUID() } });
      const [total] = await server().db.query<{ n: number }>(
        `select count(*)::int as n from users where created_at >= ($1::date)::timestamp at time zone 'Africa/Johannesburg'`,
        [since],
      );
      const people = total?.n ?? 0;

      const fetchPdf = async (path: string, user?: TestUser) => fetch(server().url + path, user ? { headers: bearer(user) } : {});
      expect((await fetchPdf(badgesPdfPath('sheet'))).status).toBe(401);
      expect((await fetchPdf(badgesPdfPath('sheet'), named)).status).toBe(403);
      expect((await fetchPdf('/exports/v1/badges.pdf?layout=poster', organiser)).status).toBe(400);

      const sheet = await fetchPdf(badgesPdfPath('sheet', since), organiser);
      expect(sheet.status).toBe(200);
      expect(sheet.headers.get('content-type')).toBe('application/pdf');
      const sheetDoc = await PDFDocument.load(new Uint8Array(await sheet.arrayBuffer()));
      expect(sheetDoc.getPageCount()).toBe(Math.ceil(people / 8));
      const single = await fetchPdf(badgesPdfPath('single', since), organiser);
      const singleBytes = new Uint8Array(await single.arrayBuffer());
      const singleDoc = await PDFDocument.load(singleBytes);
      expect(singleDoc.getPageCount()).toBe(people);
      const [size] = singleDoc.getPages().map((page) => page.getSize());
      expect(size?.width).toBeCloseTo(595.28, 1);

      // Every QR image in the file, decoded back to its code and verified.
      const decoded: string[] = [];
      for (const [, object] of singleDoc.context.enumerateIndirectObjects()) {
        if (!(object instanceof PDFRawStream) || object.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
        if (object.dict.get(PDFName.of('SMask')) === undefined && object.dict.get(PDFName.of('ColorSpace')) === PDFName.of('DeviceGray')) continue;
        const width = (object.dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
        const height = (object.dict.get(PDFName.of('Height')) as PDFNumber).asNumber();
        const pixels = inflateSync(object.contents);
        const channels = pixels.length / (width * height);
        const rgba = new Uint8ClampedArray(width * height * 4);
        for (let i = 0; i < width * height; i++) {
          for (let c = 0; c < 3; c++) rgba[i * 4 + c] = pixels[i * channels + (channels >= 3 ? c : 0)] ?? 0;
          rgba[i * 4 + 3] = 255;
        }
        const qr = jsQR(rgba, width, height);
        if (qr) decoded.push(qr.data);
      }
      expect(decoded).toHaveLength(people);
      const jwks = createLocalJWKSet({ keys: [keys.publicJwk] });
      const badgeIds = await Promise.all(
        decoded.map(async (code) => (JSON.parse(new TextDecoder().decode((await compactVerify(code, jwks)).payload)) as { b: string }).b),
      );
      expect(badgeIds).toContain((await badgeOf(named)).badge_id);
      expect(badgeIds).toContain((await badgeOf(anonymous)).badge_id);
      // The anonymous person's badge says what other attendees see, never their name.
      const text = pdfTexts(singleDoc);
      expect(text).toContain('Printed Person');
      expect(text).toContain('Anonymous attendee');
      expect(text.join(' ')).not.toContain('Secret');
      expect(await count(server(), `select count(*)::int as n from audit_log where kind = 'badges.downloaded'`)).toBeGreaterThanOrEqual(2);
    });
  },
  { JWT_PRIVATE_KEY: JSON.stringify(privateJwk), EVENT_ID: EVENT },
);

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('check-in on two instances of one PostgreSQL, and after a restart [postgres]', () => {
  let a: TestServer;
  let b: TestServer;
  let env: Record<string, string>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ a, b, env, close } = await startTwoInstances());
  });
  afterAll(async () => {
    await close?.();
  });

  it('ends with one check-in per person, the earliest, when two doors on two instances scan everyone at once; a scan sent to both counts once', async () => {
    expect(a.db.kind).toBe('postgres');
    const north = await doorStaff(a);
    const south = await signUpUser(b);
    await b.db.query(`insert into door_staff (user_id, granted_by) values ($1, 'test')`, [south.user.id]);
    const people = await Promise.all(Array.from({ length: 12 }, (_, i) => signUpUser(i % 2 ? a : b)));
    const codes = await Promise.all(people.map(async (person) => (await badgeOf(person)).code));
    const now = Date.now();
    const results = await Promise.all(
      codes.flatMap((code, i) => [
        scan(north, code, 'North gate', new Date(now - 10_000 - (i % 3) * 1000).toISOString()),
        scan(south, code, 'South gate', new Date(now - 10_000 - ((i + 1) % 3) * 1000).toISOString()),
      ]),
    );
    expect(results.every((result) => result.outcome !== 'invalid')).toBe(true);
    const rows = await a.db.query<{ user_id: string; door: string }>('select user_id::text as user_id, door from checkins where user_id = any($1::uuid[])', [
      people.map((p) => p.user.id),
    ]);
    expect(rows).toHaveLength(12);
    for (const [i, person] of people.entries()) {
      const expected = i % 3 > (i + 1) % 3 ? 'North gate' : 'South gate';
      expect(rows.find((row) => row.user_id === person.user.id)?.door).toBe(expected);
    }

    const person = await signUpUser(a);
    const code = (await badgeOf(person)).code;
    const same = { p_code: code, p_door: 'Either gate', p_scanned_at: new Date().toISOString(), p_client_scan_id: randomUUID() };
    const [one, two] = await Promise.all([north.client.rpc('checkin_scan', same), south.client.rpc('checkin_scan', same)]);
    expect(one.data).toEqual(two.data);
    expect(one.data?.outcome).toBe('checked_in');
    expect(await count(a, 'select count(*)::int as n from checkin_scans where client_scan_id = $1', [same.p_client_scan_id])).toBe(1);

    // A new instance (a restart) finds every check-in where it was.
    const restarted = await startTestServer('pglite', env);
    try {
      const answer = await fetch(`${restarted.url}/rest/v1/rpc/my_badge`, {
        method: 'POST',
        headers: { ...bearer(person), 'content-type': 'application/json' },
        body: '{}',
      });
      expect(((await answer.json()) as { door: string }).door).toBe('Either gate');
    } finally {
      await restarted.close();
    }
  });
});
