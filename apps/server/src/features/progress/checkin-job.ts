import { MISSION_CHECKIN_DAYS, MISSION_CHECKIN_REMINDER_DAYS, daysAfter, missionCheckinPath, venueInstant, type MissionCheckinDay } from '@mc/contract';
import type { Db } from '../../db/db.ts';
import { accountLanguage } from '../../i18n/language.ts';
import { wordingIn } from '../../i18n/translate.ts';
import { transaction, type Tx } from '../../kernel/effects.ts';
import type { DueMail } from '../../kernel/manifest.ts';
import { isOwnerSql } from '../../kernel/members.ts';
import { readPublished } from '../../kernel/programme.ts';
import type { Mail } from '../../mail/mailer.ts';
import { queueMails } from '../../mail/outbox.ts';
import { recipientTag } from '../../mail/recipient.ts';

/*
 * Check-ins after the conference (docs/product.md#check-ins, docs/decisions/060-check-ins-exactly-once.md).
 * The notification jobs call askMissionCheckins on every pass with their clock (tests set it).
 * On check-in day N (30, 60, 90 days after the programme's last day, from midnight at the venue,
 * until day N + 30) every mission that is active or paused, not hidden and whose owners did not
 * switch check-ins off is claimed once in mission_checkins; the same transaction writes each
 * owner's bell and, to owners with notification e-mails on, the e-mail in their account's language.
 * A claim that exists (another instance's pass, an earlier one, before a restart) writes nothing.
 * Seven days after it was sent, a check-in nobody answered is reminded once, claimed the same way
 * (reminded_at set from null in the transaction that writes the reminder).
 */

/** How long after its day a check-in may still be sent (a server that was down catches up): until the next one's day. */
const SEND_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

/** The missions that are asked: active or paused, not hidden, check-ins on. `m` is the missions alias. */
const ASKED_MISSION = (m: string) =>
  `${m}.status in ('active', 'paused') and ${m}.hidden_at is null
   and not exists (select 1 from mission_checkins_off off where off.mission_id = ${m}.mission_id)`;

interface Told {
  user_id: string;
  mission_id: string;
  day: MissionCheckinDay;
  mission_name: string;
  email: string;
  first_name: string;
  language: string | null;
  /** Set when the owner has notification e-mails on (immediately or daily). */
  generation: number | null;
}

/** The check-in day whose window holds `now`, if any. */
export function dueCheckinDay(lastDay: string, timeZone: string, now: Date): MissionCheckinDay | null {
  for (const day of [...MISSION_CHECKIN_DAYS].reverse()) {
    const from = venueInstant(daysAfter(lastDay, day), '00:00', timeZone).getTime();
    if (from <= now.getTime() && now.getTime() < from + SEND_WINDOW_DAYS * DAY_MS) return day;
  }
  return null;
}

/** The owners' e-mail, in their account's language. */
function checkinMail(mail: DueMail, person: Told, reminder: boolean): Mail {
  const { say } = wordingIn(accountLanguage(person.language));
  const mission = `“${person.mission_name}”`;
  const form = `${mail.publicUrl}${missionCheckinPath(person.mission_id, person.day)}`;
  const link = mail.unsubscribeLink(person.user_id, person.generation ?? 0);
  const lines = [
    say('Hello {name},', { name: person.first_name }),
    '',
    reminder
      ? say('A week ago we asked how {mission} is going, and the check-in is still open.', { mission })
      : say('It is {days} days since the conference. How is {mission} going?', { days: String(person.day), mission }),
    say(
      'Tell your team and your followers in a few minutes: what happened, what you need now, and whether the team is still together. Your answer becomes an update of the mission.',
    ),
    '',
    say('Answer the check-in: {url}', { url: form }),
    say('Check-ins not wanted for this mission? Switch them off on that page.'),
    '',
    say('Why you got this e-mail: you are an owner of {mission} and you have e-mails about your notifications switched on on your profile page ({url}).', {
      mission,
      url: `${mail.publicUrl}/view-role-profile`,
    }),
    say('Stop these e-mails with one click, no sign-in needed: {link}', { link }),
  ];
  return {
    to: person.email,
    subject: reminder ? say('Reminder: how is {mission} going?', { mission }) : say('How is {mission} going?', { mission }),
    text: lines.join('\n'),
    link,
  };
}

/** The people told, with what their e-mail needs; `told` is a CTE of (user_id, mission_id, day). */
const TOLD_PEOPLE = `
  select t.user_id, t.mission_id, t.day, m.name as mission_name, u.email, u.first_name, u.user_metadata->>'language' as language,
         case when s.email_digest <> 'off' then s.unsubscribe_generation end as generation
    from told t join missions m on m.mission_id = t.mission_id join users u on u.id = t.user_id
    left join notification_settings s on s.user_id = t.user_id
   order by t.mission_id, t.user_id`;

/** Queues the e-mails of those told who have e-mails on; logs each as the digest does. */
async function queueFor(tx: Tx, mail: DueMail, told: Told[], reminder: boolean): Promise<void> {
  const mails = told.filter((person) => person.generation !== null).map((person) => checkinMail(mail, person, reminder));
  const linkOf = new Map(mails.map((one) => [one.to, one.link]));
  for (const written of await queueMails(tx, mails, mail.deliver)) {
    if (!mail.deliver) mail.log.info({ mailId: written.id, link: linkOf.get(written.recipient) ?? '' }, 'mail kept in outbox (no SMTP_URL)');
    mail.log.debug({ mailId: written.id, recipient: recipientTag(written.recipient) }, 'outbox mail recipient');
  }
}

/** Sends check-in day `day` to every asked mission not yet claimed for it; answers how many owners were told. */
async function sendCheckins(db: Db, day: MissionCheckinDay, now: Date, mail: DueMail): Promise<number> {
  // Once every mission was asked, a pass only looks (the claim below decides; this only spares a write).
  const [due] = await db.query<{ some_due: boolean }>(
    `select exists (select 1 from missions m where ${ASKED_MISSION('m')}
                       and not exists (select 1 from mission_checkins c where c.mission_id = m.mission_id and c.day = $1)) as some_due`,
    [day],
  );
  if (!due?.some_due) return 0;
  return transaction(db, async (tx) => {
    const told = await tx.query<Told>(
      `with claimed as (
         insert into mission_checkins (mission_id, day, sent_at)
         select m.mission_id, $1, $2 from missions m where ${ASKED_MISSION('m')}
         on conflict (mission_id, day) do nothing
         returning mission_id, day
       ),
       told as (
         insert into notifications (user_id, kind, mission_id, checkin_day)
         select owner.user_id, 'mission_checkin', claimed.mission_id, claimed.day
           from claimed join mission_members owner on owner.mission_id = claimed.mission_id and ${isOwnerSql('owner')}
         on conflict do nothing
         returning user_id, mission_id, checkin_day as day
       ) ${TOLD_PEOPLE}`,
      [day, now.toISOString()],
    );
    if (told.length === 0) return 0;
    await queueFor(tx, mail, told, false);
    tx.effects.notificationsWritten();
    return told.length;
  });
}

/** Reminds, once, every check-in sent at least a week ago and still unanswered; answers how many owners were told. */
async function sendReminders(db: Db, now: Date, mail: DueMail): Promise<number> {
  // Most passes have none due: one indexed look, no transaction.
  const [due] = await db.query<{ some_due: boolean }>(
    `select exists (select 1 from mission_checkins where answered_at is null and reminded_at is null
                       and sent_at <= $1::timestamptz - make_interval(days => $2) and sent_at > $1::timestamptz - make_interval(days => $3)) as some_due`,
    [now.toISOString(), MISSION_CHECKIN_REMINDER_DAYS, SEND_WINDOW_DAYS],
  );
  if (!due?.some_due) return 0;
  return transaction(db, async (tx) => {
    const told = await tx.query<Told>(
      `with reminded as (
         update mission_checkins c set reminded_at = $1
           from missions m
          where m.mission_id = c.mission_id and ${ASKED_MISSION('m')}
            and c.answered_at is null and c.reminded_at is null
            and c.sent_at <= $1::timestamptz - make_interval(days => $2)
            and c.sent_at > $1::timestamptz - make_interval(days => $3)
         returning c.mission_id, c.day
       ),
       told as (
         insert into notifications (user_id, kind, mission_id, checkin_day)
         select owner.user_id, 'mission_checkin_reminder', reminded.mission_id, reminded.day
           from reminded join mission_members owner on owner.mission_id = reminded.mission_id and ${isOwnerSql('owner')}
         on conflict do nothing
         returning user_id, mission_id, checkin_day as day
       ) ${TOLD_PEOPLE}`,
      [now.toISOString(), MISSION_CHECKIN_REMINDER_DAYS, SEND_WINDOW_DAYS],
    );
    if (told.length === 0) return 0;
    await queueFor(tx, mail, told, true);
    tx.effects.notificationsWritten();
    return told.length;
  });
}

/** One pass: the check-in of the day whose window holds `now`, then the reminders that are due. Answers how many owners were told. */
export async function askMissionCheckins(db: Db, now: Date, mail: DueMail): Promise<number> {
  const { settings } = (await readPublished(db)).programme;
  const day = dueCheckinDay(settings.endDate, settings.timeZone, now);
  const asked = day === null ? 0 : await sendCheckins(db, day, now, mail);
  return asked + (await sendReminders(db, now, mail));
}
