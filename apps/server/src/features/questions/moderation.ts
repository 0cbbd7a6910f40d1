import { QUESTION_AUDIT_KINDS, QUESTION_MESSAGES, type AskingMode, type ModerationAction, type QuestionState } from '@mc/contract';
import type { Db } from '../../db/db.ts';
import { businessError } from '../../http/errors.ts';
import { recordAudit, type Actor } from '../../kernel/audit.ts';
import { transaction, type Tx } from '../../kernel/effects.ts';

/*
 * What a session host (or an organiser) does with a part's questions (docs/product.md#questions):
 * pin the one being answered, mark answered, hide with a reason, show again, approve a
 * pre-moderated one; open or close asking by hand and switch pre-moderation. Every step is audited
 * in the transaction that makes it, and declares the part's change for the live channel.
 */

const AUDIT_KIND: Record<ModerationAction, string> = {
  pin: QUESTION_AUDIT_KINDS.pinned,
  unpin: QUESTION_AUDIT_KINDS.unpinned,
  answer: QUESTION_AUDIT_KINDS.answered,
  reopen: QUESTION_AUDIT_KINDS.reopened,
  hide: QUESTION_AUDIT_KINDS.hidden,
  show: QUESTION_AUDIT_KINDS.shown,
  approve: QUESTION_AUDIT_KINDS.approved,
};

interface Facts {
  part_id: string;
  state: QuestionState;
  answered: boolean;
  pinned: boolean;
  hidden_reason: string | null;
}

async function factsOf(tx: Tx, questionId: string): Promise<Facts | null> {
  const [row] = await tx.query<Facts>(
    `select q.part_id, q.state, q.answered_at is not null as answered, q.hidden_reason,
            exists (select 1 from part_question_settings s where s.part_id = q.part_id and s.pinned_question_id = q.question_id) as pinned
       from questions q where q.question_id = $1 for update`,
    [questionId],
  );
  return row ?? null;
}

async function setPinned(tx: Tx, partId: string, questionId: string | null): Promise<void> {
  await tx.query(
    `insert into part_question_settings (part_id, pinned_question_id) values ($1, $2)
     on conflict (part_id) do update set pinned_question_id = excluded.pinned_question_id, updated_at = now()`,
    [partId, questionId],
  );
}

async function unpinIfPinned(tx: Tx, partId: string, questionId: string): Promise<void> {
  await tx.query('update part_question_settings set pinned_question_id = null, updated_at = now() where part_id = $1 and pinned_question_id = $2', [
    partId,
    questionId,
  ]);
}

/** One moderation step on a question; answers its part. */
export async function moderateQuestion(db: Db, questionId: string, action: ModerationAction, reason: string | null, actor: Actor): Promise<string> {
  return transaction(db, async (tx) => {
    const before = await factsOf(tx, questionId);
    if (!before) throw businessError(QUESTION_MESSAGES.notFound);
    const partId = before.part_id;
    switch (action) {
      case 'pin':
        if (before.state !== 'visible') throw businessError(QUESTION_MESSAGES.pinVisibleOnly);
        await setPinned(tx, partId, questionId);
        break;
      case 'unpin':
        await unpinIfPinned(tx, partId, questionId);
        break;
      case 'answer':
        await tx.query('update questions set answered_at = coalesce(answered_at, now()) where question_id = $1', [questionId]);
        await unpinIfPinned(tx, partId, questionId);
        break;
      case 'reopen':
        await tx.query('update questions set answered_at = null where question_id = $1', [questionId]);
        break;
      case 'hide': {
        const text = reason?.trim() ?? '';
        if (text === '') throw businessError(QUESTION_MESSAGES.reasonRequired);
        await tx.query(`update questions set state = 'hidden', hidden_reason = $2 where question_id = $1`, [questionId, text]);
        await unpinIfPinned(tx, partId, questionId);
        break;
      }
      case 'show':
      case 'approve':
        await tx.query(`update questions set state = 'visible', hidden_reason = null where question_id = $1`, [questionId]);
        break;
    }
    const after = await factsOf(tx, questionId);
    await recordAudit(tx, { actor, kind: AUDIT_KIND[action], subject: `question ${questionId} on ${partId}`, before, after });
    tx.effects.questionsChanged(partId);
    return partId;
  });
}

/** Asking by hand or by the window, and pre-moderation, for one part; audited. */
export async function savePartSettings(db: Db, partId: string, asking: AskingMode, premoderated: boolean, actor: Actor): Promise<void> {
  await transaction(db, async (tx) => {
    const [before] = await tx.query<{ asking: AskingMode; premoderated: boolean }>(
      'select asking, premoderated from part_question_settings where part_id = $1 for update',
      [partId],
    );
    await tx.query(
      `insert into part_question_settings (part_id, asking, premoderated) values ($1, $2, $3)
       on conflict (part_id) do update set asking = excluded.asking, premoderated = excluded.premoderated, updated_at = now()`,
      [partId, asking, premoderated],
    );
    await recordAudit(tx, {
      actor,
      kind: QUESTION_AUDIT_KINDS.settings,
      subject: `questions of ${partId}`,
      before: before ?? { asking: 'auto', premoderated: false },
      after: { asking, premoderated },
    });
    tx.effects.questionsChanged(partId);
  });
}
