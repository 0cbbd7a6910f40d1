import {
  MISSION_CHECKIN_DAYS,
  MISSION_CHECKIN_LIMITS,
  MISSION_CHECKIN_MESSAGES,
  PROGRESS_LIMITS,
  PROGRESS_MESSAGES,
  daysAfter,
  type MissionCheckin,
  type MissionCheckinDay,
  type MissionCheckins,
  type MissionStatus,
} from '@mc/contract';
import type { Queryable } from '../../db/db.ts';
import { isoTime } from '../../db/sql.ts';
import { businessError, forbidden } from '../../http/errors.ts';
import { wordingIn } from '../../i18n/translate.ts';
import { transaction } from '../../kernel/effects.ts';
import { recordMissionEvent } from '../../kernel/events.ts';
import { readPublished } from '../../kernel/programme.ts';
import { procedure } from '../../rpc/procedure.ts';
import { afterEventProcedures } from './after-event.ts';
import { lockAsOwner, updateOrFail } from './procedures.ts';
import { findUpdate, isOwnerOf } from './queries.ts';

/*
 * A mission's check-ins for its owners (docs/product.md#check-ins): what was sent and answered,
 * switching them off, and the answer, which becomes an update of the mission (its team and
 * followers are told as of any update) and sets its status. Sending them is the notification
 * jobs' (checkin-job.ts).
 */

/** The mission's check-ins as its owner reads them; 403 for anyone else, "Mission not found" when there is none. */
async function readCheckins(db: Queryable, missionId: string, userId: string): Promise<MissionCheckins> {
  const [mission] = await db.query<{ name: string; status: MissionStatus; status_reason: string | null; off: boolean }>(
    `select name, status, status_reason, exists (select 1 from mission_checkins_off off where off.mission_id = m.mission_id) as off
       from missions m where mission_id = $1`,
    [missionId],
  );
  if (!mission) throw businessError(PROGRESS_MESSAGES.missionNotFound);
  if (!(await isOwnerOf(db, missionId, userId))) throw forbidden(PROGRESS_MESSAGES.ownersOnly);
  const rows = await db.query<Omit<MissionCheckin, 'due_on'>>(
    `select day, ${isoTime('sent_at')} as sent_at, case when reminded_at is not null then ${isoTime('reminded_at')} end as reminded_at,
            case when answered_at is not null then ${isoTime('answered_at')} end as answered_at, update_id
       from mission_checkins where mission_id = $1`,
    [missionId],
  );
  const { settings } = (await readPublished(db)).programme;
  const byDay = new Map(rows.map((row) => [Number(row.day), row]));
  return {
    mission_id: missionId,
    mission_name: mission.name,
    on: !mission.off,
    status: mission.status,
    status_reason: mission.status_reason,
    checkins: MISSION_CHECKIN_DAYS.map((day) => {
      const row = byDay.get(day);
      return {
        day,
        due_on: daysAfter(settings.endDate, day),
        sent_at: row?.sent_at ?? null,
        reminded_at: row?.reminded_at ?? null,
        answered_at: row?.answered_at ?? null,
        update_id: row?.update_id ?? null,
      };
    }),
  };
}

/** The answer's words, checked, each with its own message. */
function checkedAnswer(params: { p_happened: string; p_needs: string; p_status: MissionStatus; p_reason?: string | null | undefined }) {
  const happened = params.p_happened.trim();
  const needs = params.p_needs.trim();
  const reason = params.p_reason?.trim() || null;
  if (happened === '') throw businessError(MISSION_CHECKIN_MESSAGES.happenedRequired);
  if (happened.length > MISSION_CHECKIN_LIMITS.happenedChars) throw businessError(MISSION_CHECKIN_MESSAGES.happenedTooLong);
  if (needs.length > MISSION_CHECKIN_LIMITS.needsChars) throw businessError(MISSION_CHECKIN_MESSAGES.needsTooLong);
  if (params.p_status !== 'active' && reason === null) throw businessError(PROGRESS_MESSAGES.reasonRequired);
  if (reason !== null && reason.length > PROGRESS_LIMITS.statusReasonChars) throw businessError(PROGRESS_MESSAGES.reasonTooLong);
  return { happened, needs, reason: params.p_status === 'active' ? null : reason };
}

export const checkinProcedures = {
  get_mission_checkins: procedure('get_mission_checkins', async (params, ctx) => readCheckins(ctx.db, params.p_mission_id, ctx.userId)),

  /** Owners switch their mission's check-ins off (and on again); nothing is sent while off. */
  set_mission_checkins: procedure('set_mission_checkins', async (params, ctx) => {
    await transaction(ctx.db, async (tx) => {
      await lockAsOwner(tx, params.p_mission_id, ctx.userId);
      if (params.p_on) await tx.query('delete from mission_checkins_off where mission_id = $1', [params.p_mission_id]);
      else {
        await tx.query('insert into mission_checkins_off (mission_id, switched_by) values ($1, $2) on conflict (mission_id) do nothing', [
          params.p_mission_id,
          ctx.userId,
        ]);
      }
    });
    return readCheckins(ctx.db, params.p_mission_id, ctx.userId);
  }),

  /**
   * An owner answers a check-in that was sent, once: the answer is kept with the check-in, becomes
   * an update in the caller's language (the team and the followers are told), and sets the status.
   */
  answer_mission_checkin: procedure('answer_mission_checkin', async (params, ctx) => {
    const { happened, needs, reason } = checkedAnswer(params);
    const day: MissionCheckinDay = params.p_day;
    const { say } = wordingIn(ctx.language);
    const updateId = await transaction(ctx.db, async (tx) => {
      await lockAsOwner(tx, params.p_mission_id, ctx.userId);
      const [checkin] = await tx.query<{ answered: boolean }>(
        'select answered_at is not null as answered from mission_checkins where mission_id = $1 and day = $2 for update',
        [params.p_mission_id, day],
      );
      if (!checkin) throw businessError(MISSION_CHECKIN_MESSAGES.notSent);
      if (checkin.answered) throw businessError(MISSION_CHECKIN_MESSAGES.alreadyAnswered);
      const body = [
        `${say('What happened')}: ${happened}`,
        ...(needs ? [`${say('What we need now')}: ${needs}`] : []),
        params.p_team_together ? say('The team is still together.') : say('The team is not together any more.'),
      ].join('\n\n');
      const [created] = await tx.query<{ update_id: string }>(
        'insert into mission_updates (mission_id, author_id, title, body) values ($1, $2, $3, $4) returning update_id',
        [params.p_mission_id, ctx.userId, say('Check-in after {days} days', { days: String(day) }), body],
      );
      if (!created) throw new Error('the update was not written');
      await tx.query(
        `update mission_checkins set answered_at = now(), answered_by = $3, happened = $4, needs = $5, team_together = $6, status = $7, update_id = $8
          where mission_id = $1 and day = $2`,
        [params.p_mission_id, day, ctx.userId, happened, needs, params.p_team_together, params.p_status, created.update_id],
      );
      await tx.query('update missions set status = $2, status_reason = $3 where mission_id = $1', [params.p_mission_id, params.p_status, reason]);
      await recordMissionEvent(tx, params.p_mission_id, ctx.userId, { kind: 'update_posted', update: created.update_id });
      tx.effects.missionsChanged([params.p_mission_id]);
      return created.update_id;
    });
    return updateOrFail(await findUpdate(ctx.db, updateId, ctx.userId));
  }),

  ...afterEventProcedures,
};
