import {
  fillTemplate,
  TRANSLATION_AUDIT_KINDS,
  TRANSLATION_MESSAGES,
  TRANSLATION_PAGE_SIZE,
  type CorrectedLanguage,
  type MessageSource,
  type TranslationRow,
} from '@mc/contract';
import { translationProblem, type MessageProblem } from '@mc/contract/messageCheck.ts';
import type { Queryable } from '../../db/db.ts';
import { businessError } from '../../http/errors.ts';
import { organiserProcedure } from '../../kernel/access.ts';
import { actorOf } from '../../kernel/actor.ts';
import { recordAudit } from '../../kernel/audit.ts';
import { applyServerCorrections, correctionsOf, raiseVersion, type CorrectionRow } from './corrections.ts';
import { knownMessage, knownMessages, type KnownMessage } from './messages.ts';
import { correctionsPo } from './po.ts';

/*
 * The console's Translations section (docs/product.md#languages): organisers list the messages of
 * a language, correct one (checked like the catalogues: ./messageCheck in the contract), mark one
 * reviewed, and export the corrections as a PO file. Every change is audited.
 */

const rowOf = (message: KnownMessage, stored: CorrectionRow | undefined): TranslationRow => ({
  source: message.source,
  key: message.key,
  area: message.area,
  english: message.english,
  catalogue: message.catalogue,
  correction: stored?.text ?? null,
  reviewed: message.reviewed || stored?.reviewed === true,
});

const storedKey = (source: MessageSource, key: string) => `${source}\u0000${key}`;

async function storedRow(db: Queryable, language: CorrectedLanguage, source: MessageSource, key: string): Promise<CorrectionRow | undefined> {
  const [row] = await db.query<CorrectionRow>(
    'select source, message_key, text, reviewed from translation_corrections where language = $1 and source = $2 and message_key = $3',
    [language, source, key],
  );
  return row;
}

function messageOrRefuse(language: CorrectedLanguage, source: MessageSource, key: string): KnownMessage {
  const message = knownMessage(language, source, key);
  if (!message) throw businessError(TRANSLATION_MESSAGES.unknownMessage);
  return message;
}

/** The refusal a problem of a correction is answered with. */
function refusal(problem: MessageProblem): string {
  const list = (names: readonly string[]) => (names.length ? names.map((name) => (name.startsWith('<') ? name : `{${name}}`)).join(', ') : '—');
  switch (problem.kind) {
    case 'empty':
      return TRANSLATION_MESSAGES.empty;
    case 'unreadable':
      return TRANSLATION_MESSAGES.unreadable;
    case 'placeholders':
      return fillTemplate(TRANSLATION_MESSAGES.placeholders, { expected: list(problem.expected), found: list(problem.found) });
    case 'plural':
      return fillTemplate(TRANSLATION_MESSAGES.plural, { forms: problem.forms.join(', ') });
  }
}

const subjectOf = (language: CorrectedLanguage, message: KnownMessage) => `Translation ${language} ${message.source}: ${message.key}`.slice(0, 500);

export const translationProcedures = {
  list_translations: organiserProcedure('list_translations', async (params, ctx) => {
    const stored = new Map((await correctionsOf(ctx.db, params.p_language)).map((row) => [storedKey(row.source, row.message_key), row]));
    const search = params.p_search.trim().toLocaleLowerCase();
    const rows = knownMessages(params.p_language)
      .map((message) => rowOf(message, stored.get(storedKey(message.source, message.key))))
      .filter((row) => (params.p_filter === 'not_reviewed' ? !row.reviewed : params.p_filter === 'corrected' ? row.correction !== null : true))
      .filter((row) => !search || [row.key, row.english, row.catalogue, row.correction ?? ''].some((text) => text.toLocaleLowerCase().includes(search)));
    const start = params.p_page * TRANSLATION_PAGE_SIZE;
    return { total: rows.length, page: params.p_page, page_size: TRANSLATION_PAGE_SIZE, rows: rows.slice(start, start + TRANSLATION_PAGE_SIZE) };
  }),

  /**
   * Corrects a message in a language, or (with null) goes back to the catalogue's text; a
   * correction counts as reviewed by a native speaker. Refused, changing nothing, when the text
   * loses a placeholder, a tag or a plural of the English.
   */
  correct_translation: organiserProcedure('correct_translation', async (params, ctx) => {
    const { p_language: language, p_source: source, p_key: key, p_text: text } = params;
    const message = messageOrRefuse(language, source, key);
    if (text !== null) {
      const problem = translationProblem(message.english, text, language);
      if (problem) throw businessError(refusal(problem));
    }
    await ctx.db.transaction(async (tx) => {
      const before = await storedRow(tx, language, source, key);
      await tx.query(
        `insert into translation_corrections (language, source, message_key, text, reviewed) values ($1, $2, $3, $4, $5)
         on conflict (language, source, message_key) do update set text = excluded.text, reviewed = translation_corrections.reviewed or excluded.reviewed, updated_at = now()`,
        [language, source, key, text, text !== null],
      );
      await raiseVersion(tx, language);
      await recordAudit(tx, {
        actor: actorOf(ctx),
        kind: text === null ? TRANSLATION_AUDIT_KINDS.restored : TRANSLATION_AUDIT_KINDS.corrected,
        subject: subjectOf(language, message),
        before: { text: before?.text ?? message.catalogue },
        after: { text: text ?? message.catalogue },
      });
    });
    // This instance says its own messages with the correction from now on (the others within seconds).
    if (source === 'server') await applyServerCorrections(ctx.db, language);
    return rowOf(message, await storedRow(ctx.db, language, source, key));
  }),

  set_translation_reviewed: organiserProcedure('set_translation_reviewed', async (params, ctx) => {
    const { p_language: language, p_source: source, p_key: key, p_reviewed: reviewed } = params;
    const message = messageOrRefuse(language, source, key);
    await ctx.db.transaction(async (tx) => {
      // Only a change is written (and audited): marking reviewed what is, or not what was never marked, is none.
      const changed = reviewed
        ? await tx.query(
            `insert into translation_corrections (language, source, message_key, reviewed) values ($1, $2, $3, true)
             on conflict (language, source, message_key) do update set reviewed = true, updated_at = now() where not translation_corrections.reviewed
             returning reviewed`,
            [language, source, key],
          )
        : await tx.query(
            `update translation_corrections set reviewed = false, updated_at = now()
             where language = $1 and source = $2 and message_key = $3 and reviewed returning reviewed`,
            [language, source, key],
          );
      if (changed.length === 0) return;
      await recordAudit(tx, {
        actor: actorOf(ctx),
        kind: TRANSLATION_AUDIT_KINDS.reviewed,
        subject: subjectOf(language, message),
        before: { reviewed: !reviewed },
        after: { reviewed },
      });
    });
    return rowOf(message, await storedRow(ctx.db, language, source, key));
  }),

  export_translation_corrections: organiserProcedure('export_translation_corrections', async (params, ctx) => {
    const rows = await correctionsOf(ctx.db, params.p_language);
    const { po, count } = correctionsPo(params.p_language, rows, new Date(ctx.clock.now()));
    return { filename: `corrections-${params.p_language}.po`, po, count };
  }),
};
