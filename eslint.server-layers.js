/*
 * The server's layers (docs/ARCHITECTURE.md, docs/decisions/040-one-way-server-layers.md), from the
 * bottom up:
 *   bottom    config.ts, clock.ts, db/, mail/, http/ (errors, input guard, storage health, encodings, …),
 *             i18n/ (the languages of the server's messages and their catalogues)
 *   services  auth/, rpc/ (the procedure kit and its route), live/ (the channel)
 *   features  features/<name>/
 *   root      server.ts, app.ts, procedures.ts, main.ts, ops/ (the command-line tools)
 * A layer imports only layers below it. A feature imports another feature only through one of the
 * seams listed here, each a file that says in its opening comment what it offers others.
 * Relative imports are matched by how far they climb, so each folder depth gets its own rule.
 */
const NO_WEB = { regex: '^(\\.\\./)+web/', message: 'The server never imports the web app; shared code lives in packages/contract.' };
const ROOT_FILES = '(server|app|procedures|main)\\.ts$';

/** The files other features may import: what a feature offers the rest, by name. */
export const FEATURE_SEAMS = [
  'agenda/programme', // the programme's days and parts as the agenda reads them
  'announcements/delivery', // sending the announcements whose time has come
  'missions/live', // publishing a change to missions on the live channel
  'missions/queries', // a mission as a viewer sees it
  'moderation/visibility', // the one rule for who sees a hidden mission
  'moderation/queries', // anonymity in SQL, and what deleting an account takes with it
  'moderation/exports', // the organisers' CSV answer
  'notifications/events', // telling people that something they follow changed
  'notifications/programme-alerts', // telling people who starred a part that it changed
  'organiser/access', // organiser-only procedures and their second factor
  'organiser/audit', // writing to the audit log
  'organiser/procedures', // who acted, for the audit log
  'privacy/deletion', // deleting an account
  'profiles/role-card', // a person's role card
  'programme/store', // the programme as stored
  'programme/versions', // the published versions of the programme
  'roles/queries', // a mission's open roles as stored
  'rounds/live', // news of a revealed voting round
  'teams/members', // team membership
  'teams/procedures', // LIKE patterns from people's words
];

const upward = (levels, names, message) => ({ regex: `^${levels === 0 ? '\\./' : '(\\.\\./)'.repeat(levels)}(${names})`, message });

function layer(files, levels, forbidden) {
  return {
    files: files.map((file) => `apps/server/src/${file}`),
    // Tests wire real pieces together the way the composition root does.
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_WEB, ...forbidden(levels)] }] },
  };
}

const BOTTOM = 'The bottom of the server (config, clock, db, mail, http, i18n) imports nothing above it: pass what it needs in as a parameter.';
const SERVICES = 'auth, rpc and live know no feature and no root: the root (server.ts, app.ts, procedures.ts) hands them what features offer.';
const FEATURES = 'A feature imports another feature only through a seam listed in eslint.server-layers.js (FEATURE_SEAMS), and never the root.';

const bottomForbids = (levels) => [upward(levels, '(auth|rpc|live|features|ops)/', BOTTOM), upward(levels, ROOT_FILES, BOTTOM)];
const serviceForbids = (levels) => [upward(levels, '(features|ops)/', SERVICES), upward(levels, ROOT_FILES, SERVICES)];
const featureForbids = () => [
  upward(2, '(ops)/', FEATURES),
  upward(2, ROOT_FILES, FEATURES),
  { regex: `^\\.\\./(?!(${FEATURE_SEAMS.join('|')})\\.ts$)[^./][^/]*/`, message: FEATURES },
];

export const serverLayerRules = [
  layer(['**/*.ts'], 1, () => []),
  layer(['config.ts', 'clock.ts'], 0, bottomForbids),
  layer(['db/*.ts', 'mail/*.ts', 'http/*.ts', 'i18n/*.ts'], 1, bottomForbids),
  layer(['auth/*.ts', 'rpc/*.ts', 'live/*.ts'], 1, serviceForbids),
  layer(['features/*/*.ts'], 2, featureForbids),
].map((rule, index) => (index === 0 ? { files: rule.files, rules: { 'no-restricted-imports': ['error', { patterns: [NO_WEB] }] } } : rule));
