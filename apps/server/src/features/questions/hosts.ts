import { HOST_AUDIT_KINDS, HOST_MESSAGES, type PartHost } from '@mc/contract';
import type { Db, Queryable } from '../../db/db.ts';
import { businessError } from '../../http/errors.ts';
import { recordAudit, type Actor } from '../../kernel/audit.ts';
import { transaction } from '../../kernel/effects.ts';
import { peopleSeenBy } from '../../kernel/people.ts';
import { partsOf, readProgramme } from '../../kernel/programme.ts';
import type { Config } from '../../config.ts';

/*
 * Session hosts (docs/product.md#session-hosts): the organisers name them per part of the
 * published programme; the right itself is checked in kernel/access.ts (requirePartHost).
 */

/** The part as the published programme has it, or a refusal when it is not there. */
export async function publishedPart(db: Queryable, config: Config, partId: string) {
  const entry = partsOf(await readProgramme(db, config)).find((candidate) => candidate.part.id === partId);
  if (!entry) throw businessError(HOST_MESSAGES.unknownPart);
  return entry;
}

/** A part's hosts, as the organisers' console shows them (real names and e-mail). */
export async function listPartHosts(db: Queryable, partId: string): Promise<PartHost[]> {
  const rows = await db.query<PartHost & { added_at: string | Date }>(
    `select h.part_id, h.user_id, seen.first_name, seen.last_name, seen.email, h.added_at, h.added_by
       from part_hosts h join ${peopleSeenBy('organisers')} seen on seen.id = h.user_id
      where h.part_id = $1
      order by h.added_at, h.user_id`,
    [partId],
  );
  return rows.map((row) => ({ ...row, added_at: new Date(row.added_at).toISOString() }));
}

/** Names the account with this e-mail a host of the part; audited. Naming someone twice changes nothing. */
export async function addPartHost(db: Db, config: Config, partId: string, email: string, actor: Actor): Promise<PartHost[]> {
  await publishedPart(db, config, partId);
  return transaction(db, async (tx) => {
    const [user] = await tx.query<{ id: string; email: string }>(
      `select seen.id, seen.email from ${peopleSeenBy('organisers')} seen where lower(seen.email) = lower($1)`,
      [email.trim()],
    );
    if (!user) throw businessError(HOST_MESSAGES.unknownEmail);
    const added = await tx.query('insert into part_hosts (part_id, user_id, added_by) values ($1, $2, $3) on conflict do nothing returning part_id', [
      partId,
      user.id,
      actor.label,
    ]);
    if (added.length) {
      await recordAudit(tx, { actor, kind: HOST_AUDIT_KINDS.added, subject: `${user.email} hosts ${partId}`, before: { host: false }, after: { host: true } });
    }
    return listPartHosts(tx, partId);
  });
}

/** Takes the right back; audited when it changed something. */
export async function removePartHost(db: Db, partId: string, userId: string, actor: Actor): Promise<PartHost[]> {
  return transaction(db, async (tx) => {
    const removed = await tx.query<{ email: string }>(
      `delete from part_hosts h using ${peopleSeenBy('organisers')} seen where h.part_id = $1 and h.user_id = $2 and seen.id = h.user_id returning seen.email`,
      [partId, userId],
    );
    const host = removed[0];
    if (host) {
      await recordAudit(tx, {
        actor,
        kind: HOST_AUDIT_KINDS.removed,
        subject: `${host.email} hosts ${partId}`,
        before: { host: true },
        after: { host: false },
      });
    }
    return listPartHosts(tx, partId);
  });
}

/** The parts the person hosts (whether they are still in the programme or not). */
export async function hostedParts(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db.query<{ part_id: string }>('select part_id from part_hosts where user_id = $1 order by part_id', [userId]);
  return rows.map((row) => row.part_id);
}
