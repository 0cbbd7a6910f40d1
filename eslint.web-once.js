/*
 * Three things the web app writes in one place only (docs/ARCHITECTURE.md, "Web app"):
 *
 * - Every TanStack Query key comes from the factory, apps/web/src/lib/queryKeys.ts. A key built by
 *   hand elsewhere can differ from the factory's by one word, and then a screen's invalidation
 *   misses the copy another screen shows (a stale list after a change), silently.
 * - Every call of a procedure goes through its feature's API module (`features/<name>/*Api.ts`), or
 *   lib/ for the few every feature shares (lib/queries.ts). A screen then reads as what it shows,
 *   and a procedure's name and parameters are spelled once per feature, where a change of the
 *   contract is found with one search.
 * - Every component whose code loads on first use comes from lib/lazyCode.ts: with React's own
 *   `lazy`, code that a preload already brought still hides the screen behind its fallback, which
 *   React then keeps up to 300 ms longer.
 */
const HAND_BUILT_KEY = 'Build query keys in apps/web/src/lib/queryKeys.ts only, so every screen invalidates the same key it reads.';
const KEY_METHODS = '/^(getQueryData|setQueryData|getQueriesData|setQueriesData|ensureQueryData|fetchQuery|prefetchQuery)$/';

const HAND_BUILT_KEYS = [
  // `queryKey: ['a', id]` or `queryKey: [...queryKeys.x, 'b']`, with or without `as const`.
  { selector: "Property[key.name='queryKey'] > ArrayExpression", message: HAND_BUILT_KEY },
  { selector: "Property[key.name='queryKey'] > TSAsExpression > ArrayExpression", message: HAND_BUILT_KEY },
  // queryClient.setQueryData(['a', id], …) and its siblings that take a key first.
  { selector: `CallExpression[callee.property.name=${KEY_METHODS}] > ArrayExpression:first-child`, message: HAND_BUILT_KEY },
  // A key kept in a constant or built by a function of one's own: `const fooKey = [...]`, `fooKey = (id) => [...]`.
  { selector: 'VariableDeclarator[id.name=/Key$/] > ArrayExpression', message: HAND_BUILT_KEY },
  { selector: 'VariableDeclarator[id.name=/Key$/] > TSAsExpression > ArrayExpression', message: HAND_BUILT_KEY },
  { selector: 'VariableDeclarator[id.name=/Key$/] > ArrowFunctionExpression > TSAsExpression > ArrayExpression', message: HAND_BUILT_KEY },
  // A second factory (`fooKeys = { … }`).
  { selector: 'VariableDeclarator[id.name=/Keys$/] > ObjectExpression', message: HAND_BUILT_KEY },
];

const PROCEDURE_CALL = "Call procedures from the feature's API module (features/<name>/<name>Api.ts), never from a screen or hook.";
const PROCEDURE_CALLS = [
  { selector: "CallExpression[callee.name='callRpc']", message: PROCEDURE_CALL },
  { selector: "CallExpression[callee.property.name='rpc']", message: PROCEDURE_CALL },
];

const LAZY_CODE = [
  {
    selector: "ImportDeclaration[source.value='react'] > ImportSpecifier[imported.name='lazy']",
    message: "Use lazyCode from apps/web/src/lib/lazyCode.ts, which renders code already loaded at once, instead of React's lazy.",
  },
];

/**
 * The rules' blocks. `alsoRestricted` are the project-wide no-restricted-syntax entries (a block's
 * list replaces the one before it, so they are repeated here).
 */
export function webOnceEachRules(alsoRestricted) {
  // The key factory: the keys the first download reads and the later screens' keys, two files so the later ones stay out of /signin's download.
  const keyFactory = 'apps/web/src/lib/{queryKeys,screenKeys}.ts';
  return [
    {
      files: ['apps/web/src/**/*.{ts,tsx}'],
      ignores: [keyFactory],
      rules: { 'no-restricted-syntax': ['error', ...alsoRestricted, ...HAND_BUILT_KEYS, ...PROCEDURE_CALLS, ...LAZY_CODE] },
    },
    {
      // The API modules and lib/ (whose rpc.ts is the one door to the server) may call procedures.
      files: ['apps/web/src/**/*Api.ts', 'apps/web/src/lib/**/*.{ts,tsx}'],
      ignores: [keyFactory],
      rules: { 'no-restricted-syntax': ['error', ...alsoRestricted, ...HAND_BUILT_KEYS, ...LAZY_CODE] },
    },
    {
      // The one wrapper of React's lazy, and its test, which puts React's own beside it to show the difference.
      files: ['apps/web/src/lib/lazyCode.ts', 'apps/web/src/lib/lazyCode.test.tsx'],
      rules: { 'no-restricted-syntax': ['error', ...alsoRestricted, ...HAND_BUILT_KEYS] },
    },
  ];
}
