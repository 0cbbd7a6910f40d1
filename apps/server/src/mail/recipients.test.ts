import { domainToASCII } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeDateOfBirth, SIGNUP_MESSAGES } from '@mc/contract';
import { ACCEPTED_EMAILS, REFUSED_EMAILS } from '@mc/contract/email-samples.ts';
import { describeEachDatabase, newClient, signUpUser, type TestServer } from '../../test/harness.ts';
import { createMission } from '../../test/factories.ts';
import { follow, saveSettings } from '../../test/notifications.ts';
import { TestSmtpServer } from '../../test/smtp.ts';
import { createMailer } from './mailer.ts';
import { RecipientRefused } from './recipient.ts';

/** A tag unique to this run, so addresses made here never meet another suite's. */
const RUN = Date.now().toString(36);

/** The samples, made unique to this run by a label in front of their domain. */
function tagged(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 || !email.slice(at + 1).includes('.') ? email : `${email.slice(0, at + 1)}${RUN}.${email.slice(at + 1)}`;
}

async function outboxRecipients(server: TestServer): Promise<string[]> {
  return (await server.db.query<{ recipient: string }>('select recipient from mail_outbox order by id')).map((row) => row.recipient);
}

describe('mail reaches only the one address its account was made with', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
  });
  afterAll(async () => {
    await smtp.close();
  });

  describeEachDatabase(
    'e-mail addresses',
    (server) => {
      it('refuses at sign-up, with the sign-up message, every address a mail program reads as another, several or no recipient', async () => {
        const client = newClient(server().url);
        const password = encodeDateOfBirth('1990-05-17');
        for (const sample of REFUSED_EMAILS) {
          const email = tagged(sample);
          const { data, error } = await client.auth.signUp({
            email,
            password,
            options: { data: { first_name: 'Eve', last_name: 'Smith', date_of_birth: password, mobile_number: '+27821234567' } },
          });
          expect(data.session, JSON.stringify(email)).toBeNull();
          // A NUL never reaches the rule: the input guard refuses it first, naming the field.
          if (email.includes('\u0000')) expect(error?.status).toBe(400);
          else expect(error?.message, JSON.stringify(email)).toBe(SIGNUP_MESSAGES.email);
        }
        const stored = await server().db.query('select email from users where email like $1', [`%${RUN}%`]);
        expect(stored).toEqual([]);
      });

      it('refuses the same addresses for a reset mail and mails nothing', async () => {
        const client = newClient(server().url);
        const before = smtp.recipients.length;
        // The reset request trims surrounding spaces, as sign-in does: those samples are another address there.
        for (const sample of REFUSED_EMAILS.filter((refused) => refused.trim() === refused)) {
          const email = tagged(sample);
          const { error } = await client.auth.resetPasswordForEmail(email);
          expect(error?.status, JSON.stringify(email)).toBe(400);
          if (!email.includes('\u0000')) expect(error?.message, JSON.stringify(email)).toBe(SIGNUP_MESSAGES.email);
        }
        expect(smtp.recipients.slice(before)).toEqual([]);
        expect((await outboxRecipients(server())).filter((to) => to.includes(RUN))).toEqual([]);
      });

      it('accepts plus signs, subdomains and letters of any script, and mails exactly that one address', async () => {
        for (const sample of ACCEPTED_EMAILS) {
          const email = tagged(sample);
          await signUpUser(server(), { email });
          const before = smtp.recipients.length;
          const { error } = await newClient(server().url).auth.resetPasswordForEmail(email);
          expect(error, email).toBeNull();
          // A domain in another script travels as its ASCII form (punycode): the same mailbox.
          const [local, domain = ''] = email.toLowerCase().split('@');
          expect(smtp.recipients.slice(before), email).toEqual([`${local}@${domainToASCII(domain)}`]);
        }
      });

      it('never mails an account whose address was stored around the rule, nor an outbox row written before it', async () => {
        // An account from before the rule: its address is rewritten in SQL, where no check runs.
        const { owner, mission } = await createMission(server(), { p_name: 'Old Address' });
        const legacy = await signUpUser(server());
        await saveSettings(legacy, { email_digest: 'immediate' });
        await follow(legacy, mission.mission_id);
        const stored = tagged('a,victim@mail.test');
        await server().db.query('update users set email = $2 where id = $1', [legacy.user.id, stored]);
        const before = smtp.recipients.length;
        const changed = await owner.client.rpc('update_mission', { p_mission_id: mission.mission_id, p_updated_by: owner.user.id, p_statement: 'New' });
        expect(changed.error).toBeNull();
        await server().notifications.settled();
        await server().notifications.run();
        expect(await outboxRecipients(server())).not.toContain(stored);

        // A row already in the outbox with such a recipient is kept and never sent.
        const queued = tagged('x<victim@mail.test>');
        await server().db.query(`insert into mail_outbox (recipient, subject, body, deliver_after) values ($1, 'Old', 'body', now())`, [queued]);
        await server().notifications.run();
        const [row] = await server().db.query<{ sent_at: string | null; deliver_after: string | null; last_error: string }>(
          'select sent_at, deliver_after, last_error from mail_outbox where recipient = $1',
          [queued],
        );
        expect(row).toEqual({ sent_at: null, deliver_after: null, last_error: 'not sent: the recipient is not exactly one valid e-mail address' });
        expect(smtp.recipients.slice(before).filter((to) => to.includes('victim'))).toEqual([]);

        // And the mailer that sends reset mails refuses before writing or sending anything.
        const mailer = createMailer({ smtpUrl: smtp.url, from: 'test@localhost', db: server().db, log: server().app.log });
        for (const sample of REFUSED_EMAILS) {
          await expect(mailer.send({ to: tagged(sample), subject: 'Reset', text: 'link', link: 'link' }), JSON.stringify(sample)).rejects.toBeInstanceOf(
            RecipientRefused,
          );
        }
        expect(smtp.recipients.slice(before).filter((to) => to.includes('victim'))).toEqual([]);
        expect((await outboxRecipients(server())).filter((to) => to.includes('victim'))).toEqual([queued]);
      });
    },
    {
      MAIL_DIGEST_INTERVAL_SECONDS: '3600',
      get SMTP_URL() {
        return smtp.url;
      },
    },
  );
});
