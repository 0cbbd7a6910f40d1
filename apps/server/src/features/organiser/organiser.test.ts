import { expect, it } from 'vitest';
import { AUDIT_KINDS, AUDIT_PAGE_SIZE, MFA_ENROLMENT_REQUIRED_HINT, ORGANISER_MESSAGES } from '@mc/contract';
import { describeEachDatabase, newClient, signUpUser } from '../../../test/harness.ts';
import { enrolAuthenticator } from '../../../test/mfa.ts';
import { auditCount, expectOrganiserOnly, signUpOrganiser } from '../../../test/organisers.ts';

describeEachDatabase('organiser role', (server) => {
  it('get_my_organiser_status: anyone signed in may ask, the answer comes from the database', async () => {
    expect((await newClient(server().url).rpc('get_my_organiser_status', {})).status).toBe(401);
    const attendee = await signUpUser(server());
    expect((await attendee.client.rpc('get_my_organiser_status', {})).data).toEqual({ is_organiser: false });
    await server().db.query(`insert into organisers (user_id, granted_by) values ($1, 'test')`, [attendee.user.id]);
    // Same access token as before: the role is read on every call, not from the token.
    expect((await attendee.client.rpc('get_my_organiser_status', {})).data).toEqual({ is_organiser: true });
  });

  it('list_organisers, grant_organiser, revoke_organiser, list_audit_log refuse the signed out and attendees', async () => {
    const someone = await signUpUser(server());
    await expectOrganiserOnly(server(), 'list_organisers', {});
    await expectOrganiserOnly(server(), 'grant_organiser', { p_email: someone.email });
    await expectOrganiserOnly(server(), 'revoke_organiser', { p_email: someone.email });
    await expectOrganiserOnly(server(), 'list_audit_log', {});
    const [row] = await server().db.query<{ n: number }>('select count(*)::int as n from organisers where user_id = $1', [someone.user.id]);
    expect(row?.n).toBe(0);
  });

  it('an organiser grants and revokes the role by e-mail, each change audited with before and after', async () => {
    const organiser = await signUpOrganiser(server());
    const attendee = await signUpUser(server(), { firstName: 'Grace', lastName: 'Hopper' });

    const granted = await organiser.client.rpc('grant_organiser', { p_email: `  ${attendee.email.toUpperCase()} ` });
    expect(granted.error).toBeNull();
    expect(granted.data).toEqual({ email: attendee.email.toLowerCase(), is_organiser: true, changed: true });
    // The new organiser's existing session is an organiser's at once, once it has entered an
    // authenticator code (organisers must use two-step sign-in).
    expect((await attendee.client.rpc('list_organisers', {})).error?.hint).toBe(MFA_ENROLMENT_REQUIRED_HINT);
    await enrolAuthenticator(attendee.client);
    expect((await attendee.client.rpc('list_organisers', {})).status).toBe(200);

    const again = await organiser.client.rpc('grant_organiser', { p_email: attendee.email });
    expect(again.data).toMatchObject({ is_organiser: true, changed: false });

    const list = (await organiser.client.rpc('list_organisers', {})).data!;
    const entry = list.find((item) => item.user_id === attendee.user.id);
    expect(entry).toMatchObject({ email: attendee.email.toLowerCase(), first_name: 'Grace', last_name: 'Hopper', granted_by: organiser.email.toLowerCase() });
    expect(Number.isNaN(Date.parse(entry?.granted_at ?? ''))).toBe(false);

    const revoked = await organiser.client.rpc('revoke_organiser', { p_email: attendee.email });
    expect(revoked.data).toEqual({ email: attendee.email.toLowerCase(), is_organiser: false, changed: true });
    // Revoked: refused at once, with the token issued while they were an organiser.
    const refused = await attendee.client.rpc('list_organisers', {});
    expect(refused.status).toBe(403);
    expect(refused.error?.code).toBe('42501');

    const log = (await organiser.client.rpc('list_audit_log', { p_actor_id: organiser.user.id })).data!;
    expect(log.entries.map((item) => item.kind)).toEqual([AUDIT_KINDS.organiserRevoked, AUDIT_KINDS.organiserGranted]);
    expect(log.entries[0]).toMatchObject({
      actor_id: organiser.user.id,
      actor_label: organiser.email.toLowerCase(),
      subject: attendee.email.toLowerCase(),
      before: { is_organiser: true },
      after: { is_organiser: false },
    });
  });

  it('refuses an unknown e-mail and the last organiser, and changes nothing', async () => {
    // A fresh view: only this suite's organisers exist in this database, so revoke all but one.
    const organiser = await signUpOrganiser(server());
    await server().db.query('delete from organisers where user_id <> $1', [organiser.user.id]);
    const before = await auditCount(server());

    const unknown = await organiser.client.rpc('grant_organiser', { p_email: 'nobody-here@example.org' });
    expect(unknown.status).toBe(400);
    expect(unknown.error?.code).toBe('P0001');
    expect(unknown.error?.message).toBe(ORGANISER_MESSAGES.unknownEmail);

    const last = await organiser.client.rpc('revoke_organiser', { p_email: organiser.email });
    expect(last.status).toBe(400);
    expect(last.error?.message).toBe(ORGANISER_MESSAGES.lastOrganiser);
    expect((await organiser.client.rpc('get_my_organiser_status', {})).data).toEqual({ is_organiser: true });

    const blank = await organiser.client.rpc('grant_organiser', { p_email: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.error?.code).toBe('22023');
    expect(await auditCount(server())).toBe(before);
  });

  it('list_audit_log: newest first, filtered by person and kind, paged with a cursor; the log refuses changes', async () => {
    const organiser = await signUpOrganiser(server());
    const other = await signUpOrganiser(server());
    const people = await Promise.all(Array.from({ length: 3 }, () => signUpUser(server())));
    for (const person of people) await organiser.client.rpc('grant_organiser', { p_email: person.email });
    await other.client.rpc('revoke_organiser', { p_email: people[0]!.email });

    const mine = (await organiser.client.rpc('list_audit_log', { p_actor_id: organiser.user.id })).data!;
    expect(mine.entries.map((entry) => entry.subject)).toEqual(people.map((person) => person.email.toLowerCase()).reverse());
    expect(mine.actors).toEqual(expect.arrayContaining([{ actor_id: organiser.user.id, actor_label: organiser.email.toLowerCase() }]));
    expect(mine.kinds).toEqual(expect.arrayContaining([AUDIT_KINDS.organiserGranted, AUDIT_KINDS.organiserRevoked]));

    const revokes = (await organiser.client.rpc('list_audit_log', { p_kind: AUDIT_KINDS.organiserRevoked, p_actor_id: other.user.id })).data!;
    expect(revokes.entries).toHaveLength(1);
    expect(revokes.entries[0]?.subject).toBe(people[0]!.email.toLowerCase());

    // More than a page: the cursor walks back through every entry, none twice, newest first.
    const values = Array.from({ length: AUDIT_PAGE_SIZE + 5 }, (_, index) => `('paging', 'test.paging', 'entry ${index}')`).join(', ');
    await server().db.query(`insert into audit_log (actor_label, kind, subject) values ${values}`);
    const first = (await organiser.client.rpc('list_audit_log', { p_kind: 'test.paging' })).data!;
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.next_cursor).not.toBeNull();
    const second = (await organiser.client.rpc('list_audit_log', { p_kind: 'test.paging', p_cursor: first.next_cursor })).data!;
    expect(second.entries).toHaveLength(5);
    expect(second.next_cursor).toBeNull();
    const all = [...first.entries, ...second.entries];
    expect(new Set(all.map((entry) => entry.id)).size).toBe(AUDIT_PAGE_SIZE + 5);
    const times = all.map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const badCursor = await organiser.client.rpc('list_audit_log', { p_cursor: 'yesterday' });
    expect(badCursor.status).toBe(400);

    await expect(server().db.query(`update audit_log set subject = 'rewritten'`)).rejects.toThrow(/append-only/);
    await expect(server().db.query(`delete from audit_log`)).rejects.toThrow(/append-only/);
  });
});
