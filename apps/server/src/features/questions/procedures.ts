import { mayHostPart, organiserProcedure, partHostProcedure } from '../../kernel/access.ts';
import { actorOf } from '../../kernel/actor.ts';
import { procedure, type CallContext } from '../../rpc/procedure.ts';
import type { QuestionSort } from '@mc/contract';
import { addPartHost, hostedParts, listPartHosts, removePartHost } from './hosts.ts';
import { moderateQuestion, savePartSettings } from './moderation.ts';
import { askQuestion, organiserQuestions, partOfQuestion, partQuestions, voteQuestion } from './questions.ts';

/** The part's questions as the caller sees them now. */
async function seenBy(ctx: CallContext, partId: string, sort: QuestionSort = 'votes') {
  return partQuestions(ctx.db, partId, { userId: ctx.userId, host: await mayHostPart(ctx, partId), now: ctx.clock.now() }, sort);
}

/** Session hosts and the questions asked on every part (docs/product.md#session-hosts, #questions). */
export const questionsProcedures = {
  list_part_hosts: organiserProcedure('list_part_hosts', { emails: 'others' }, async (params, ctx) => listPartHosts(ctx.db, params.p_part_id)),

  add_part_host: organiserProcedure('add_part_host', { emails: 'others' }, async (params, ctx) =>
    addPartHost(ctx.db, ctx.config, params.p_part_id, params.p_email, actorOf(ctx)),
  ),

  remove_part_host: organiserProcedure('remove_part_host', { emails: 'others' }, async (params, ctx) =>
    removePartHost(ctx.db, params.p_part_id, params.p_user_id, actorOf(ctx)),
  ),

  get_my_hosted_parts: procedure('get_my_hosted_parts', async (_params, ctx) => ({ part_ids: await hostedParts(ctx.db, ctx.userId) })),

  get_part_questions: procedure('get_part_questions', async (params, ctx) => seenBy(ctx, params.p_part_id, params.p_sort)),

  ask_question: procedure('ask_question', async (params, ctx) => {
    await askQuestion(ctx.db, { partId: params.p_part_id, userId: ctx.userId, body: params.p_body, anonymous: params.p_anonymous, now: ctx.clock.now() });
    return seenBy(ctx, params.p_part_id, 'newest');
  }),

  vote_question: procedure('vote_question', async (params, ctx) => voteQuestion(ctx.db, params.p_question_id, ctx.userId, params.p_up)),

  moderate_question: partHostProcedure(
    'moderate_question',
    async (params, ctx) => partOfQuestion(ctx.db, params.p_question_id),
    async (params, ctx) => seenBy(ctx, await moderateQuestion(ctx.db, params.p_question_id, params.p_action, params.p_reason, actorOf(ctx))),
  ),

  set_part_questions: partHostProcedure(
    'set_part_questions',
    async (params) => params.p_part_id,
    async (params, ctx) => {
      await savePartSettings(ctx.db, params.p_part_id, params.p_asking, params.p_premoderated, actorOf(ctx));
      return seenBy(ctx, params.p_part_id);
    },
  ),

  list_part_questions_for_organisers: organiserProcedure('list_part_questions_for_organisers', async (params, ctx) =>
    organiserQuestions(ctx.db, params.p_part_id),
  ),
};
