import type { z } from '@mc/contract/zod.ts';
import { PROGRAMME_MESSAGES, programmeProblems, programmeSchema, type ProgrammeDocument, type ProgrammeResponse } from '@mc/contract/programme.ts';
import { isDateNearEvent, MOMENT_MESSAGES, yearOf } from '@mc/contract/moments.ts';
import type { Config } from '../../config.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { businessError, RpcError } from '../../http/errors.ts';
import { sampleProgramme } from '../../kernel/programme.ts';
import { recordAudit, type Actor } from '../../kernel/audit.ts';
import { publishFirstVersion } from './versions.ts';

/**
 * On first start the programme is the sample content, published as the first version, so `npm start` shows the same programme as
 * before. Several instances starting together insert it once (the row's key is fixed).
 */
export async function seedProgramme(db: Db, config: Config): Promise<boolean> {
  const existing = await db.query<{ one: number }>('select 1 as one from programme');
  if (existing.length) {
    await publishFirstVersion(db);
    return false;
  }
  const rows = await db.query<{ version: number }>('insert into programme (document) values ($1::jsonb) on conflict (id) do nothing returning version', [
    JSON.stringify(sampleProgramme(config)),
  ]);
  await publishFirstVersion(db);
  return rows.length > 0;
}

/** The organisers' draft (attendees read the published version: versions.ts). */
export async function readProgrammeDocument(db: Queryable): Promise<ProgrammeResponse> {
  const [row] = await db.query<{ document: ProgrammeDocument; version: string | number }>('select document, version from programme');
  if (!row) throw new Error('the programme has not been seeded');
  return { version: Number(row.version), programme: row.document };
}

/**
 * One piece of the programme (the settings, a speaker, a session) checked on its own before it
 * takes its place; its problems are named as they would be in the whole programme.
 */
export function checkedPiece<T>(schema: z.ZodType<T>, value: unknown, section: 'settings' | 'speakers' | 'agenda'): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const within = section === 'settings' ? [section] : [section, 0];
  const document = { [section]: section === 'settings' ? value : [value] };
  const problems = programmeProblems(result.error, document, within);
  throw new RpcError(400, 'P0001', PROGRAMME_MESSAGES.invalid(problems.length), problems.join('\n'));
}

/** Refuses a programme that breaks a rule, listing every problem (one per line in the details). */
export function checkedProgramme(candidate: unknown): ProgrammeDocument {
  const result = programmeSchema.safeParse(candidate);
  if (result.success) return result.data;
  const problems = programmeProblems(result.error, candidate);
  throw new RpcError(400, 'P0001', PROGRAMME_MESSAGES.invalid(problems.length), problems.join('\n'));
}

export interface ProgrammeChange {
  kind: string;
  subject: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Changes the programme as one transaction: the row is locked, `change` makes the new document
 * from the current one, the whole of it is checked, then saved with the next version and the
 * audit entry. Anything that fails leaves the programme as it was.
 */
export async function changeProgramme(
  db: Db,
  actor: Actor,
  change: (current: ProgrammeDocument) => { next: unknown; audit: ProgrammeChange },
): Promise<ProgrammeResponse> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ document: ProgrammeDocument }>('select document from programme for update');
    if (!row) throw new Error('the programme has not been seeded');
    const { next, audit } = change(row.document);
    const checked = checkedProgramme(next);
    // The days move within a few years of the event's (docs/product.md#dates-times-and-counts).
    const year = yearOf(row.document.settings.startDate);
    if (![checked.settings.startDate, checked.settings.endDate].every((date) => isDateNearEvent(date, year))) throw businessError(MOMENT_MESSAGES.date);
    const [saved] = await tx.query<{ version: string | number }>(
      'update programme set document = $1::jsonb, version = version + 1, updated_at = now() returning version',
      [JSON.stringify(checked)],
    );
    await recordAudit(tx, { actor, ...audit });
    return { version: Number(saved?.version ?? 0), programme: checked };
  });
}
