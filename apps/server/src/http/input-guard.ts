/**
 * Checks every request value before anything reads it: text the database cannot store (a NUL
 * character is refused by PostgreSQL with 22021) or that is not Unicode (a lone surrogate would be
 * stored as U+FFFD, changed behind the caller's back), nesting no parameter has, and query
 * parameters given twice or as arrays. Each finding names where it is, never what it holds.
 */
export interface BadInput {
  /** Where the value is: a parameter name, with `.key` or `.0` for what is inside it. */
  path: string;
  problem: string;
}

/** No parameter nests deeper than a list of ids; anything far deeper is a probe, not a request. */
const MAX_DEPTH = 16;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain a NUL character';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text';
  return null;
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/**
 * The first bad text or too-deep nesting in a parsed JSON value, breadth first so a top-level
 * parameter is named before what is inside another one. Iterative: a deeply nested body cannot
 * exhaust the stack.
 */
export function findBadInput(value: unknown, root = ''): BadInput | null {
  const queue: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: root, depth: 0 }];
  for (let index = 0; index < queue.length; index += 1) {
    const item = queue[index] as { value: unknown; path: string; depth: number };
    if (typeof item.value === 'string') {
      const problem = textProblem(item.value);
      if (problem) return { path: item.path, problem };
      continue;
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.depth >= MAX_DEPTH) return { path: item.path, problem: 'is nested too deeply' };
    for (const [key, child] of Object.entries(item.value)) {
      const keyProblem = textProblem(key);
      if (keyProblem) return { path: item.path || 'body', problem: `has a field name that ${keyProblem}` };
      queue.push({ value: child, path: join(item.path, key), depth: item.depth + 1 });
    }
  }
  return null;
}

/** Query parameters are single values: `?a=1&a=2` (an array once parsed) is refused, as is bad text. */
export function findBadQuery(query: unknown): BadInput | null {
  if (query === null || typeof query !== 'object') return null;
  for (const [key, value] of Object.entries(query)) {
    if (typeof value !== 'string') return { path: key, problem: 'must be given once, as a single value' };
  }
  return findBadInput(query);
}

/** "p_name must not contain a NUL character". */
export function describeBadInput(bad: BadInput): string {
  return `${bad.path || 'the body'} ${bad.problem}`;
}
