import { parse, type Token } from '@messageformat/parser';

/*
 * The check every translated message passes (docs/product.md#languages): the catalogues' tests
 * run it on each entry, and the server on each correction an organiser makes. A message is ICU
 * MessageFormat, as Lingui reads it.
 */

/**
 * The values and tags a message uses, sorted: `{name}`, the argument of a plural or select, and
 * `<0>…</0>` tags, whatever words surround them.
 */
export function messageArguments(message: string): string[] {
  const found = new Set<string>();
  visit(parse(message), (token) => {
    if (token.type === 'content') for (const tag of token.value.matchAll(/<\/?\d+\/?>/g)) found.add(tag[0]);
    else if (token.type === 'argument' || token.type === 'function' || token.type === 'plural' || token.type === 'select') found.add(token.arg);
  });
  return [...found].sort();
}

function visit(tokens: readonly Token[], each: (token: Token) => void): void {
  for (const token of tokens) {
    each(token);
    if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') for (const branch of token.cases) visit(branch.tokens, each);
  }
}

/** The plurals of a message: each one's argument, kind and the forms it writes. */
function pluralsOf(message: string): Array<{ arg: string; ordinal: boolean; forms: string[] }> {
  const found: Array<{ arg: string; ordinal: boolean; forms: string[] }> = [];
  visit(parse(message), (token) => {
    if (token.type === 'plural' || token.type === 'selectordinal') {
      found.push({ arg: token.arg, ordinal: token.type === 'selectordinal', forms: token.cases.map((branch) => branch.key) });
    }
  });
  return found;
}

export type MessageProblem =
  { kind: 'empty' } | { kind: 'unreadable' } | { kind: 'placeholders'; expected: string[]; found: string[] } | { kind: 'plural'; forms: string[] };

/**
 * What is wrong with `text` as the translation into `language` of the message whose English is
 * `english`, or null: it reads as a message, keeps the English's placeholders and tags, and each
 * plural writes only the forms the language has (CLDR's, `=2` too), "other" always.
 */
export function translationProblem(english: string, text: string, language: string): MessageProblem | null {
  if (!text.trim()) return { kind: 'empty' };
  let expected: string[];
  try {
    expected = messageArguments(english);
  } catch {
    // An English message that is not MessageFormat (none should be) keeps its plain {names}.
    expected = [...new Set([...english.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? ''))].sort();
  }
  let found: string[];
  try {
    found = messageArguments(text);
  } catch {
    return { kind: 'unreadable' };
  }
  if (expected.join('\u0000') !== found.join('\u0000')) return { kind: 'placeholders', expected, found };
  const cardinal = new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[];
  const ordinal = new Intl.PluralRules(language, { type: 'ordinal' }).resolvedOptions().pluralCategories as string[];
  // A language may say a count without a plural ("iindawo ezi-{places, number}"): only the forms written are checked.
  const wrong = pluralsOf(text).some(
    ({ ordinal: isOrdinal, forms }) =>
      !forms.includes('other') || forms.some((form) => !/^=\d+$/.test(form) && !(isOrdinal ? ordinal : cardinal).includes(form)),
  );
  if (wrong) return { kind: 'plural', forms: cardinal };
  return null;
}
