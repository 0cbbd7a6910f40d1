import { POLL_AUDIT_KINDS, POLL_MESSAGES, POLL_OPTIONS_MAX, POLL_OPTIONS_MIN, type PartPolls, type ParsedProcedureParams } from '@mc/contract';
import { businessError } from '../../http/errors.ts';
import { procedure, type CallContext } from '../../rpc/procedure.ts';
import { partHostProcedure } from '../../kernel/access.ts';
import { actorOf } from '../../kernel/actor.ts';
import { recordAudit } from '../../kernel/audit.ts';
import { transaction } from '../../kernel/effects.ts';
import { partsOf, programmeView, readPublished } from '../../kernel/programme.ts';
import { saveAnswer } from './answers.ts';
import { mayHostPart } from './hosts.ts';
import { findPoll, partPolls, partTitle } from './queries.ts';

/** The part's title when it is in the published programme; refuses any other part. */
async function publishedPart(ctx: CallContext, partId: string): Promise<string> {
  const entry = partsOf(programmeView((await readPublished(ctx.db)).programme)).find((candidate) => candidate.part.id === partId);
  if (!entry) throw businessError(POLL_MESSAGES.partNotPublished);
  return entry.part.title;
}

/** A part's polls as the caller sees them: a host also sees the drafts. */
async function pollsOf(ctx: CallContext, partId: string): Promise<PartPolls> {
  const host = await mayHostPart(ctx, partId);
  return { part_id: partId, part_title: await partTitle(ctx.db, partId), can_host: host, polls: await partPolls(ctx.db, partId, ctx.userId, host) };
}

/** The options a new poll keeps, or the product's message for what is wrong with them. */
function optionsOf(params: ParsedProcedureParams<'create_poll'>): string[] {
  if (params.p_kind !== 'single' && params.p_kind !== 'multiple') return [];
  const options = params.p_options.map((option) => option.trim()).filter((option) => option.length > 0);
  if (params.p_options.length > POLL_OPTIONS_MAX) throw businessError(POLL_MESSAGES.tooManyOptions);
  if (options.length < POLL_OPTIONS_MIN || options.length !== params.p_options.length) throw businessError(POLL_MESSAGES.optionsNeeded);
  if (new Set(options.map((option) => option.toLowerCase())).size !== options.length) throw businessError(POLL_MESSAGES.optionsRepeat);
  return options;
}

/** The part of the poll a host procedure names, or null (refused as a part the caller does not host, so nobody learns what exists). */
async function partOfPoll(params: { p_poll_id: string }, ctx: CallContext): Promise<string | null> {
  return (await findPoll(ctx.db, params.p_poll_id))?.part_id ?? null;
}

/** Opens or closes a poll of a part the caller hosts: the state changes once, audited with the change. */
async function movePoll(ctx: CallContext, pollId: string, to: 'open' | 'closed'): Promise<PartPolls> {
  const poll = await findPoll(ctx.db, pollId);
  if (!poll) throw businessError(POLL_MESSAGES.notFound);
  await transaction(ctx.db, async (tx) => {
    const moved =
      to === 'open'
        ? await tx.query(
            `update polls set state = 'open', opened_at = now() where poll_id = $1 and state = 'draft'
               and not exists (select 1 from polls other where other.part_id = polls.part_id and other.state = 'open') returning 1`,
            [pollId],
          )
        : await tx.query(`update polls set state = 'closed', closed_at = now() where poll_id = $1 and state = 'open' returning 1`, [pollId]);
    if (moved.length === 0) {
      const now = await findPoll(tx, pollId);
      if (to === 'closed') throw businessError(POLL_MESSAGES.notOpen);
      throw businessError(now?.state === 'draft' ? POLL_MESSAGES.anotherOpen : POLL_MESSAGES.alreadyOpened);
    }
    await recordAudit(tx, {
      actor: actorOf(ctx),
      kind: to === 'open' ? POLL_AUDIT_KINDS.opened : POLL_AUDIT_KINDS.closed,
      subject: poll.question,
      after: { poll_id: pollId, part_id: poll.part_id },
    });
    tx.effects.pollChanged(poll.part_id, 'state');
  });
  return pollsOf(ctx, poll.part_id);
}

/** Live polls per programme part (docs/product.md#polls). */
export const pollsProcedures = {
  get_part_polls: procedure('get_part_polls', async (params, ctx) => {
    await publishedPart(ctx, params.p_part_id);
    return pollsOf(ctx, params.p_part_id);
  }),

  create_poll: partHostProcedure(
    'create_poll',
    async (params) => Promise.resolve(params.p_part_id),
    async (params, ctx) => {
      const title = await publishedPart(ctx, params.p_part_id);
      const question = params.p_question.trim();
      if (question.length === 0) throw businessError(POLL_MESSAGES.questionRequired);
      const options = optionsOf(params);
      await transaction(ctx.db, async (tx) => {
        const [created] = await tx.query<{ poll_id: string }>(
          `insert into polls (part_id, kind, question, options, hide_results, checked_in_only, created_by) values ($1, $2, $3, $4::text[], $5, $6, $7) returning poll_id`,
          [params.p_part_id, params.p_kind, question, options, params.p_hide_results, params.p_checked_in_only, ctx.userId],
        );
        await recordAudit(tx, {
          actor: actorOf(ctx),
          kind: POLL_AUDIT_KINDS.created,
          subject: question,
          after: {
            poll_id: created?.poll_id,
            part_id: params.p_part_id,
            part: title,
            kind: params.p_kind,
            options,
            hide_results: params.p_hide_results,
            checked_in_only: params.p_checked_in_only,
          },
        });
        tx.effects.pollChanged(params.p_part_id, 'state');
      });
      return pollsOf(ctx, params.p_part_id);
    },
  ),

  open_poll: partHostProcedure('open_poll', partOfPoll, async (params, ctx) => movePoll(ctx, params.p_poll_id, 'open')),

  close_poll: partHostProcedure('close_poll', partOfPoll, async (params, ctx) => movePoll(ctx, params.p_poll_id, 'closed')),

  answer_poll: procedure('answer_poll', async (params, ctx) => pollsOf(ctx, await saveAnswer(ctx.db, params, ctx.userId))),
};
