import { isHttpsLink, PROGRESS_AUDIT_KINDS, PROGRESS_LIMITS, PROGRESS_MESSAGES, SLUG_PATTERN, type Milestone, type MissionUpdate } from '@mc/contract';
import { sqlState } from '../../db/db.ts';
import { businessError, forbidden } from '../../http/errors.ts';
import { organiserProcedure } from '../../kernel/access.ts';
import { actorOf } from '../../kernel/actor.ts';
import { recordAudit } from '../../kernel/audit.ts';
import { transaction, type Tx } from '../../kernel/effects.ts';
import { recordMissionEvent } from '../../kernel/events.ts';
import { procedure } from '../../rpc/procedure.ts';
import { findUpdate, isOwnerOf, listUpdates } from './queries.ts';

/** An update's title, text and link, trimmed and checked, each with its own message. */
function checkedUpdate(params: { p_title: string; p_text: string; p_link?: string | null | undefined }): { title: string; text: string; link: string | null } {
  const title = params.p_title.trim();
  const text = params.p_text.trim();
  const link = params.p_link?.trim() || null;
  if (title === '') throw businessError(PROGRESS_MESSAGES.titleRequired);
  if (title.length > PROGRESS_LIMITS.titleChars) throw businessError(PROGRESS_MESSAGES.titleTooLong);
  if (text.length > PROGRESS_LIMITS.textChars) throw businessError(PROGRESS_MESSAGES.textTooLong);
  if (link !== null && link.length > PROGRESS_LIMITS.linkChars) throw businessError(PROGRESS_MESSAGES.linkTooLong);
  if (link !== null && !isHttpsLink(link)) throw businessError(PROGRESS_MESSAGES.linkNotHttps);
  return { title, text, link };
}

/**
 * Locks the mission (missions before people, docs/ARCHITECTURE.md#lock-order) and checks that the
 * caller is one of its owners: 403 otherwise, "Mission not found" when there is none.
 */
export async function lockAsOwner(tx: Tx, missionId: string, userId: string): Promise<void> {
  const [mission] = await tx.query('select 1 from missions where mission_id = $1 for update', [missionId]);
  if (!mission) throw businessError(PROGRESS_MESSAGES.missionNotFound);
  if (!(await isOwnerOf(tx, missionId, userId))) throw forbidden(PROGRESS_MESSAGES.ownersOnly);
}

/** The mission an update belongs to, or "not found". */
async function missionOfUpdate(tx: Tx, updateId: string): Promise<string> {
  const [row] = await tx.query<{ mission_id: string }>('select mission_id from mission_updates where update_id = $1', [updateId]);
  if (!row) throw businessError(PROGRESS_MESSAGES.updateNotFound);
  return row.mission_id;
}

export function updateOrFail(update: MissionUpdate | null): MissionUpdate {
  if (!update) throw businessError(PROGRESS_MESSAGES.updateNotFound);
  return update;
}

/** Milestones trimmed and checked: at most five, each with a text of at most 120 characters. */
function checkedMilestones(milestones: Milestone[]): Milestone[] {
  const kept = milestones.map((milestone) => ({ text: milestone.text.trim(), done: milestone.done }));
  if (kept.length > PROGRESS_LIMITS.milestones) throw businessError(PROGRESS_MESSAGES.tooManyMilestones);
  if (kept.some((milestone) => milestone.text === '')) throw businessError(PROGRESS_MESSAGES.milestoneRequired);
  if (kept.some((milestone) => milestone.text.length > PROGRESS_LIMITS.milestoneChars)) throw businessError(PROGRESS_MESSAGES.milestoneTooLong);
  return kept;
}

/** docs/product.md#mission-updates: updates, status, milestones and the public page. */
export const progressProcedures = {
  get_mission_updates: procedure('get_mission_updates', async (params, ctx) => listUpdates(ctx.db, params.p_mission_id, ctx.userId)),

  /**
   * An owner posts an update; the team and the followers are told (bell, and mail as they chose),
   * in the same transaction. A photo, uploaded first, is attached only if the caller uploaded it
   * and it belongs to no update yet.
   */
  post_mission_update: procedure('post_mission_update', async (params, ctx) => {
    const { title, text, link } = checkedUpdate(params);
    const updateId = await transaction(ctx.db, async (tx) => {
      await lockAsOwner(tx, params.p_mission_id, ctx.userId);
      const [created] = await tx.query<{ update_id: string }>(
        'insert into mission_updates (mission_id, author_id, title, body, link) values ($1, $2, $3, $4, $5) returning update_id',
        [params.p_mission_id, ctx.userId, title, text, link],
      );
      if (!created) throw new Error('the update was not written');
      if (params.p_photo_id) {
        const attached = await tx.query(
          'update update_photos set update_id = $1 where photo_id = $2 and uploaded_by = $3 and update_id is null returning photo_id',
          [created.update_id, params.p_photo_id, ctx.userId],
        );
        if (!attached.length) throw businessError(PROGRESS_MESSAGES.photoNotFound);
      }
      await recordMissionEvent(tx, params.p_mission_id, ctx.userId, { kind: 'update_posted', update: created.update_id });
      return created.update_id;
    });
    return updateOrFail(await findUpdate(ctx.db, updateId, ctx.userId));
  }),

  /** An owner changes an update's words within 24 hours of its posting; nobody is told again. */
  edit_mission_update: procedure('edit_mission_update', async (params, ctx) => {
    const { title, text, link } = checkedUpdate(params);
    await transaction(ctx.db, async (tx) => {
      const missionId = await missionOfUpdate(tx, params.p_update_id);
      await lockAsOwner(tx, missionId, ctx.userId);
      const edited = await tx.query(
        `update mission_updates set title = $2, body = $3, link = $4, edited_at = now()
          where update_id = $1 and created_at > now() - make_interval(hours => $5) returning update_id`,
        [params.p_update_id, title, text, link, PROGRESS_LIMITS.editHours],
      );
      if (!edited.length) throw businessError(PROGRESS_MESSAGES.editWindowOver);
      tx.effects.missionsChanged([missionId]);
    });
    return updateOrFail(await findUpdate(ctx.db, params.p_update_id, ctx.userId));
  }),

  /** An owner deletes an update, and its photo with it. */
  delete_mission_update: procedure('delete_mission_update', async (params, ctx) => {
    await transaction(ctx.db, async (tx) => {
      const missionId = await missionOfUpdate(tx, params.p_update_id);
      await lockAsOwner(tx, missionId, ctx.userId);
      await tx.query('delete from mission_updates where update_id = $1', [params.p_update_id]);
      tx.effects.missionsChanged([missionId]);
    });
    return null;
  }),

  /** Organisers hide an update with a reason its team reads; it is recorded in the audit log. */
  hide_mission_update: organiserProcedure('hide_mission_update', async (params, ctx) => {
    if (params.p_reason === '') throw businessError(PROGRESS_MESSAGES.hideReasonRequired);
    await transaction(ctx.db, async (tx) => {
      const missionId = await missionOfUpdate(tx, params.p_update_id);
      await tx.query('select 1 from missions where mission_id = $1 for update', [missionId]);
      const [before] = await tx.query<{ title: string; hidden_reason: string | null }>(
        'select title, hidden_reason from mission_updates where update_id = $1 for update',
        [params.p_update_id],
      );
      await tx.query('update mission_updates set hidden_at = coalesce(hidden_at, now()), hidden_reason = $2, hidden_by = $3 where update_id = $1', [
        params.p_update_id,
        params.p_reason,
        ctx.userId,
      ]);
      await recordAudit(tx, {
        actor: actorOf(ctx),
        kind: PROGRESS_AUDIT_KINDS.updateHidden,
        subject: before?.title ?? '',
        before: { hidden: before?.hidden_reason !== null, reason: before?.hidden_reason ?? null },
        after: { hidden: true, reason: params.p_reason },
      });
      tx.effects.missionsChanged([missionId]);
    });
    return updateOrFail(await findUpdate(ctx.db, params.p_update_id, ctx.userId));
  }),

  unhide_mission_update: organiserProcedure('unhide_mission_update', async (params, ctx) => {
    await transaction(ctx.db, async (tx) => {
      const missionId = await missionOfUpdate(tx, params.p_update_id);
      await tx.query('select 1 from missions where mission_id = $1 for update', [missionId]);
      const [before] = await tx.query<{ title: string; hidden_reason: string | null }>(
        'select title, hidden_reason from mission_updates where update_id = $1 for update',
        [params.p_update_id],
      );
      if (!before?.hidden_reason) throw businessError(PROGRESS_MESSAGES.notHidden);
      await tx.query('update mission_updates set hidden_at = null, hidden_reason = null, hidden_by = null where update_id = $1', [params.p_update_id]);
      await recordAudit(tx, {
        actor: actorOf(ctx),
        kind: PROGRESS_AUDIT_KINDS.updateUnhidden,
        subject: before.title,
        before: { hidden: true, reason: before.hidden_reason },
        after: { hidden: false },
      });
      tx.effects.missionsChanged([missionId]);
    });
    return updateOrFail(await findUpdate(ctx.db, params.p_update_id, ctx.userId));
  }),

  /** Owners set the status; paused, completed and stopped need a short reason. */
  set_mission_status: procedure('set_mission_status', async (params, ctx) => {
    const reason = params.p_reason?.trim() || null;
    if (params.p_status !== 'active' && reason === null) throw businessError(PROGRESS_MESSAGES.reasonRequired);
    if (reason !== null && reason.length > PROGRESS_LIMITS.statusReasonChars) throw businessError(PROGRESS_MESSAGES.reasonTooLong);
    await transaction(ctx.db, async (tx) => {
      await lockAsOwner(tx, params.p_mission_id, ctx.userId);
      await tx.query('update missions set status = $2, status_reason = $3 where mission_id = $1', [
        params.p_mission_id,
        params.p_status,
        params.p_status === 'active' ? null : reason,
      ]);
      tx.effects.missionsChanged([params.p_mission_id]);
    });
    return null;
  }),

  /** Owners replace the milestones: at most five, each ticked off or not. */
  set_mission_milestones: procedure('set_mission_milestones', async (params, ctx) => {
    const milestones = checkedMilestones(params.p_milestones);
    await transaction(ctx.db, async (tx) => {
      await lockAsOwner(tx, params.p_mission_id, ctx.userId);
      await tx.query('update missions set milestones = $2::jsonb where mission_id = $1', [params.p_mission_id, JSON.stringify(milestones)]);
      tx.effects.missionsChanged([params.p_mission_id]);
    });
    return null;
  }),

  /** Owners publish the public page at /m/{slug} (a slug another mission has is refused) or unpublish it (null). */
  set_mission_public_page: procedure('set_mission_public_page', async (params, ctx) => {
    const slug = params.p_slug === null ? null : params.p_slug.trim().toLowerCase();
    if (slug !== null && (slug.length < PROGRESS_LIMITS.slugMin || slug.length > PROGRESS_LIMITS.slugMax || !SLUG_PATTERN.test(slug))) {
      throw businessError(PROGRESS_MESSAGES.slugInvalid);
    }
    try {
      await transaction(ctx.db, async (tx) => {
        await lockAsOwner(tx, params.p_mission_id, ctx.userId);
        await tx.query('update missions set public_slug = $2 where mission_id = $1', [params.p_mission_id, slug]);
        tx.effects.missionsChanged([params.p_mission_id]);
      });
    } catch (error) {
      if (sqlState(error) === '23505') throw businessError(PROGRESS_MESSAGES.slugTaken);
      throw error;
    }
    return { slug };
  }),
};
