import { FEEDBACK_AUDIT_KINDS, FEEDBACK_COMMENT_MAX, FEEDBACK_MESSAGES } from '@mc/contract';
import { businessError } from '../../http/errors.ts';
import { organiserProcedure } from '../../kernel/access.ts';
import { actorOf } from '../../kernel/actor.ts';
import { recordAudit } from '../../kernel/audit.ts';
import { transaction } from '../../kernel/effects.ts';
import { procedure, type CallContext } from '../../rpc/procedure.ts';
import { publishedParts, type EndedPart } from './parts.ts';
import { myFeedback, summaries } from './queries.ts';

async function publishedPart(ctx: CallContext, partId: string): Promise<EndedPart> {
  const part = (await publishedParts(ctx.db)).find((candidate) => candidate.partId === partId);
  if (!part) throw businessError(FEEDBACK_MESSAGES.unknownPart);
  return part;
}

/** Feedback after each part (docs/product.md#feedback). */
export const feedbackProcedures = {
  get_my_part_feedback: procedure('get_my_part_feedback', async (params, ctx) =>
    myFeedback(ctx.db, await publishedPart(ctx, params.p_part_id), ctx.userId, new Date()),
  ),

  give_part_feedback: procedure('give_part_feedback', async (params, ctx) => {
    const part = await publishedPart(ctx, params.p_part_id);
    const now = new Date();
    if (params.p_rating < 1 || params.p_rating > 5) throw businessError(FEEDBACK_MESSAGES.rating);
    const comment = params.p_comment.trim();
    if (comment.length > FEEDBACK_COMMENT_MAX) throw businessError(FEEDBACK_MESSAGES.comment);
    const before = await myFeedback(ctx.db, part, ctx.userId, now);
    if (before.switched_off) throw businessError(FEEDBACK_MESSAGES.switchedOff);
    if (!before.open) throw businessError(FEEDBACK_MESSAGES.notEnded);
    // One per person and part, replaced when given again; the switch is checked again by the statement.
    const saved = await ctx.db.query(
      `insert into part_feedback (part_id, user_id, rating, comment)
       select $1, $2, $3, $4 where not exists (select 1 from part_feedback_off where part_id = $1)
       on conflict (part_id, user_id) do update set rating = excluded.rating, comment = excluded.comment, given_at = now()
       returning 1`,
      [part.partId, ctx.userId, params.p_rating, comment],
    );
    if (saved.length === 0) throw businessError(FEEDBACK_MESSAGES.switchedOff);
    return myFeedback(ctx.db, part, ctx.userId, now);
  }),

  list_part_feedback: organiserProcedure('list_part_feedback', async (_params, ctx) => summaries(ctx.db, await publishedParts(ctx.db))),

  set_part_feedback_off: organiserProcedure('set_part_feedback_off', async (params, ctx) => {
    const part = await publishedPart(ctx, params.p_part_id);
    await transaction(ctx.db, async (tx) => {
      const changed = params.p_off
        ? await tx.query('insert into part_feedback_off (part_id) values ($1) on conflict do nothing returning 1', [part.partId])
        : await tx.query('delete from part_feedback_off where part_id = $1 returning 1', [part.partId]);
      if (changed.length > 0) {
        await recordAudit(tx, {
          actor: actorOf(ctx),
          kind: FEEDBACK_AUDIT_KINDS.switched,
          subject: part.title,
          before: { off: !params.p_off },
          after: { off: params.p_off },
        });
      }
    });
    return summaries(ctx.db, await publishedParts(ctx.db));
  }),
};
