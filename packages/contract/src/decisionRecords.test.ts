import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every decision record in docs/decisions follows one template, so a reader finds the same parts
 * in the same place: "# NNN — Title" matching its file name, then Context, Decision, Consequences,
 * Status and Date, in that order, none empty, the date as YYYY-MM-DD.
 */
const DIR = fileURLToPath(new URL('../../../docs/decisions/', import.meta.url));
const SECTIONS = ['Context', 'Decision', 'Consequences', 'Status', 'Date'];

/** What is wrong with one record's text, or an empty list. */
function templateProblems(fileName: string, text: string): string[] {
  const problems: string[] = [];
  const number = /^(\d{3})-[a-z0-9-]+\.md$/.exec(fileName)?.[1];
  if (!number) problems.push('file name is not NNN-title.md');
  const title = /^# (\d{3}) — \S.*$/m.exec(text.split('\n')[0] ?? '');
  if (!title) problems.push('first line is not "# NNN — Title"');
  else if (number && title[1] !== number) problems.push(`title number ${title[1]} differs from the file name's ${number}`);

  const headings = [...text.matchAll(/^## (.+)$/gm)].map((match) => (match[1] ?? '').trim());
  if (headings.join('|') !== SECTIONS.join('|')) problems.push(`sections are [${headings.join(', ')}], expected [${SECTIONS.join(', ')}]`);
  const bodies = text
    .split(/^## .+$/m)
    .slice(1)
    .map((body) => body.trim());
  bodies.forEach((body, index) => {
    if (!body) problems.push(`section ${headings[index] ?? index} is empty`);
  });
  const date = bodies[SECTIONS.indexOf('Date')];
  if (date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(date)) problems.push(`Date is "${date}", expected YYYY-MM-DD`);
  return problems;
}

describe('docs/decisions', () => {
  // README.md is the index, not a record.
  const files = readdirSync(DIR).filter((name) => name.endsWith('.md') && name !== 'README.md');

  it('has records to check', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it('every record follows the template', () => {
    const problems = files.flatMap((name) => templateProblems(name, readFileSync(join(DIR, name), 'utf8')).map((problem) => `${name}: ${problem}`));
    expect(problems).toEqual([]);
  });

  it('the index (README.md) links every record', () => {
    const index = readFileSync(join(DIR, 'README.md'), 'utf8');
    expect(files.filter((name) => !index.includes(`](${name})`))).toEqual([]);
  });

  it('no two records share a number', () => {
    const numbers = files.map((name) => name.slice(0, 3));
    expect(numbers.filter((number, index) => numbers.indexOf(number) !== index)).toEqual([]);
  });

  it('finds a record that breaks the template', () => {
    const good = '# 010 — Title\n\n## Context\n\nc\n\n## Decision\n\nd\n\n## Consequences\n\ne\n\n## Status\n\nAccepted.\n\n## Date\n\n2026-11-23\n';
    expect(templateProblems('010-title.md', good)).toEqual([]);
    expect(templateProblems('010-title.md', good.replace('## Consequences\n\ne\n\n', ''))).not.toEqual([]);
    expect(templateProblems('011-title.md', good)).toEqual(["title number 010 differs from the file name's 011"]);
    expect(templateProblems('010-title.md', good.replace('2026-11-23', 'today'))).toEqual(['Date is "today", expected YYYY-MM-DD']);
  });
});
