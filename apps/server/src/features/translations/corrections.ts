import type { FastifyBaseLogger } from 'fastify';
import { CORRECTED_LANGUAGES, type CorrectedLanguage, type MessageSource, type WebCorrections } from '@mc/contract';
import type { Db, Queryable } from '../../db/db.ts';
import { compileTranslation } from '../../i18n/catalogue.ts';
import { useCorrections } from '../../i18n/translate.ts';
import type { BackgroundJob } from '../../kernel/manifest.ts';

/*
 * How a correction reaches the server's own messages and the web app
 * (docs/decisions/061-translation-corrections.md). The server's: each instance keeps every
 * language's corrections over its compiled catalogue, applied at once where the organiser saved and
 * within a few seconds on the others (they compare each language's version). The web app's: the
 * page names each language's version, and the browser fetches that version's corrections, compiled,
 * once (correctionsRoute).
 */

export interface CorrectionRow {
  source: MessageSource;
  message_key: string;
  text: string | null;
  reviewed: boolean;
}

export async function correctionsOf(db: Queryable, language: CorrectedLanguage): Promise<CorrectionRow[]> {
  return db.query<CorrectionRow>('select source, message_key, text, reviewed from translation_corrections where language = $1 order by source, message_key', [
    language,
  ]);
}

/** Each language's version of its corrections (0: never corrected). */
export async function correctionVersions(db: Queryable): Promise<Record<CorrectedLanguage, number>> {
  const rows = await db.query<{ language: CorrectedLanguage; version: string | number }>('select language, version from translation_versions');
  const versions = { af: 0, zu: 0, xh: 0 };
  for (const row of rows) versions[row.language] = Number(row.version);
  return versions;
}

/** Raises a language's version, in the change's transaction. */
export async function raiseVersion(tx: Queryable, language: CorrectedLanguage): Promise<void> {
  await tx.query(
    `insert into translation_versions (language, version) values ($1, 1)
     on conflict (language) do update set version = translation_versions.version + 1`,
    [language],
  );
}

/** The versions this instance's server messages are corrected to. */
const appliedVersions = new Map<CorrectedLanguage, number>();

/** Puts a language's server corrections, as the database has them now, under the server's messages. */
export async function applyServerCorrections(db: Queryable, language: CorrectedLanguage): Promise<void> {
  const [versions, rows] = await Promise.all([correctionVersions(db), correctionsOf(db, language)]);
  const byEnglish = new Map(rows.flatMap((row) => (row.source === 'server' && row.text !== null ? [[row.message_key, row.text] as const] : [])));
  useCorrections(language, byEnglish);
  appliedVersions.set(language, versions[language]);
}

/** How often an instance checks whether another instance saved a correction. */
const REFRESH_MS = 3000;

/** Keeps this instance's server messages at the database's corrections: at start, then every few seconds. */
export function startCorrectionsRefresh(db: Db, log: FastifyBaseLogger): BackgroundJob {
  let running: Promise<void> = Promise.resolve();
  const refresh = async (all: boolean) => {
    const versions = await correctionVersions(db);
    for (const language of CORRECTED_LANGUAGES) {
      if (all || appliedVersions.get(language) !== versions[language]) await applyServerCorrections(db, language);
    }
  };
  const run = (all: boolean) => {
    running = running.then(() => refresh(all)).catch((error: unknown) => log.warn({ err: error }, 'could not read the translation corrections'));
  };
  run(true);
  const timer = setInterval(() => run(false), REFRESH_MS);
  timer.unref();
  return {
    async close() {
      clearInterval(timer);
      await running;
    },
  };
}

/** The web app's corrections of a language at a version, compiled once per version (and database). */
const compiledWeb = new WeakMap<Queryable, Map<CorrectedLanguage, WebCorrections>>();

export async function webCorrections(db: Queryable, language: CorrectedLanguage): Promise<WebCorrections> {
  const version = (await correctionVersions(db))[language];
  let compiled = compiledWeb.get(db);
  if (!compiled) compiledWeb.set(db, (compiled = new Map()));
  const cached = compiled.get(language);
  if (cached?.version === version) return cached;
  const rows = await correctionsOf(db, language);
  const messages: Record<string, unknown> = {};
  for (const row of rows) if (row.source === 'web' && row.text !== null) messages[row.message_key] = compileTranslation(row.text);
  const answer = { version, messages };
  compiled.set(language, answer);
  return answer;
}
