import {
  DELETED_ACCOUNT_LABEL,
  MODERATION_AUDIT_KINDS,
  MODERATION_MESSAGES,
  PRIVACY_MESSAGES,
  type AccountDeleted,
  type EventOverview,
  type OrganiserMission,
} from '@mc/contract';
import { sqlState } from '../../db/db.ts';
import { businessError, invalidParameter } from '../../http/errors.ts';
import { organiserProcedure } from '../../kernel/access.ts';
import { recordAudit } from '../../kernel/audit.ts';
import { recordMissionEvent } from '../../kernel/events.ts';
import { actorOf } from '../../kernel/actor.ts';
import { deleteAccount, withoutPerson } from '../../kernel/account-deletion.ts';
import { transaction } from '../../kernel/effects.ts';
import { attendeeActivity, eventOverview, findAttendees, findOrganiserMission, listOrganiserMissions } from './queries.ts';

/** The console's Overview, Missions and People sections. Each procedure is for organisers only. */
export const moderationProcedures = {
  get_event_overview: organiserProcedure('get_event_overview', async (params, ctx): Promise<EventOverview> => {
    try {
      return await eventOverview(ctx.db, params.p_time_zone);
    } catch (error) {
      // PostgreSQL itself knows every time zone name; an unknown one is the caller's mistake.
      if (sqlState(error) === '22023') throw invalidParameter(MODERATION_MESSAGES.badTimeZone);
      throw error;
    }
  }),

  list_missions_for_organisers: organiserProcedure('list_missions_for_organisers', { emails: 'others' }, async (_params, ctx) => listOrganiserMissions(ctx.db)),

  /**
   * Hides a mission with a reason its team reads (or changes the reason of a hidden one). The
   * mission row is locked first, so a vote batch on it runs wholly before or wholly after.
   */
  hide_mission: organiserProcedure('hide_mission', { emails: 'others' }, async (params, ctx): Promise<OrganiserMission> => {
    if (params.p_reason === '') throw businessError(MODERATION_MESSAGES.reasonRequired);
    await transaction(ctx.db, async (tx) => {
      const [mission] = await tx.query<{ name: string; hidden: boolean; hidden_reason: string | null }>(
        'select name, hidden_at is not null as hidden, hidden_reason from missions where mission_id = $1 for update',
        [params.p_mission_id],
      );
      if (!mission) throw businessError(MODERATION_MESSAGES.missionNotFound);
      await tx.query('update missions set hidden_at = coalesce(hidden_at, now()), hidden_reason = $2, hidden_by = $3 where mission_id = $1', [
        params.p_mission_id,
        params.p_reason,
        ctx.userId,
      ]);
      await recordAudit(tx, {
        actor: actorOf(ctx),
        kind: MODERATION_AUDIT_KINDS.missionHidden,
        subject: mission.name,
        before: { hidden: mission.hidden, reason: mission.hidden_reason },
        after: { hidden: true, reason: params.p_reason },
      });
      // Open screens (lists, the closing-panel ranking) drop it at once.
      tx.effects.missionsChanged([params.p_mission_id]);
      // The team is told, with the reason (again only when the reason changes).
      if (!mission.hidden || mission.hidden_reason !== params.p_reason) {
        await recordMissionEvent(tx, params.p_mission_id, ctx.userId, { kind: 'mission_hidden', reason: params.p_reason });
      }
    });
    return missionOrFail(await findOrganiserMission(ctx.db, params.p_mission_id));
  }),

  unhide_mission: organiserProcedure('unhide_mission', { emails: 'others' }, async (params, ctx): Promise<OrganiserMission> => {
    await transaction(ctx.db, async (tx) => {
      const [mission] = await tx.query<{ name: string; hidden_reason: string | null }>(
        'select name, hidden_reason from missions where mission_id = $1 for update',
        [params.p_mission_id],
      );
      if (!mission) throw businessError(MODERATION_MESSAGES.missionNotFound);
      if (mission.hidden_reason === null) throw businessError(MODERATION_MESSAGES.notHidden);
      await tx.query('update missions set hidden_at = null, hidden_reason = null, hidden_by = null where mission_id = $1', [params.p_mission_id]);
      await recordAudit(tx, {
        actor: actorOf(ctx),
        kind: MODERATION_AUDIT_KINDS.missionUnhidden,
        subject: mission.name,
        before: { hidden: true, reason: mission.hidden_reason },
        after: { hidden: false, reason: null },
      });
      await recordMissionEvent(tx, params.p_mission_id, ctx.userId, { kind: 'mission_unhidden' });
    });
    return missionOrFail(await findOrganiserMission(ctx.db, params.p_mission_id));
  }),

  find_attendees: organiserProcedure('find_attendees', { emails: 'others' }, async (params, ctx) => findAttendees(ctx.db, params.p_search_term)),

  get_attendee_activity: organiserProcedure('get_attendee_activity', { emails: 'others' }, async (params, ctx) => {
    const activity = await attendeeActivity(ctx.db, params.p_user_id);
    if (!activity) throw businessError(MODERATION_MESSAGES.personNotFound);
    return activity;
  }),

  /**
   * Deletes an account on the person's request received by other means (docs/product.md#deleting-an-account),
   * with a reason kept in the audit log; the entry keeps counts and the reason, nothing that names
   * the person. What happens to their mission must still be what get_attendee_activity's plan said:
   * if that changed since the console showed it, nothing is deleted and the organiser looks again.
   */
  delete_attendee_account: organiserProcedure('delete_attendee_account', { emails: 'others' }, async (params, ctx): Promise<AccountDeleted> => {
    if (params.p_user_id === ctx.userId) throw businessError(MODERATION_MESSAGES.notYourself);
    if (params.p_reason === '') throw businessError(PRIVACY_MESSAGES.deletionReasonRequired);
    try {
      const deleted = await transaction(ctx.db, async (tx) => {
        const done = await deleteAccount(tx, params.p_user_id, params.p_mission_outcome);
        if (!done) throw businessError(MODERATION_MESSAGES.personNotFound);
        await recordAudit(tx, {
          actor: actorOf(ctx),
          kind: MODERATION_AUDIT_KINDS.accountDeleted,
          subject: DELETED_ACCOUNT_LABEL,
          before: done.counts,
          after: { deleted: true, mission_outcome: done.mission_outcome, reason: withoutPerson(params.p_reason, done) },
        });
        return done;
      });
      return { email: deleted.email, mission_outcome: deleted.mission_outcome, new_owner_email: deleted.new_owner_email };
    } catch (error) {
      // The chosen co-owner created a mission of their own at this very moment: nothing was saved.
      if (sqlState(error) === '23505') throw businessError(MODERATION_MESSAGES.outcomeChanged);
      throw error;
    }
  }),
};

function missionOrFail(mission: OrganiserMission | null): OrganiserMission {
  // Only a deletion between the change and this read can get here.
  if (!mission) throw businessError(MODERATION_MESSAGES.missionNotFound);
  return mission;
}
