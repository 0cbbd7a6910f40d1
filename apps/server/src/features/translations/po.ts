import type { CorrectedLanguage } from '@mc/contract';
import type { CorrectionRow } from './corrections.ts';
import { knownMessage } from './messages.ts';

/*
 * A language's corrections as one PO file for the repository (docs/product.md#languages): each
 * entry says which catalogue file it belongs in (`#:`), its English (`#.`), whether a native
 * speaker reviewed it, and its msgid as that file has it (the web app's id, the server's English).
 */

/** A PO string: quoted, with backslashes, quotes, tabs and line breaks escaped. */
function quoted(text: string): string {
  return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\t', '\\t').replaceAll('\n', '\\n')}"`;
}

/** The file the entry belongs in, from the repository's root. */
function fileOf(language: CorrectedLanguage, area: string | null): string {
  return area ? `apps/web/src/i18n/locales/${area}/${language}.po` : `apps/server/src/i18n/locales/${language}.po`;
}

export function correctionsPo(language: CorrectedLanguage, rows: readonly CorrectionRow[], exportedAt: Date): { po: string; count: number } {
  const entries = rows.flatMap((row) => {
    if (row.text === null) return [];
    const message = knownMessage(language, row.source, row.message_key);
    if (!message) return [];
    const english = message.english.split('\n').map((line) => `#. English: ${line}`);
    return [
      [
        `# ${row.reviewed ? 'reviewed by a native speaker (corrected in the console)' : 'not reviewed by a native speaker'}`,
        ...(message.source === 'web' ? english : []),
        `#: ${fileOf(language, message.area)}`,
        `msgid ${quoted(message.key)}`,
        `msgstr ${quoted(row.text)}`,
      ].join('\n'),
    ];
  });
  const header = [
    'msgid ""',
    'msgstr ""',
    quoted(`Language: ${language}\n`),
    quoted('Content-Type: text/plain; charset=UTF-8\n'),
    quoted(`X-Exported-At: ${exportedAt.toISOString()}\n`),
  ].join('\n');
  return { po: `${[header, ...entries].join('\n\n')}\n`, count: entries.length };
}
