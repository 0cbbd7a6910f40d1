import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as constants from './constants.ts';
import { procedureParams } from './procedures.ts';

/**
 * docs/product.md writes every text the app must show in double quotes. This test keeps the two in
 * step: each quoted text (split at its `{…}` placeholders) must appear in the app's own source, so
 * a text renamed in the code without the product rules, or the other way round, fails here. And
 * every section of docs/product.md the repository points at must be a heading there.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PRODUCT = join(ROOT, 'docs/product.md');
const SOURCE_DIRS = ['apps/web/src', 'apps/server/src', 'packages/contract/src'];
const CATALOGUES = 'apps/web/src/i18n/locales';

function filesUnder(dir: string, wanted: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(path, wanted);
    return wanted(entry.name) ? [path] : [];
  });
}

const sourceFiles = (dir: string) => filesUnder(dir, (name) => /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name));

/** GitHub's anchor for a heading: lower case, code marks and punctuation dropped, spaces to dashes. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');
}

const collapse = (text: string) => text.replace(/\s+/g, ' ');

/**
 * The app's source as searchable text: once as written, once as JSX renders it (tags and `{' '}`
 * removed, entities decoded), and with `${CONSTANT}` replaced by the contract constant's value.
 */
function searchableSource(files: readonly string[]): string {
  const values = new Map(
    Object.entries(constants).flatMap(([name, value]) => (typeof value === 'number' || typeof value === 'string' ? [[name, String(value)] as const] : [])),
  );
  // One pass over each file: a `${NAME}` that names no such constant stays as written.
  const withConstants = (text: string) => text.replace(/\$\{(\w+)\}/g, (written, name: string) => values.get(name) ?? written);
  return files
    .map((file) => {
      const raw = withConstants(readFileSync(file, 'utf8'));
      const rendered = raw
        .replace(/\{' '\}/g, ' ')
        .replace(/<[^<>]*>/g, ' ')
        .replace(/&apos;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&');
      return `${collapse(raw)}\n${collapse(rendered)}`;
    })
    .join('\n');
}

/** The double-quoted texts of a Markdown document, code spans and blocks left out. */
function quotedTexts(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, ' ').replace(/`[^`\n]*`/g, ' ');
  return [...prose.matchAll(/"([^"]+)"/g)].map((match) => collapse(match[1] ?? '').trim());
}

/** The literal pieces of a quoted text around its `{…}` placeholders, the trivially short ones left out. */
function fragments(text: string): string[] {
  return text
    .split(/\{[^{}]*\}/)
    .map((piece) => piece.trim())
    .filter((piece) => piece.length >= 2);
}

describe('docs/product.md texts', () => {
  const texts = quotedTexts(readFileSync(PRODUCT, 'utf8'));
  // The English catalogue holds the texts of the screens, in one file per part of the app (docs/product.md#languages).
  const englishCatalogues = filesUnder(join(ROOT, CATALOGUES), (name) => name === 'en.po');
  // The catalogues first: most texts are there, and a search that finds its text early stops (4 times
  // faster than the catalogues last). A text never spans two files: each is one line of the whole.
  const source = searchableSource([...englishCatalogues, ...SOURCE_DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir)))]);

  it('quotes the texts the app shows', () => {
    // A guard against the extraction silently finding nothing (a changed quoting style).
    expect(texts.length).toBeGreaterThan(200);
  });

  it('every quoted text appears in the app source', () => {
    const missing = texts.filter((text) => fragments(text).some((piece) => !source.includes(piece)));
    expect(missing, `quoted in ${relative(ROOT, PRODUCT)} but not found in ${[...SOURCE_DIRS, `${CATALOGUES}/*/en.po`].join(', ')}`).toEqual([]);
  });

  it('fails for a text the app does not show', () => {
    const invented = quotedTexts('The button reads "Launch the rockets now".');
    expect(invented).toEqual(['Launch the rockets now']);
    expect(fragments(invented[0] ?? '').every((piece) => source.includes(piece))).toBe(false);
  });

  it('documents every procedure of the contract under its own heading', () => {
    const headings = new Set([...readFileSync(PRODUCT, 'utf8').matchAll(/^### `(\w+)`$/gm)].map((match) => match[1]));
    expect(Object.keys(procedureParams).filter((name) => !headings.has(name))).toEqual([]);
  });

  it('has a heading for every docs/product.md#anchor the repository points at', () => {
    const markdown = readFileSync(PRODUCT, 'utf8');
    const anchors = new Set([...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1] ?? '')));
    const pointing = ['apps', 'packages', 'e2e', 'docs', 'scripts']
      .flatMap((dir) => filesUnder(join(ROOT, dir), (name) => /\.(ts|tsx|md|mjs|sql)$/.test(name)))
      .concat(join(ROOT, 'README.md'))
      .filter((file) => file !== fileURLToPath(import.meta.url));
    const broken = pointing.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      // "docs/product.md#a, #b" names two sections; links inside product.md are "(#a)".
      const cited = [...text.matchAll(/docs\/product\.md((?:#[\w-]+(?:, )?)+)/g)].flatMap((match) => (match[1] ?? '').split(', ').filter(Boolean));
      const local = file === PRODUCT ? [...text.matchAll(/\]\((#[\w-]+)\)/g)].map((match) => match[1] ?? '') : [];
      return [...cited, ...local]
        .map((anchor) => anchor.slice(1))
        .filter((anchor) => !anchors.has(anchor))
        .map((anchor) => `${relative(ROOT, file)}: #${anchor}`);
    });
    expect(anchors.has('toggle_mission_vote')).toBe(true);
    expect(broken).toEqual([]);
  });

  it('splits texts at placeholders and reads JSX as rendered', () => {
    expect(fragments('Current Team Members ({n})')).toEqual(['Current Team Members (']);
    expect(quotedTexts('a `"code"` and "text"')).toEqual(['text']);
    expect(source).toContain("Don't have an account? Sign up");
    expect(source).toContain(`You must be at least ${constants.MIN_AGE} years old to register`);
  });
});
