import { expect, it } from 'vitest';
import { AAL2_REQUIRED_HINT, AUDIT_KINDS, MFA_ENROLMENT_REQUIRED_HINT, ORGANISER_MESSAGES, ORGANISER_MFA_MESSAGES, type AuditLogPage } from '@mc/contract';
import { encodeDateOfBirth } from '@mc/contract';
import { describeEachDatabase, newClient, signUpUser } from '../../../test/harness.ts';
import { codeFor, enrolAuthenticator } from '../../../test/mfa.ts';
import { expectOrganiserOnly, signUpOrganiser, signUpOrganiserWithoutFactor } from '../../../test/organisers.ts';

describeEachDatabase('organisers and two-step sign-in', (server) => {
  it('refuses organiser procedures until an authenticator is set up and a code entered (aal2)', async () => {
    const organiser = await signUpOrganiserWithoutFactor(server());
    const withoutFactor = await organiser.client.rpc('list_organisers', {});
    expect(withoutFactor.status).toBe(403);
    expect(withoutFactor.error).toMatchObject({ code: '42501', hint: MFA_ENROLMENT_REQUIRED_HINT, message: ORGANISER_MFA_MESSAGES.enrol });
    // Being an organiser is still visible, so the console can show its set-up step.
    expect((await organiser.client.rpc('get_my_organiser_status', {})).data).toEqual({ is_organiser: true });

    const { factorId, secret } = await enrolAuthenticator(organiser.client);
    const atAal2 = await organiser.client.rpc('list_organisers', {});
    expect(atAal2.error).toBeNull();
    expect(atAal2.data).toEqual([expect.objectContaining({ email: organiser.email.toLowerCase() })]);

    // A new sign-in is aal1 until the code: refused, then allowed.
    const again = newClient(server().url);
    await again.auth.signInWithPassword({ email: organiser.email, password: encodeDateOfBirth(organiser.dateOfBirth) });
    const atAal1 = await again.rpc('list_organisers', {});
    expect(atAal1.status).toBe(403);
    expect(atAal1.error).toMatchObject({ code: '42501', hint: AAL2_REQUIRED_HINT });
    // The organiser-only HTTP routes (photo uploads) refuse the aal1 session too.
    const { data: signedIn } = await again.auth.getSession();
    const upload = await fetch(`${server().url}/content/v1/speaker-photos`, {
      method: 'POST',
      headers: { 'content-type': 'image/png', authorization: `Bearer ${signedIn.session?.access_token ?? ''}` },
      body: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
    });
    expect(upload.status).toBe(403);
    expect(await upload.json()).toMatchObject({ code: '42501', hint: AAL2_REQUIRED_HINT });
    expect((await again.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret, 1) })).error).toBeNull();
    expect((await again.rpc('list_organisers', {})).error).toBeNull();
    // A refresh keeps the level, so the console keeps working.
    await again.auth.refreshSession();
    expect((await again.rpc('list_organisers', {})).error).toBeNull();
  });

  it("lets an organiser reset another organiser's two-step sign-in, audited; never their own", async () => {
    const alice = await signUpOrganiser(server());
    const bob = await signUpOrganiser(server());
    expect((await bob.client.rpc('list_organisers', {})).error).toBeNull();

    const reset = await alice.client.rpc('reset_mfa', { p_email: bob.email.toUpperCase() });
    expect(reset.error).toBeNull();
    expect(reset.data).toEqual({ email: bob.email.toLowerCase(), factors_removed: 1 });
    // Bob's live session drops to aal1 at once: the console asks him to set up a new authenticator.
    const bobAfter = await bob.client.rpc('list_organisers', {});
    expect(bobAfter.error).toMatchObject({ hint: MFA_ENROLMENT_REQUIRED_HINT });
    expect((await bob.client.auth.refreshSession()).error).toBeNull();
    expect((await bob.client.auth.mfa.listFactors()).data?.all).toEqual([]);
    await enrolAuthenticator(bob.client);
    expect((await bob.client.rpc('list_organisers', {})).error).toBeNull();

    const log = (await alice.client.rpc('list_audit_log', { p_kind: AUDIT_KINDS.mfaReset })).data as AuditLogPage;
    expect(log.entries.map((entry) => [entry.kind, entry.subject, entry.actor_id])).toEqual([[AUDIT_KINDS.mfaReset, bob.email.toLowerCase(), alice.user.id]]);

    const nothing = await alice.client.rpc('reset_mfa', { p_email: (await signUpUser(server())).email });
    expect(nothing.data).toMatchObject({ factors_removed: 0 });
    const own = await alice.client.rpc('reset_mfa', { p_email: alice.email });
    expect(own.error).toMatchObject({ code: 'P0001', message: ORGANISER_MFA_MESSAGES.resetSelf });
    const unknown = await alice.client.rpc('reset_mfa', { p_email: 'nobody@example.org' });
    expect(unknown.error?.message).toBe(ORGANISER_MESSAGES.unknownEmail);
    expect((await alice.client.auth.mfa.listFactors()).data?.totp).toHaveLength(1);
  });

  it('keeps reset_mfa for organisers', async () => {
    const target = await signUpUser(server());
    await expectOrganiserOnly(server(), 'reset_mfa', { p_email: target.email });
  });
});
