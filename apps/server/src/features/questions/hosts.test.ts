import { expect, it } from 'vitest';
import { HOST_AUDIT_KINDS, HOST_MESSAGES, ORGANISER_MESSAGES, type ProcedureName } from '@mc/contract';
import { describeEachDatabase, signUpUser, untyped } from '../../../test/harness.ts';
import { auditCount, expectOrganiserOnly, signUpOrganiser } from '../../../test/organisers.ts';
import { procedures } from '../../procedures.ts';

/*
 * Session hosts (docs/product.md#session-hosts): a narrow right the organisers give per part. A
 * host of one part may moderate that part and nothing else: not another part, not one procedure
 * of the organisers' console.
 */

describeEachDatabase('session hosts', (server) => {
  it('list_part_hosts, add_part_host and remove_part_host are for organisers only', async () => {
    const someone = await signUpUser(server());
    await expectOrganiserOnly(server(), 'list_part_hosts', { p_part_id: 's1p1' });
    await expectOrganiserOnly(server(), 'add_part_host', { p_part_id: 's1p1', p_email: someone.email });
    await expectOrganiserOnly(server(), 'remove_part_host', { p_part_id: 's1p1', p_user_id: someone.user.id });
    expect((await someone.client.rpc('get_my_hosted_parts', {})).data).toEqual({ part_ids: [] });
  });

  it('an organiser names and removes a host by e-mail, each change audited; the host learns which parts they host', async () => {
    const organiser = await signUpOrganiser(server());
    const host = await signUpUser(server(), { firstName: 'Hosta', lastName: 'Mbeki' });

    const added = await organiser.client.rpc('add_part_host', { p_part_id: 's1p2', p_email: ` ${host.email.toUpperCase()} ` });
    expect(added.error).toBeNull();
    expect(added.data).toEqual([
      expect.objectContaining({
        part_id: 's1p2',
        user_id: host.user.id,
        first_name: 'Hosta',
        last_name: 'Mbeki',
        email: host.email.toLowerCase(),
        added_by: organiser.email.toLowerCase(),
      }),
    ]);
    // Naming them again changes nothing and records nothing.
    const before = await auditCount(server());
    expect((await organiser.client.rpc('add_part_host', { p_part_id: 's1p2', p_email: host.email })).data).toHaveLength(1);
    expect(await auditCount(server())).toBe(before);
    expect((await organiser.client.rpc('list_part_hosts', { p_part_id: 's1p2' })).data?.map((entry) => entry.user_id)).toEqual([host.user.id]);
    expect((await host.client.rpc('get_my_hosted_parts', {})).data).toEqual({ part_ids: ['s1p2'] });

    const unknownPart = await organiser.client.rpc('add_part_host', { p_part_id: 'no-such-part', p_email: host.email });
    expect(unknownPart.error?.message).toBe(HOST_MESSAGES.unknownPart);
    const unknownPerson = await organiser.client.rpc('add_part_host', { p_part_id: 's1p2', p_email: 'nobody.here@example.org' });
    expect(unknownPerson.error?.message).toBe(HOST_MESSAGES.unknownEmail);
    const badPart = await untyped(organiser.client).rpc('add_part_host', { p_part_id: 'S1 P2', p_email: host.email });
    expect(badPart.status).toBe(400);
    expect(badPart.error?.code).toBe('22023');

    const removed = await organiser.client.rpc('remove_part_host', { p_part_id: 's1p2', p_user_id: host.user.id });
    expect(removed.data).toEqual([]);
    expect((await host.client.rpc('get_my_hosted_parts', {})).data).toEqual({ part_ids: [] });

    const log = (await organiser.client.rpc('list_audit_log', { p_actor_id: organiser.user.id })).data!;
    expect(log.entries.map((entry) => entry.kind)).toEqual([HOST_AUDIT_KINDS.removed, HOST_AUDIT_KINDS.added]);
    expect(log.entries[0]).toMatchObject({ subject: `${host.email.toLowerCase()} hosts s1p2`, before: { host: true }, after: { host: false } });
  });

  it('a host of one part calls no procedure of the organisers: every one in the registry refuses them as it refuses any attendee', async () => {
    const organiser = await signUpOrganiser(server());
    const host = await signUpUser(server());
    const attendee = await signUpUser(server());
    expect((await organiser.client.rpc('add_part_host', { p_part_id: 's1p1', p_email: host.email })).error).toBeNull();

    const refusedToAttendee: string[] = [];
    const allowedToHost: string[] = [];
    for (const name of Object.keys(procedures) as ProcedureName[]) {
      const asAttendee = await untyped(attendee.client).rpc(name, {});
      if (asAttendee.status !== 403 || asAttendee.error?.message !== ORGANISER_MESSAGES.organisersOnly) continue;
      refusedToAttendee.push(name);
      const asHost = await untyped(host.client).rpc(name, {});
      if (asHost.status !== 403 || asHost.error?.message !== ORGANISER_MESSAGES.organisersOnly) allowedToHost.push(name);
    }
    // The registry's organiser procedures were found (those of the console, the programme, rounds and hosts among them).
    expect(refusedToAttendee).toEqual(
      expect.arrayContaining(['list_organisers', 'save_session', 'create_vote_round', 'hide_mission', 'add_part_host', 'list_part_hosts']),
    );
    expect(allowedToHost).toEqual([]);
    const [byHost] = await server().db.query<{ n: number }>('select count(*)::int as n from audit_log where actor_id = $1', [host.user.id]);
    expect(byHost?.n).toBe(0);
  });
});
