// The published versions of the programme: the agenda reads the newest, publishing adds one.
import {
  AUDIT_KINDS,
  dayShiftOf,
  programmeDiff,
  PUBLISH_NOTE_MAX,
  VERSION_MESSAGES,
  type PartChange,
  type ProgrammeDocument,
  type ProgrammeVersionEntry,
  type PublishPreview,
  type PublishResult,
} from '@mc/contract';
import type { Db, Queryable } from '../../db/db.ts';
import { transaction, type Tx } from '../../kernel/effects.ts';
import { businessError } from '../../http/errors.ts';
import { readPublished } from '../../kernel/programme.ts';
import type { Actor } from '../../kernel/audit.ts';
import { recordAudit } from '../../kernel/audit.ts';

/**
 * The published programme (docs/decisions/034-programme-versions-and-the-diff.md): the `programme`
 * row is the organisers' draft, and everything attendees read (the public programme, the agenda's
 * procedures, calendar files and feeds, the offline copy) is the newest row of programme_versions.
 */

/** A new database's first version: the seeded programme, as attendees first see it. */
export async function publishFirstVersion(db: Queryable): Promise<void> {
  await db.query(
    `insert into programme_versions (version, document, note, published_by_label)
     select 1, document, $1, 'seed' from programme
      where not exists (select 1 from programme_versions)
     on conflict (version) do nothing`,
    [VERSION_MESSAGES.firstNote],
  );
}

/** How many people starred each of the parts. */
async function starsOf(db: Queryable, partIds: string[]): Promise<Map<string, number>> {
  if (partIds.length === 0) return new Map();
  const rows = await db.query<{ part_id: string; n: number }>(
    'select part_id, count(*)::int as n from agenda_favourites where part_id = any($1::text[]) group by part_id',
    [partIds],
  );
  return new Map(rows.map((row) => [row.part_id, Number(row.n)]));
}

/** How many parts a programme has. */
function partCountOf(programme: ProgrammeDocument): number {
  return programme.agenda.reduce((count, session) => count + session.parts.length, 0);
}

/** What publishing the draft now would change for attendees. */
export async function previewPublish(db: Queryable): Promise<PublishPreview> {
  const [draft] = await db.query<{ document: ProgrammeDocument; version: string | number }>('select document, version from programme');
  if (!draft) throw new Error('the programme has not been seeded');
  const published = await readPublished(db);
  const diff = programmeDiff(published.programme, draft.document);
  const stars = await starsOf(
    db,
    diff.parts.map((change) => change.partId),
  );
  return {
    draft_version: Number(draft.version),
    published_version: published.version,
    unchanged: diff.unchanged,
    changes: diff.parts.map((change) => ({ ...change, stars: stars.get(change.partId) ?? 0 })),
    shift: dayShiftOf(diff.parts, partCountOf(draft.document)),
  };
}

/** The public note, trimmed, or a refusal in words. */
export function checkedNote(note: string): string {
  const trimmed = note.trim();
  if (!trimmed) throw businessError(VERSION_MESSAGES.noteEmpty);
  if (trimmed.length > PUBLISH_NOTE_MAX) throw businessError(VERSION_MESSAGES.noteTooLong);
  return trimmed;
}

export interface PublishHooks {
  /** Tells the people the changes concern, inside the publishing transaction; answers how many were told. */
  notify?: (tx: Tx, version: number, changes: PartChange[]) => Promise<number>;
}

/**
 * Publishes the draft as the next version, in one transaction: the draft row is locked (so two
 * publishes, or a save and a publish, take turns), compared with the newest version, and written
 * as a new immutable version with the note, its changes and the audit entry. A draft that differs
 * from the one the organiser reviewed, or that changes nothing, is refused and nothing is written.
 */
export async function publishDraft(db: Db, actor: Actor, input: { note: string; draftVersion: number }, hooks: PublishHooks = {}): Promise<PublishResult> {
  const note = checkedNote(input.note);
  return transaction(db, async (tx) => {
    const [draft] = await tx.query<{ document: ProgrammeDocument; version: string | number }>('select document, version from programme for update');
    if (!draft) throw new Error('the programme has not been seeded');
    if (Number(draft.version) !== input.draftVersion) throw businessError(VERSION_MESSAGES.draftMoved);
    const published = await readPublished(tx);
    const diff = programmeDiff(published.programme, draft.document);
    if (diff.unchanged) throw businessError(VERSION_MESSAGES.nothingChanged);
    const version = published.version + 1;
    const [saved] = await tx.query<{ published_at: string | Date }>(
      `insert into programme_versions (version, document, note, changes, published_by, published_by_label)
       values ($1, $2::jsonb, $3, $4::jsonb, $5, $6) returning published_at`,
      [version, JSON.stringify(draft.document), note, JSON.stringify(diff.parts), actor.userId, actor.label],
    );
    await recordAudit(tx, {
      actor,
      kind: AUDIT_KINDS.programmePublished,
      subject: `Version ${version}: ${note}`,
      before: { version: published.version },
      after: { version, changes: diff.parts.length },
    });
    const notified = hooks.notify ? await hooks.notify(tx, version, diff.parts) : 0;
    return { version, published_at: new Date(saved?.published_at ?? Date.now()).toISOString(), changes: diff.parts.length, notified };
  });
}

/** The changelog: every published version, newest first. */
export async function listVersions(db: Queryable): Promise<ProgrammeVersionEntry[]> {
  const rows = await db.query<{ version: number; note: string; published_at: string | Date; changes: PartChange[]; part_count: number }>(
    `select version, note, published_at, changes,
            (select count(*)::int from jsonb_array_elements(document->'agenda') session cross join jsonb_array_elements(session->'parts') part) as part_count
       from programme_versions order by version desc limit 200`,
  );
  return rows.map((row) => ({
    version: Number(row.version),
    note: row.note,
    published_at: new Date(row.published_at).toISOString(),
    changes: row.changes,
    shift: dayShiftOf(row.changes, Number(row.part_count)),
  }));
}
