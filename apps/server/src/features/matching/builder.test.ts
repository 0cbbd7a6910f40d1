import { expect, it } from 'vitest';
import { BUILDER_PLACEMENTS_MAX } from '@mc/contract';
import { saveSettings } from '../../../test/notifications.ts';
import { describeEachDatabase, untyped } from '../../../test/harness.ts';
import { addMember, attendee, hideMission, missionWithRole } from '../../../test/matching-fixtures.ts';
import { auditCount, expectOrganiserOnly, signUpOrganiser } from '../../../test/organisers.ts';
import { TEAM_BUILDER_AUDIT_KIND } from './builder-procedures.ts';

/*
 * The organisers' team builder over HTTP, on a small case whose optimum is known: it must place
 * people to the largest total fit within capacity, keep existing teams, and respect every refusal.
 */

describeEachDatabase('matching: the team builder', (server) => {
  it('proposes the optimum within capacity and refusals, then sends invitations, never memberships', async () => {
    const organiser = await signUpOrganiser(server());
    const wide = await missionWithRole(server(), 'Wide', { p_skills: ['facilitation'], p_places: 2 });
    const narrow = await missionWithRole(server(), 'Narrow', { p_skills: ['facilitation', 'arabic'], p_places: 1 });
    const hidden = await missionWithRole(server(), 'Hidden', { p_skills: ['facilitation'], p_places: 5 });
    await hideMission(server(), hidden.missionId);

    const both = await attendee(server(), 'Both', { skills: 'facilitation, arabic' });
    await attendee(server(), 'One', { skills: 'facilitation' });
    // Fits Narrow best but declined its invitation: the builder must not send them there again.
    const declined = await attendee(server(), 'Declined', { skills: 'facilitation, arabic' });
    const invitation = await narrow.owner.client.rpc('invite_to_role', { p_role_id: narrow.roleId, p_user_id: declined.user.id, p_message: '' });
    await declined.client.rpc('answer_team_request', { p_request_id: invitation.data![0]!.request_id, p_accept: false });
    const cook = await attendee(server(), 'Cook', { skills: 'cooking' });
    const refuses = await attendee(server(), 'Refuses', { skills: 'facilitation arabic' });
    await saveSettings(refuses, { allow_team_additions: false });
    const privateCard = await attendee(server(), 'Private', { skills: 'facilitation arabic' });
    await privateCard.client.rpc('save_role_card_settings', { p_visibility: 'team' });
    const teamed = await attendee(server(), 'Teamed', { skills: 'facilitation arabic' });
    await addMember(server(), wide.missionId, teamed);

    const overview = await organiser.client.rpc('get_team_builder_overview', {});
    expect(overview.error).toBeNull();
    // On no team with a profile: Both, One, Declined, Cook, Refuses, Private; of those, four may be proposed.
    expect(overview.data).toEqual({ unteamed_with_profile: 6, placeable: 4, open_roles: 2, open_places: 3 });
    // The two who cannot be proposed are named, with the reason.
    const leftOut = await organiser.client.rpc('get_team_builder_left_out', {});
    expect(leftOut.error).toBeNull();
    expect(leftOut.data).toEqual([
      { user_id: privateCard.user.id, first_name: 'Private', last_name: 'Tester', reason: 'cardNotShared' },
      { user_id: refuses.user.id, first_name: 'Refuses', last_name: 'Tester', reason: 'noAdditions' },
    ]);

    const { data: proposal, error } = await organiser.client.rpc('preview_team_builder', {});
    expect(error).toBeNull();
    const placed = Object.fromEntries(proposal!.placements.map((placement) => [placement.first_name, placement.mission_name]));
    // Both → Narrow (6), One and Declined → Wide (3 + 3): 12, the largest total possible here.
    expect(placed).toEqual({ Both: 'Narrow', One: 'Wide', Declined: 'Wide' });
    expect(proposal!.total_fit).toBe(12);
    expect(proposal!.stopped_early).toBe(false);
    expect(proposal!.unplaced).toEqual([{ user_id: cook.user.id, first_name: 'Cook', last_name: 'Tester', reason: 'noFit' }]);
    expect(proposal!.placements.find((placement) => placement.first_name === 'Both')).toMatchObject({ matched_skills: ['facilitation', 'arabic'] });

    const audited = await auditCount(server());
    const sent = await organiser.client.rpc('send_team_builder', {
      p_placements: proposal!.placements.map(({ user_id, role_id }) => ({ user_id, role_id })),
    });
    expect(sent.data).toEqual({ sent: 3, skipped: 0 });
    expect(await auditCount(server())).toBe(audited + 1);
    const [entry] = await server().db.query<{ kind: string }>('select kind from audit_log order by id desc limit 1');
    expect(entry?.kind).toBe(TEAM_BUILDER_AUDIT_KIND);
    const [members] = await server().db.query<{ n: number }>('select count(*)::int as n from mission_members where role_id is not null');
    expect(members?.n).toBe(0);
    const invitations = await both.client.rpc('get_my_team_requests', {});
    // The invitation itself says it is the organisers' proposal, whose team it is and why they fit (the dashboard's card reads it).
    expect(invitations.data).toMatchObject([
      { kind: 'invite', role_id: narrow.roleId, status: 'open', source: 'organisers', owners: 'Ada Lovelace', fit_reason: 'facilitation, arabic' },
    ]);
    const owners = await narrow.owner.client.rpc('get_mission_team_requests', { p_mission_id: narrow.missionId });
    expect(owners.data?.find((request) => request.user_id === both.user.id)).toMatchObject({ source: 'organisers' });
    // An owner's own invitation stays theirs, without the proposal's words.
    const declinedRequest = await declined.client.rpc('get_my_team_requests', {});
    expect(declinedRequest.data?.find((request) => request.mission_id === narrow.missionId)).toBeUndefined();
    expect(invitation.data?.[0]).toMatchObject({ source: 'owner', owners: '', fit_reason: '' });
    const bell = await both.client.rpc('get_my_notifications', {});
    // The organisers' proposal, naming the mission's owners and why the person fits; not a personal invitation from the organiser.
    expect(bell.data!.items.find((item) => item.kind === 'invited_to_team')?.text).toBe(
      'The organisers propose you for “Narrow” as Facilitator. The mission’s owners: Ada Lovelace. It wants what you wrote: facilitation, arabic.',
    );

    // Accepting makes them a member; sending the same proposal again invites nobody twice.
    const accepted = await both.client.rpc('answer_team_request', { p_request_id: invitations.data![0]!.request_id, p_accept: true });
    expect(accepted.error).toBeNull();
    const again = await organiser.client.rpc('send_team_builder', {
      p_placements: proposal!.placements.map(({ user_id, role_id }) => ({ user_id, role_id })),
    });
    expect(again.data).toEqual({ sent: 0, skipped: 3 });
    // With the open invitations counted against the places, nothing is left to propose.
    const next = await organiser.client.rpc('preview_team_builder', {});
    expect(next.data!.placements).toEqual([]);
  });

  it('is for organisers only', async () => {
    await expectOrganiserOnly(server(), 'get_team_builder_overview', {});
    await expectOrganiserOnly(server(), 'get_team_builder_left_out', {});
    await expectOrganiserOnly(server(), 'preview_team_builder', {});
    await expectOrganiserOnly(server(), 'send_team_builder', { p_placements: [] });
  });

  it('refuses an empty, an oversized or a malformed proposal, naming the field, and changes nothing', async () => {
    const organiser = await signUpOrganiser(server());
    const before = await auditCount(server());
    const person = '00000000-0000-4000-8000-000000000001';
    const cases: unknown[] = [
      [],
      Array.from({ length: BUILDER_PLACEMENTS_MAX + 1 }, () => ({ user_id: person, role_id: person })),
      [{ user_id: `${person}\u0000`, role_id: person }],
      [{ user_id: person }],
    ];
    for (const placements of cases) {
      const refused = await untyped(organiser.client).rpc('send_team_builder', { p_placements: placements });
      expect(refused.status).toBe(400);
      expect(refused.error?.message).toContain('p_placements');
    }
    const nobody = await organiser.client.rpc('send_team_builder', { p_placements: [{ user_id: person, role_id: person }] });
    expect(nobody.data).toEqual({ sent: 0, skipped: 1 });
    expect(await auditCount(server())).toBe(before + 1);
  });
});
