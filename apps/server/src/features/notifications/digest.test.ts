import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_API_PATH, UNSUBSCRIBE_MESSAGES, UNSUBSCRIBE_PAGE_PATH } from '@mc/contract';
import { LINK_NOT_KEPT } from '../../mail/mailer.ts';
import { describeEachDatabase, signUpUser, type TestServer, type TestUser } from '../../../test/harness.ts';
import { createMission } from '../../../test/factories.ts';
import { bell, follow, saveSettings } from '../../../test/notifications.ts';
import { TestSmtpServer } from '../../../test/smtp.ts';
import { dailyDigestSince, DIGEST_ITEMS } from './digest.ts';

interface OutboxMail {
  id: string;
  subject: string;
  body: string;
  deliver_after: string | null;
  sent_at: string | null;
  attempts: number;
}

async function mailsTo(server: TestServer, user: TestUser): Promise<OutboxMail[]> {
  return server.db.query<OutboxMail>('select id::text, subject, body, deliver_after, sent_at, attempts from mail_outbox where recipient = $1 order by id', [
    user.email.toLowerCase(),
  ]);
}

async function onlyMail(server: TestServer, user: TestUser): Promise<OutboxMail> {
  const mails = await mailsTo(server, user);
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

/** A mission, its owner, and a follower who chose `digest` e-mails; the owner then changes the statement. */
async function followerWithNews(server: TestServer, digest: 'immediate' | 'daily' | 'off' = 'immediate') {
  const { owner, mission } = await createMission(server, { p_name: 'Clean Water' }, { firstName: 'Ada', lastName: 'Lovelace' });
  const follower = await signUpUser(server, { firstName: 'Grace', lastName: 'Hopper' });
  await saveSettings(follower, { email_digest: digest });
  await follow(follower, mission.mission_id);
  const changed = await owner.client.rpc('update_mission', { p_mission_id: mission.mission_id, p_updated_by: owner.user.id, p_statement: 'Filters for all' });
  expect(changed.error).toBeNull();
  // The change woke the mail pass: let it finish, so each test decides when the next one runs.
  await server.notifications.settled();
  return { owner, mission, follower };
}

/** The one-click request a mail program sends for the List-Unsubscribe header (RFC 8058): no cookies, no token of the app. */
async function postOneClick(url: string): Promise<{ status: number; body: { result: string; message: string } }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
  return { status: response.status, body: (await response.json()) as { result: string; message: string } };
}

/** The unsubscribe page's link of the newest mail to `user` (logged, as the outbox never keeps links), and its one-click address. */
async function unsubscribeLinksOf(server: TestServer, user: TestUser): Promise<{ page: string; oneClick: string }> {
  const page = await server.mailedLink(user.email);
  if (!page) throw new Error(`no mailed link for ${user.email}`);
  return { page, oneClick: page.replace(`${UNSUBSCRIBE_PAGE_PATH}?`, `${UNSUBSCRIBE_API_PATH}?`) };
}

describe('dailyDigestSince', () => {
  it('is the latest digest hour at the venue at or before now', () => {
    // Johannesburg is UTC+2: 12:00 there is 10:00Z; 06:00 there is 04:00Z.
    expect(dailyDigestSince(new Date('2025-12-06T10:00:00Z'), 'Africa/Johannesburg', 7).toISOString()).toBe('2025-12-06T05:00:00.000Z');
    expect(dailyDigestSince(new Date('2025-12-06T04:00:00Z'), 'Africa/Johannesburg', 7).toISOString()).toBe('2025-12-05T05:00:00.000Z');
    expect(dailyDigestSince(new Date('2025-12-06T05:00:00Z'), 'Africa/Johannesburg', 7).toISOString()).toBe('2025-12-06T05:00:00.000Z');
  });
});

describeEachDatabase(
  'notification e-mails',
  (server) => {
    it('mails an "immediate" follower once: plain, short, why they got it, the unsubscribe link (logged, never kept), nobody else’s address', async () => {
      const { owner, follower } = await followerWithNews(server());
      const quiet = await signUpUser(server());
      await follow(quiet, (await bell(follower)).items[0]!.mission_id!);
      await server().notifications.run();
      const mail = await onlyMail(server(), follower);
      expect(mail.subject).toBe('Mission Control: 1 new notification');
      expect(mail.body).toContain('Hello Grace,');
      expect(mail.body).toContain('- Ada Lovelace changed the statement of “Clean Water”.');
      expect(mail.body).toContain('Why you got this e-mail: you chose “Immediately” for e-mails about your notifications on your profile page');
      // The outbox keeps the mail without its link, as every mail; the link was logged.
      expect(mail.body).toContain(`Stop these e-mails with one click, no sign-in needed: ${LINK_NOT_KEPT}`);
      expect(mail.body).not.toContain('token=');
      const { page } = await unsubscribeLinksOf(server(), follower);
      expect(page).toMatch(new RegExp(`^${server().url}/unsubscribe\\?token=[A-Za-z0-9_-]{27}\\.[A-Za-z0-9_-]{22}$`));
      expect(mail.body).not.toContain(owner.email);
      expect(mail.body).not.toContain('@');
      // Without SMTP_URL it is kept in the outbox, not queued for sending.
      expect(mail.deliver_after).toBeNull();

      // Nothing new: no second mail. Someone who never switched mail on gets none.
      await server().notifications.run();
      expect(await mailsTo(server(), follower)).toHaveLength(1);
      expect(await mailsTo(server(), quiet)).toEqual([]);
    });

    it('mails only what is unread, lists at most 20 and counts the rest, and never mails news from before mail was switched on', async () => {
      const { owner, mission, follower } = await followerWithNews(server(), 'off');
      await saveSettings(follower, { email_digest: 'immediate' });
      await server().notifications.run();
      expect(await mailsTo(server(), follower)).toEqual([]);

      await server().db.query(
        `select record_mission_event('mission_updated', $1, $2, null, '{"fields": ["core_message"]}'::jsonb) from generate_series(1, $3::int)`,
        [mission.mission_id, owner.user.id, DIGEST_ITEMS + 5],
      );
      const newest = (await bell(follower)).items[0]!;
      expect((await follower.client.rpc('mark_notifications_read', { p_notification_id: newest.id })).data).toEqual({ unread: DIGEST_ITEMS + 5 });
      await server().notifications.run();
      const mail = await onlyMail(server(), follower);
      expect(mail.subject).toBe(`Mission Control: ${DIGEST_ITEMS + 4} new notifications`);
      expect(mail.body.split('\n').filter((line) => line.startsWith('- '))).toHaveLength(DIGEST_ITEMS);
      expect(mail.body).toContain('…and 4 more in the app.');
    });

    it('mails a "daily" follower once a day, at the digest hour, with what came since the last one', async () => {
      const { follower } = await followerWithNews(server(), 'daily');
      await server().db.query(`update notification_settings set last_digest_at = now() where user_id = $1`, [follower.user.id]);
      await server().notifications.run();
      expect(await mailsTo(server(), follower)).toEqual([]);

      await server().db.query(`update notification_settings set last_digest_at = now() - interval '2 days' where user_id = $1`, [follower.user.id]);
      await server().notifications.run();
      const mail = await onlyMail(server(), follower);
      expect(mail.body).toContain('Here is what happened since your last daily e-mail:');
      expect(mail.body).toContain('you chose “Once a day”');
    });

    it('unsubscribes with the link, without signing in: a valid link once, then "used"; a forged link changes nothing', async () => {
      const { follower } = await followerWithNews(server());
      const other = (await followerWithNews(server())).follower;
      await server().notifications.run();
      await onlyMail(server(), follower);
      const url = (await unsubscribeLinksOf(server(), follower)).oneClick;

      // A mail program without one-click opens the address: it lands on the page, which asks first.
      const opened = await fetch(url, { redirect: 'manual' });
      expect(opened.status).toBe(303);
      expect(opened.headers.get('location')).toBe(`/unsubscribe?${url.split('?')[1]}`);
      expect((await follower.client.rpc('get_notification_settings', {})).data?.email_digest).toBe('immediate');

      // The MAC's first character (its last one carries padding bits a decoder may ignore).
      const forgedMac = url.replace(/\.(.)/, (_dot, first: string) => `.${first === 'A' ? 'B' : 'A'}`);
      const otherToken = (await unsubscribeLinksOf(server(), other)).oneClick.split('token=')[1]!;
      const otherPayloadMyMac = url.replace(/token=[^.]+/, `token=${otherToken.split('.')[0]}`);
      for (const forged of [forgedMac, otherPayloadMyMac, url.replace(/token=.*/, 'token=not-a-token'), url.replace(/\?token=.*/, '')]) {
        const answer = await postOneClick(forged);
        expect(answer).toEqual({ status: 400, body: { result: 'invalid', message: UNSUBSCRIBE_MESSAGES.invalid } });
      }
      expect((await follower.client.rpc('get_notification_settings', {})).data?.email_digest).toBe('immediate');
      expect((await other.client.rpc('get_notification_settings', {})).data?.email_digest).toBe('immediate');

      expect(await postOneClick(url)).toEqual({ status: 200, body: { result: 'unsubscribed', message: UNSUBSCRIBE_MESSAGES.unsubscribed } });
      expect((await follower.client.rpc('get_notification_settings', {})).data).toEqual({ email_digest: 'off', allow_team_additions: true });
      expect((await other.client.rpc('get_notification_settings', {})).data?.email_digest).toBe('immediate');

      // Used again: nothing changes, and after switching mail back on the old link cannot switch it off.
      expect(await postOneClick(url)).toEqual({ status: 410, body: { result: 'used', message: UNSUBSCRIBE_MESSAGES.used } });
      await saveSettings(follower, { email_digest: 'daily' });
      expect((await postOneClick(url)).status).toBe(410);
      expect((await follower.client.rpc('get_notification_settings', {})).data?.email_digest).toBe('daily');
    });

    it('loses nothing when a pass fails mid-way: nothing is written, and the next pass mails it once', async () => {
      // The outbox refuses writes, as a full disk or a killed connection would, after the pass has
      // chosen its people: the pass the change wakes fails half way.
      await server().db.exec(`create function refuse_mail() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$;
        create trigger refuse_mail before insert on mail_outbox for each statement execute function refuse_mail();`);
      let follower: TestUser;
      try {
        ({ follower } = await followerWithNews(server()));
        await server().notifications.run();
      } finally {
        await server().db.exec('drop trigger refuse_mail on mail_outbox; drop function refuse_mail();');
      }
      expect(await mailsTo(server(), follower)).toEqual([]);
      const [pending] = await server().db.query<{ n: number }>('select count(*)::int as n from notifications where user_id = $1 and mail_pending', [
        follower.user.id,
      ]);
      expect(pending?.n).toBe(1);

      await server().notifications.run();
      await server().notifications.run();
      expect(await mailsTo(server(), follower)).toHaveLength(1);
    });
  },
  // The mailed links are read from the log, where a server without SMTP puts them.
  { MAIL_DIGEST_INTERVAL_SECONDS: '3600', LOG_LEVEL: 'info' },
);

describe('notification e-mails over SMTP', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
  });
  afterAll(async () => {
    await smtp.close();
  });

  describeEachDatabase(
    'delivery',
    (server) => {
      it('sends the digest through SMTP with its unsubscribe headers, once, and retries a refused mail later', async () => {
        const before = smtp.messages.length;
        smtp.refuseNext = 1;
        // The change wakes the pass, which meets the refusal.
        const { follower } = await followerWithNews(server());
        let mail = await onlyMail(server(), follower);
        expect(mail).toMatchObject({ sent_at: null, attempts: 1 });
        expect(new Date(mail.deliver_after!).getTime()).toBeGreaterThan(Date.now());
        expect(smtp.messages).toHaveLength(before);

        // Its time comes: sent, once.
        await server().db.query('update mail_outbox set deliver_after = now() where id = $1', [mail.id]);
        await server().notifications.run();
        await server().notifications.run();
        mail = await onlyMail(server(), follower);
        expect(mail.sent_at).not.toBeNull();
        const sent = smtp.messages.slice(before);
        expect(sent).toHaveLength(1);
        const raw = sent[0]!.replace(/\r\n[ \t]+/g, ' ');
        // RFC 8058: the one-click address in the header, the page in the text, both with the person's current token.
        const oneClick = /^List-Unsubscribe: <(http:\/\/localhost:\d+\/mail\/v1\/unsubscribe\?token=[A-Za-z0-9_.-]+)>$/m.exec(raw)?.[1];
        expect(oneClick).toBeDefined();
        expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
        expect(raw).toMatch(new RegExp(`^Message-ID: <outbox-${mail.id}@localhost>$`, 'm'));
        expect(raw).toContain('Subject: Mission Control: 1 new notification');
        const decoded = raw.replace(/=\r\n/g, '').replace(/=3D/g, '=');
        expect(decoded).toContain(`Stop these e-mails with one click, no sign-in needed: ${oneClick!.replace(UNSUBSCRIBE_API_PATH, UNSUBSCRIBE_PAGE_PATH)}`);
        expect(decoded).not.toContain(LINK_NOT_KEPT);
        // And it works: one click, no sign-in.
        expect((await postOneClick(oneClick!)).status).toBe(200);
      });

      it('does not send a queued mail to someone who switched these e-mails off before it went', async () => {
        const before = smtp.messages.length;
        smtp.refuseNext = 1;
        const { follower } = await followerWithNews(server());
        const queued = await onlyMail(server(), follower);
        expect(queued.sent_at).toBeNull();
        await saveSettings(follower, { email_digest: 'off' });
        await server().db.query('update mail_outbox set deliver_after = now() where id = $1', [queued.id]);
        await server().notifications.run();
        expect(smtp.messages).toHaveLength(before);
        const kept = await onlyMail(server(), follower);
        expect(kept).toMatchObject({ sent_at: null, deliver_after: null });
      });

      it('leaves a mail claimed by another instance alone until its lease runs out, then sends it once', async () => {
        const { follower } = await followerWithNews(server());
        // Another instance claimed a mail and stopped before sending it.
        await server().db.query(
          `insert into mail_outbox (recipient, subject, body, deliver_after, claimed_until, attempts)
           values ($1, 'Claimed', 'body', now(), now() + interval '1 minute', 1)`,
          [follower.email.toLowerCase()],
        );
        const claimed = () => smtp.messages.filter((message) => message.includes('Subject: Claimed') && message.includes(follower.email.toLowerCase()));
        await server().notifications.run();
        expect(claimed()).toHaveLength(0);

        await server().db.query(`update mail_outbox set claimed_until = now() - interval '1 second' where subject = 'Claimed' and recipient = $1`, [
          follower.email.toLowerCase(),
        ]);
        await server().notifications.run();
        await server().notifications.run();
        expect(claimed()).toHaveLength(1);
        const [row] = await server().db.query<{ sent_at: string | null }>(`select sent_at from mail_outbox where subject = 'Claimed' and recipient = $1`, [
          follower.email.toLowerCase(),
        ]);
        expect(row?.sent_at).not.toBeNull();
      });
    },
    // The SMTP server's address is only known once it listens: read it when the suite starts.
    {
      MAIL_DIGEST_INTERVAL_SECONDS: '3600',
      get SMTP_URL() {
        return smtp.url;
      },
    },
  );
});
