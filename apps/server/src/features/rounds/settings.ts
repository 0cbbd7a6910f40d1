import { MOMENT_MESSAGES, parseMoment, ROUND_AUDIT_KINDS, ROUND_MESSAGES, type ParsedProcedureParams, type RoundSettings } from '@mc/contract';
import type { Db, Queryable } from '../../db/db.ts';
import { businessError } from '../../http/errors.ts';
import { recordAudit, type Actor } from '../../kernel/audit.ts';
import { eventYear } from '../../kernel/programme.ts';
import { transaction } from '../../kernel/effects.ts';
import { findSettings, iso } from './queries.ts';

type Settings = ParsedProcedureParams<'create_vote_round'>;

/**
 * An opening or closing time as sent, read by the one rule for the moments people send
 * (docs/product.md#dates-times-and-counts): the same instant in ISO form, null for none.
 */
async function momentOf(db: Queryable, sent: string | null): Promise<string | null> {
  if (sent === null) return null;
  const at = parseMoment(sent, await eventYear(db));
  if (!at) throw businessError(MOMENT_MESSAGES.moment);
  return at.toISOString();
}

async function withMoments(db: Queryable, settings: Settings): Promise<Settings> {
  return { ...settings, p_opens_at: await momentOf(db, settings.p_opens_at), p_closes_at: await momentOf(db, settings.p_closes_at) };
}

/** The rules a round's settings follow beyond their types, checked against the database's clock. */
async function checkSettings(tx: Queryable, settings: Settings): Promise<string[] | null> {
  if (settings.p_name === '') throw businessError(ROUND_MESSAGES.nameRequired);
  const [times] = await tx.query<{ close_before_open: boolean; close_passed: boolean }>(
    `select coalesce($2::timestamptz <= $1::timestamptz, false) as close_before_open, coalesce($2::timestamptz <= now(), false) as close_passed`,
    [settings.p_opens_at, settings.p_closes_at],
  );
  if (times?.close_before_open) throw businessError(ROUND_MESSAGES.closeBeforeOpen);
  if (times?.close_passed) throw businessError(ROUND_MESSAGES.closeInPast);
  if (settings.p_mission_ids === null) return null;
  const ids = [...new Set(settings.p_mission_ids)];
  if (ids.length === 0) throw businessError(ROUND_MESSAGES.shortlistEmpty);
  // Locked, so a mission cannot be hidden between this check and the commit.
  const visible = await tx.query<{ mission_id: string }>('select mission_id from missions where mission_id = any($1::uuid[]) and hidden_at is null for share', [
    ids,
  ]);
  if (visible.length !== ids.length) throw businessError(ROUND_MESSAGES.shortlistUnknown);
  return ids;
}

async function saveShortlist(tx: Queryable, roundId: string, ids: string[] | null): Promise<void> {
  await tx.query('delete from vote_round_missions where round_id = $1', [roundId]);
  if (ids) await tx.query('insert into vote_round_missions (round_id, mission_id) select $1, unnest($2::uuid[])', [roundId, ids]);
}

const SETTING_VALUES = `name = $2, votes_per_person = $3, allow_own_mission = $4, show_counts_while_open = $5,
  all_missions = $6, opens_at = $7, closes_at = $8, allow_repeat_votes = $9, checked_in_only = $10`;

function values(roundId: string | null, settings: Settings): unknown[] {
  return [
    roundId,
    settings.p_name,
    settings.p_votes_per_person,
    settings.p_allow_own_mission,
    settings.p_show_counts_while_open,
    settings.p_mission_ids === null,
    settings.p_opens_at,
    settings.p_closes_at,
    settings.p_allow_repeat_votes,
    settings.p_checked_in_only,
  ];
}

export async function createRound(db: Db, sent: Settings, actor: Actor): Promise<string> {
  const settings = await withMoments(db, sent);
  return transaction(db, async (tx) => {
    const shortlist = await checkSettings(tx, settings);
    const [row] = await tx.query<{ round_id: string }>(
      `insert into vote_rounds (round_id, name, votes_per_person, allow_own_mission, show_counts_while_open, all_missions, opens_at, closes_at,
                               allow_repeat_votes, checked_in_only, created_by)
       values (coalesce($1::uuid, gen_random_uuid()), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning round_id`,
      [...values(null, settings), actor.userId],
    );
    if (!row) throw new Error('insert into vote_rounds returned nothing');
    await saveShortlist(tx, row.round_id, shortlist);
    await recordAudit(tx, { actor, kind: ROUND_AUDIT_KINDS.created, subject: settings.p_name, after: auditView(settings, shortlist) });
    tx.effects.roundChanged(row.round_id, 'state');
    return row.round_id;
  });
}

/** Changes a round that has not opened yet (the console's form sends every setting). */
export async function updateRound(db: Db, roundId: string, sent: Settings, actor: Actor): Promise<void> {
  const settings = await withMoments(db, sent);
  await transaction(db, async (tx) => {
    const [round] = await tx.query<{ state: string }>('select state from vote_rounds where round_id = $1 for update', [roundId]);
    if (!round) throw businessError(ROUND_MESSAGES.notFound);
    if (round.state !== 'draft') throw businessError(ROUND_MESSAGES.notDraft);
    const before = await findSettings(tx, roundId);
    const shortlist = await checkSettings(tx, settings);
    await tx.query(`update vote_rounds set ${SETTING_VALUES}, updated_at = now() where round_id = $1`, values(roundId, settings));
    await saveShortlist(tx, roundId, shortlist);
    await recordAudit(tx, { actor, kind: ROUND_AUDIT_KINDS.updated, subject: settings.p_name, before, after: auditView(settings, shortlist) });
    tx.effects.roundChanged(roundId, 'state');
  });
}

/** Sets (or clears) the closing time of a draft or open round. */
export async function setCloseTime(db: Db, roundId: string, sentClose: string | null, actor: Actor): Promise<void> {
  const closesAt = await momentOf(db, sentClose);
  await transaction(db, async (tx) => {
    const [round] = await tx.query<Pick<RoundSettings, 'name' | 'state' | 'closes_at'> & { close_before_open: boolean; close_passed: boolean }>(
      `select name, state, ${iso('closes_at')} as closes_at, coalesce($2::timestamptz <= opens_at, false) as close_before_open,
              coalesce($2::timestamptz <= now(), false) as close_passed
         from vote_rounds where round_id = $1 for update`,
      [roundId, closesAt],
    );
    if (!round) throw businessError(ROUND_MESSAGES.notFound);
    if (round.state !== 'draft' && round.state !== 'open') throw businessError(ROUND_MESSAGES.alreadyClosed);
    if (round.close_before_open) throw businessError(ROUND_MESSAGES.closeBeforeOpen);
    if (round.close_passed) throw businessError(ROUND_MESSAGES.closeInPast);
    await tx.query('update vote_rounds set closes_at = $2, updated_at = now() where round_id = $1', [roundId, closesAt]);
    tx.effects.roundChanged(roundId, 'state');
    await recordAudit(tx, {
      actor,
      kind: ROUND_AUDIT_KINDS.updated,
      subject: round.name,
      before: { closes_at: round.closes_at },
      after: { closes_at: closesAt },
    });
  });
}

function auditView(settings: Settings, shortlist: string[] | null): Record<string, unknown> {
  return {
    name: settings.p_name,
    votes_per_person: settings.p_votes_per_person,
    allow_own_mission: settings.p_allow_own_mission,
    show_counts_while_open: settings.p_show_counts_while_open,
    allow_repeat_votes: settings.p_allow_repeat_votes,
    checked_in_only: settings.p_checked_in_only,
    missions: shortlist ?? 'all visible missions',
    opens_at: settings.p_opens_at,
    closes_at: settings.p_closes_at,
  };
}
