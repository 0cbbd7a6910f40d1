import type { FastifyBaseLogger } from 'fastify';
import { MISSIONS_TOPIC, ROUNDS_TOPIC } from '@mc/contract';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import type { SigningKeys } from '../../auth/keys.ts';
import { NEW_NOTIFICATIONS_TOPIC, type NotificationsBusChange } from '../../kernel/effects.ts';
import type { LiveChannel } from '../../live/service.ts';
import { MailDelivery } from '../../mail/outbox.ts';
import { announcesReveal } from '../../kernel/round-changes.ts';
import type { DueMail, DueNotifications } from '../../kernel/manifest.ts';
import { restoreDigest, sendDueDigests } from './digest.ts';
import { sendDueReminders } from './reminders.ts';
import { NotificationsFeed } from './live.ts';
import { unsubscribeKey, unsubscribeLinks, unsubscribeToken } from './unsubscribe.ts';

/** After a change, mail waits this long for what comes with it (a few edits in a row make one mail). */
const WAKE_DELAY_MS = 1_000;

export interface NotificationJobs {
  /** One pass: announcements that are due, due digests into the outbox, then (with SMTP) the outbox's due mails out. */
  run(): Promise<void>;
  /** Resolves once no pass is running or waiting to start (after a change woke the job). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export interface NotificationJobsDeps {
  db: Db;
  config: Config;
  keys: SigningKeys;
  log: FastifyBaseLogger;
  live: LiveChannel;
  /** What "now" is for announcements and reminders that are due: a test sets the time instead of waiting for it. */
  clock: Clock;
  /** What other features send when it becomes due (announcements), each pass before the reminders. */
  due: readonly DueNotifications[];
}

/**
 * The background side of notifications on one instance: the digest and delivery pass every
 * MAIL_DIGEST_INTERVAL_SECONDS (and soon after a change), and the live feed of the bell (old
 * notifications are deleted by the server's pruning, auth/pruning.ts). Every instance runs them; the work is claimed in the database, so it is done
 * once. Nothing here runs on a request's path: a change's answer never waits for mail.
 */
export function startNotificationJobs(options: NotificationJobsDeps): NotificationJobs {
  const { db, config, log, clock } = options;
  const jobLog = log.child({ component: 'notifications' });
  const key = unsubscribeKey(options.keys);
  const delivery = config.SMTP_URL
    ? new MailDelivery(
        db,
        {
          smtpUrl: config.SMTP_URL,
          from: config.MAIL_FROM,
          messageIdDomain: new URL(config.publicUrl).hostname,
          restore: restoreDigest(db, key, config.publicUrl),
        },
        jobLog,
      )
    : null;
  const digestDeps = { db, config, unsubscribeKey: key, deliver: delivery !== null, log: jobLog };
  const dueMail: DueMail = {
    publicUrl: config.publicUrl,
    productName: config.PRODUCT_NAME,
    deliver: delivery !== null,
    unsubscribeLink: (userId, generation) => unsubscribeLinks(config.publicUrl, unsubscribeToken(key, userId, generation)).page,
    log: jobLog,
  };
  const feed = new NotificationsFeed(db, options.live.hub, jobLog);

  let current: Promise<void> | null = null;
  let closed = false;
  const pass = async (): Promise<void> => {
    try {
      // Announcements whose time has come first, so an urgent one is mailed in this same pass.
      const now = new Date(clock.now());
      // Each tells the people concerned once its notifications are committed (kernel/effects.ts).
      for (const sendDue of options.due) await sendDue(db, now, dueMail);
      await sendDueReminders(db, now);
      await sendDueDigests(digestDeps);
      await delivery?.deliverDue();
    } catch (error) {
      // Nothing was half done (each batch is one transaction, each claim a lease): the next pass retries.
      jobLog.warn({ err: error }, 'the notification mail pass failed');
    }
  };
  /** Passes never overlap on one instance: a pass asked for during another starts after it. */
  const run = async (): Promise<void> => {
    while (current) await current;
    if (closed) return;
    current = pass().finally(() => {
      current = null;
    });
    return current;
  };

  let wakeTimer: NodeJS.Timeout | undefined;
  let woken: Promise<void> | null = null;
  let stopWaiting: () => void = () => undefined;
  const wake = () => {
    if (closed || woken) return;
    woken = new Promise<void>((resolve) => {
      stopWaiting = resolve;
      wakeTimer = setTimeout(() => {
        wakeTimer = undefined;
        void run().then(() => {
          woken = null;
          resolve();
        });
      }, WAKE_DELAY_MS);
    });
  };
  followBus(options.live, feed, wake);

  const interval = setInterval(() => void run(), config.MAIL_DIGEST_INTERVAL_SECONDS * 1000);
  interval.unref();

  return {
    run,
    async settled() {
      while (woken || current) await (woken ?? current);
    },
    async close() {
      closed = true;
      clearInterval(interval);
      clearTimeout(wakeTimer);
      woken = null;
      stopWaiting();
      feed.close();
      while (current) await current;
      delivery?.close();
    },
  };
}

/**
 * What wakes the bell's live feed and the mail pass: whatever a change declared it wrote or whose
 * bell it changed (kernel/effects.ts), a revealed round's result (news for its voters and its
 * missions' followers), and missions events (vote milestones come with vote counts; content and
 * team changes may have recorded notifications for someone who wants them mailed at once).
 */
function followBus(live: LiveChannel, feed: NotificationsFeed, wake: () => void): void {
  live.bus.onEvents((events) => {
    for (const event of events) {
      if (event.topic === NEW_NOTIFICATIONS_TOPIC) {
        const change = event.data as Partial<NotificationsBusChange>;
        feed.bellsChanged(Array.isArray(change.bells) ? change.bells : []);
        if (change.written) wake();
      } else if (event.topic === ROUNDS_TOPIC && announcesReveal(event.data)) {
        feed.poke();
        wake();
      } else if (event.topic === MISSIONS_TOPIC) {
        feed.poke();
        if ((event.data as { changed?: unknown[] }).changed?.length) wake();
      }
    }
  });
}
