import {
  DELETED_ACCOUNT_LABEL,
  MISSION_FIELD_MAX,
  MISSION_FIELDS,
  MODERATION_MESSAGES,
  ORPHANED_MISSION_NOTE,
  type AccountDeletionPlan,
  type MissionField,
  type MissionOutcome,
  type PersonRef,
} from '@mc/contract';
import type { Queryable } from '../db/db.ts';
import { businessError } from '../http/errors.ts';
import { recordMissionEvent } from './events.ts';
import { personJson } from './people.ts';
import type { Tx } from './effects.ts';

/*
 * Deleting an account, written once for the person themselves (the account page) and for the
 * organisers (the console): docs/product.md#deleting-an-account. Everything runs in the caller's
 * transaction, so the deletion and its audit entry are saved together or not at all.
 */

/**
 * What deleting this account would do. The mission it created passes to its first co-owner (by
 * the date they joined) who has not created a mission of their own (a person creates at most
 * one); with no such co-owner the mission is deleted with the account.
 */
export async function planAccountDeletion(db: Queryable, userId: string): Promise<AccountDeletionPlan> {
  const [row] = await db.query<{
    mission: { mission_id: string; name: string } | null;
    new_owner: PersonRef | null;
    votes: number;
    subscriptions: number;
    memberships: number;
  }>(
    `select (select json_build_object('mission_id', m.mission_id, 'name', m.name) from missions m where m.created_by = $1) as mission,
            (select ${personJson('heir')}
               from missions m
               join mission_members mm on mm.mission_id = m.mission_id
               join users heir on heir.id = mm.user_id
              where m.created_by = $1 and mm.user_id <> $1 and mm.is_co_owner
                and not exists (select 1 from missions own where own.created_by = mm.user_id)
              order by mm.added_at, mm.user_id
              limit 1) as new_owner,
            (select count(*)::int from mission_votes where user_id = $1) as votes,
            (select count(*)::int from mission_subscriptions where user_id = $1) as subscriptions,
            (select count(*)::int from mission_members where user_id = $1) as memberships`,
    [userId],
  );
  if (!row) throw new Error('the deletion plan query answered no row');
  return {
    mission_outcome: row.mission ? (row.new_owner ? 'transferred' : 'hidden') : 'none',
    mission: row.mission,
    new_owner: row.mission ? row.new_owner : null,
    votes: row.votes,
    subscriptions: row.subscriptions,
    memberships: row.memberships,
  };
}

export interface AccountDeletion {
  mission_outcome: MissionOutcome;
  /** The account's e-mail, for the organiser's answer only: never stored anywhere. */
  email: string;
  /** Everything that named the person (id, e-mail, names), for withoutPerson: never stored anywhere. */
  identifiers: string[];
  new_owner_email: string | null;
  /** What the audit entry may keep: counts, never who. */
  counts: { votes: number; subscriptions: number; memberships: number; organiser: boolean };
}

/**
 * The missions the person's rows touch (created, voted, followed, on the team), locked in
 * mission_id order as vote batches and team changes lock them (docs/ARCHITECTURE.md#lock-order).
 * Answers their ids.
 */
async function lockMissionsOf(tx: Queryable, userId: string): Promise<string[]> {
  const rows = await tx.query<{ mission_id: string }>(
    `select mission_id from missions where mission_id in (
        select mission_id from missions where created_by = $1
        union select mission_id from mission_votes where user_id = $1
        union select mission_id from mission_subscriptions where user_id = $1
        union select mission_id from mission_members where user_id = $1)
      order by mission_id for update`,
    [userId],
  );
  return rows.map((row) => row.mission_id);
}

/** What the database answers for a transaction that must start again; the runner does (db/db.ts). */
function startAgain(reason: string): Error {
  return Object.assign(new Error(reason), { code: '40001' });
}

/**
 * Deletes the account `userId`, or answers null when there is none (deleted already). With
 * `expected`, refuses when what happens to the person's mission is no longer what the caller was
 * shown. Locks the person's missions, then the person's row, as every transaction locks missions
 * before people: a team addition or a vote batch naming them either finished before (and is
 * cascaded away) or waits and then finds no one. A mission they touched in between (a vote
 * committed while this waited for their row) would have to be locked after the person, against
 * that order: the transaction starts again instead, and then locks it first.
 */
export async function deleteAccount(tx: Tx, userId: string, expected?: MissionOutcome): Promise<AccountDeletion | null> {
  const locked = new Set(await lockMissionsOf(tx, userId));
  const [person] = await tx.query<{ email: string; first_name: string; last_name: string; pre: boolean; post: boolean; organiser: boolean }>(
    `select email, first_name, last_name, pre_survey_completed as pre, post_survey_completed as post,
            exists (select 1 from organisers o where o.user_id = users.id) as organiser
       from users where id = $1 for update`,
    [userId],
  );
  if (!person) return null;
  const theirs = await tx.query<{ mission_id: string }>(
    `select mission_id from missions where created_by = $1
     union select mission_id from mission_votes where user_id = $1
     union select mission_id from mission_subscriptions where user_id = $1
     union select mission_id from mission_members where user_id = $1`,
    [userId],
  );
  if (theirs.some((row) => !locked.has(row.mission_id))) throw startAgain('the person touched another mission while their deletion waited');
  const plan = await planAccountDeletion(tx, userId);
  if (expected !== undefined && plan.mission_outcome !== expected) throw businessError(MODERATION_MESSAGES.outcomeChanged);

  if (plan.mission && plan.new_owner) {
    await tx.query('update missions set created_by = $2, updated_at = now() where mission_id = $1', [plan.mission.mission_id, plan.new_owner.user_id]);
    await tx.query(`update mission_members set role_in_team = 'owner', is_co_owner = true where mission_id = $1 and user_id = $2`, [
      plan.mission.mission_id,
      plan.new_owner.user_id,
    ]);
  } else if (plan.mission) {
    // Nobody can own it: it stays, hidden with a note, for the rest of its team and the organisers.
    await tx.query(
      'update missions set created_by = null, hidden_at = coalesce(hidden_at, now()), hidden_reason = $2, hidden_by = null where mission_id = $1',
      [plan.mission.mission_id, ORPHANED_MISSION_NOTE],
    );
    await recordMissionEvent(tx, plan.mission.mission_id, userId, { kind: 'mission_hidden', reason: ORPHANED_MISSION_NOTE });
  }

  // The updates they posted on the mission that passes to a co-owner pass with it (and their
  // photos); every other update of theirs goes with the account (the foreign keys take them).
  if (plan.mission && plan.new_owner) {
    await tx.query(
      `update update_photos set uploaded_by = $3
        where update_id in (select update_id from mission_updates where mission_id = $1 and author_id = $2)`,
      [plan.mission.mission_id, userId, plan.new_owner.user_id],
    );
    await tx.query('update mission_updates set author_id = $3 where mission_id = $1 and author_id = $2', [
      plan.mission.mission_id,
      userId,
      plan.new_owner.user_id,
    ]);
  }

  const identifiers = [userId, person.email, person.first_name, person.last_name];
  if (plan.mission) await forgetInMissionText(tx, plan.mission.mission_id, { identifiers });

  const touched = await tx.query<{ mission_id: string }>(
    `select mission_id from mission_votes where user_id = $1
     union select mission_id from mission_subscriptions where user_id = $1
     union select mission_id from mission_members where user_id = $1`,
    [userId],
  );
  // Survey completion stays only as a count.
  await tx.query(
    `update deleted_accounts_tally set accounts = accounts + 1,
            pre_survey_done = pre_survey_done + case when $1 then 1 else 0 end,
            post_survey_done = post_survey_done + case when $2 then 1 else 0 end`,
    [person.pre, person.post],
  );
  await forgetTraces(tx, userId, person.email);
  // The badge goes with the account (its check-in and scans by the foreign keys); its opaque id
  // stays on the list doors refuse, naming nobody (docs/product.md#check-in-at-the-door).
  const badge = await tx.query<{ badge_id: string }>(
    `insert into revoked_badges (badge_id, reason) select badge_id, 'deleted' from badges where user_id = $1
     on conflict (badge_id) do nothing returning badge_id`,
    [userId],
  );
  const [checkedIn] = await tx.query<{ one: number }>('select 1 as one from checkins where user_id = $1', [userId]);
  // The foreign keys take the rest: sessions and refresh tokens (signed out everywhere), votes and
  // subscriptions (their statement triggers correct the counts), memberships, role profile,
  // notifications, settings, favourites, calendar feed, second factors, downloads.
  await tx.query('delete from users where id = $1', [userId]);
  // The votes, follows and team places that went with the account change the counts on screen;
  // a mission handed on or hidden is read again.
  tx.effects.missionCounts(touched.map((row) => row.mission_id));
  if (plan.mission) tx.effects.missionsChanged([plan.mission.mission_id]);
  if (checkedIn || badge.length > 0) tx.effects.checkinsChanged();
  return {
    mission_outcome: plan.mission_outcome,
    email: person.email,
    identifiers,
    new_owner_email: plan.new_owner?.email ?? null,
    counts: { votes: plan.votes, subscriptions: plan.subscriptions, memberships: plan.memberships, organiser: person.organiser },
  };
}

/**
 * `text` (an organiser's reason for the audit log) with every mention of the deleted person (their
 * id, e-mail and each name, as whole words, in any case) replaced by "deleted account", so the
 * entry that records the deletion cannot name them even when the reason was typed with their name.
 */
export function withoutPerson(text: string, deletion: Pick<AccountDeletion, 'identifiers'>): string {
  const words = deletion.identifiers
    .flatMap((identifier) => identifier.split(/\s+/))
    .filter((word) => word.length > 0)
    .sort((a, b) => b.length - a.length)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (words.length === 0) return text;
  const mention = new RegExp(`(?<![\\p{L}\\p{N}@.])(?:${words.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  return text.replace(mention, DELETED_ACCOUNT_LABEL);
}

/**
 * The mission the person leaves behind (to a new owner, or hidden) keeps its texts, but never the
 * person: each mention of them typed into it ("Mission of {first} {last}") is replaced as in an
 * organiser's reason (withoutPerson), within each field's length.
 */
async function forgetInMissionText(tx: Queryable, missionId: string, deletion: Pick<AccountDeletion, 'identifiers'>): Promise<void> {
  const [texts] = await tx.query<Record<MissionField, string>>(`select ${MISSION_FIELDS.join(', ')} from missions where mission_id = $1`, [missionId]);
  if (!texts) return;
  const changed = MISSION_FIELDS.filter((field) => withoutPerson(texts[field], deletion) !== texts[field]);
  if (changed.length === 0) return;
  await tx.query(`update missions set ${changed.map((field, index) => `${field} = $${index + 2}`).join(', ')} where mission_id = $1`, [
    missionId,
    ...changed.map((field) => withoutPerson(texts[field], deletion).slice(0, MISSION_FIELD_MAX[field])),
  ]);
}

/**
 * What names the person outside the rows their id's foreign keys reach: mails in the outbox,
 * rate-limit counters keyed by their address, the speaker photos they uploaded, and the audit log,
 * whose entries keep what happened but say "deleted account" instead of their e-mail and id.
 */
async function forgetTraces(tx: Queryable, userId: string, email: string): Promise<void> {
  await tx.query('delete from mail_outbox where lower(recipient) = lower($1)', [email]);
  // Counters keyed by the address, by the id, or by the id and one of their trusted browsers ("id:device").
  await tx.query(`delete from rate_limits where lower(subject) = lower($1) or subject = $2 or starts_with(subject, $2 || ':')`, [email, userId]);
  await tx.query('update speaker_photos set created_by = null where created_by = $1', [userId]);
  // The audit log refuses changes except in a transaction that says it is redacting (migration 019).
  await tx.query(`select set_config('mc.audit_redaction', 'on', true)`);
  await tx.query(
    `update audit_log set
        actor_id = case when actor_id = $1::uuid then null else actor_id end,
        actor_label = case when actor_id = $1::uuid or lower(actor_label) = lower($2) then $3 else actor_label end,
        subject = ${redact('subject')},
        before = (${redact('before::text')})::jsonb,
        after = (${redact('after::text')})::jsonb
      where actor_id = $1::uuid or lower(actor_label) = lower($2)
         or strpos(lower(subject), lower($2)) > 0 or strpos(lower(before::text), lower($2)) > 0 or strpos(lower(after::text), lower($2)) > 0
         or strpos(before::text, $4) > 0 or strpos(after::text, $4) > 0`,
    [userId, email, DELETED_ACCOUNT_LABEL, userId],
  );
  await tx.query(`select set_config('mc.audit_redaction', 'off', true)`);
}

/** `column` with the e-mail ($2, as stored or in lower case) and the id ($4, as text) replaced by the label ($3). */
function redact(column: string): string {
  return `replace(replace(replace(${column}, $2, $3), lower($2), $3), $4, $3)`;
}
