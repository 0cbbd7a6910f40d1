import type { Queryable } from '../db/db.ts';

/** Who did something: an organiser (id and e-mail), or the command line (no id). */
export interface Actor {
  userId: string | null;
  label: string;
}

export const COMMAND_LINE_ACTOR: Actor = { userId: null, label: 'command line' };

export interface AuditRecord {
  actor: Actor;
  /** One of AUDIT_KINDS in the contract. */
  kind: string;
  /** What was acted on, in words a person reads: an e-mail, a speaker's name, "Session 3". */
  subject: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Appends one entry to the audit log. Every organiser action calls this with the transaction that
 * makes the change, so the change and its record are saved together or not at all.
 */
export async function recordAudit(tx: Queryable, record: AuditRecord): Promise<void> {
  await tx.query(
    `insert into audit_log (actor_id, actor_label, kind, subject, before, after)
     values ($1, $2, $3, $4, $5::jsonb, $6::jsonb)`,
    [
      record.actor.userId,
      record.actor.label,
      record.kind,
      record.subject,
      record.before === undefined ? null : JSON.stringify(record.before),
      record.after === undefined ? null : JSON.stringify(record.after),
    ],
  );
}
