import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The layers of the server and of the web app (docs/ARCHITECTURE.md, docs/decisions/040-one-way-server-layers.md
 * and 047-a-kernel-below-the-features.md), as `import-x/no-restricted-paths` zones. A zone reads the
 * file an import RESOLVES to, not the text of the import: climbing out of a folder and back down,
 * a file in a subfolder, a dynamic import() and a re-export are all caught at any depth. An import
 * that resolves to nothing is left to TypeScript, which refuses it.
 *
 * The server, from the bottom up:
 *   bottom    config.ts, clock.ts, db/, mail/, http/, i18n/
 *   services  auth/, rpc/, live/
 *   kernel    kernel/ (access, audit, people, visibility, membership, events, …)
 *   features  features/<name>/: itself, the kernel and below; never another feature
 *   root      server.ts, app.ts, procedures.ts, manifests.ts, main.ts, ops/
 * The web app: app → features → lib, components and i18n → packages/contract; a feature imports
 * another only through its index.ts; the service worker (sw.ts) imports no screen code.
 */
const ROOT = fileURLToPath(new URL('.', import.meta.url));
/** import-x reads a zone's target and from relative to basePath, but its except globs as they are. */
const absolute = (glob) => join(ROOT, glob);
const folders = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';
const WEB_APP = `${WEB}/{app/**,main.tsx}`;
const SERVER_ROOT = [`${SERVER}/{server,app,procedures,manifests,main}.ts`, `${SERVER}/ops/**`];
const KERNEL = [`${SERVER}/kernel/**`];
const FEATURES = [`${SERVER}/features/**`];
const SERVICES = [`${SERVER}/{auth,rpc,live}/**`];

const BOTTOM = 'The bottom of the server (config, clock, db, mail, http, i18n) imports nothing above it: pass what it needs in as a parameter.';
const SERVICE = 'auth, rpc and live know no kernel, feature or root: the root (server.ts, app.ts, procedures.ts) hands them what features offer.';
const KERNEL_MESSAGE = 'The kernel sits below the features: it imports no feature and no root. Move what it needs down into the kernel.';
const FEATURE =
  "A feature imports itself, the kernel and the layers below it; never another feature or the root. Move what two features share down into apps/server/src/kernel (or into the bottom when it is generic), or let the root wire them through the features' manifests.";

/** One zone per server feature folder, so a new folder is walled in without editing this file. */
const featureZones = folders(`./${SERVER}/features/`).map((name) => ({
  target: `${SERVER}/features/${name}/**`,
  from: [...FEATURES, ...SERVER_ROOT],
  except: [absolute(`${SERVER}/features/${name}/**`)],
  message: FEATURE,
}));

export const serverZones = [
  { target: `${SERVER}/**`, from: 'apps/web/**', message: 'The server never imports the web app; shared code lives in packages/contract.' },
  {
    target: [`${SERVER}/{config,clock}.ts`, `${SERVER}/{db,mail,http,i18n}/**`],
    from: [...SERVICES, ...KERNEL, ...FEATURES, ...SERVER_ROOT],
    message: BOTTOM,
  },
  { target: SERVICES, from: [...KERNEL, ...FEATURES, ...SERVER_ROOT], message: SERVICE },
  { target: KERNEL, from: [...FEATURES, ...SERVER_ROOT], message: KERNEL_MESSAGE },
  ...featureZones,
];

const WEB_FEATURE =
  "Import another feature through its public entry only ('../missions', its index.ts; add what it lacks there), and never the app layer: move what features share to lib (paths, auth, query keys).";

const webFeatureZones = folders(`./${WEB}/features/`).map((name) => ({
  target: `${WEB}/features/${name}/**`,
  from: [`${WEB}/features/**`, WEB_APP],
  except: [absolute(`${WEB}/features/${name}/**`), absolute(`${WEB}/features/*/index.ts`)],
  message: WEB_FEATURE,
}));

export const webZones = [
  { target: `${WEB}/**`, from: 'apps/server/**', message: 'The web app talks to the server over HTTP only; shared code lives in packages/contract.' },
  ...webFeatureZones,
  {
    target: [`${WEB}/lib/**`, `${WEB}/components/**`],
    from: [`${WEB}/features/**`, WEB_APP],
    message: 'lib and components sit below the features and the app: they import neither.',
  },
  {
    // Its tests may read the features' message ids, to check the catalogues hold them.
    target: `${WEB}/i18n/**/!(*.test).{ts,tsx}`,
    from: [`${WEB}/features/**`, WEB_APP],
    message: 'i18n sits beside lib, below the features and the app: it imports neither (a feature passes its texts in).',
  },
  {
    target: `${WEB}/sw.ts`,
    from: [WEB_APP, `${WEB}/features/**`, `${WEB}/components/**`, `${WEB}/i18n/**`],
    message: 'The service worker runs without a page: it imports only lib modules that need no DOM or React, and the contract.',
  },
];

export const contractZones = [
  { target: 'packages/**', from: 'apps/**', message: 'packages/contract is the bottom of server and web alike: it imports neither app.' },
];

/** The zones' paths are relative to the repository, wherever ESLint runs from. */
export const zoneOptions = (zones) => ({ zones, basePath: ROOT });
