/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { NETWORK_TIMEOUT_SECONDS } from './lib/networkPolicy';
import { isLanguageMessage, LANGUAGE_CACHE, LANGUAGE_KEY } from './lib/workerLanguage';

/**
 * The service worker (docs/decisions/018-offline-and-service-worker.md; what it keeps ahead of use:
 * docs/decisions/063-precache-what-the-person-needs.md):
 * - the hashed build of the public screens and the attendee app (scripts, styles, icons) is
 *   precached, so screens open without a network (not the web app manifest, which the server names
 *   after PRODUCT_NAME);
 * - the catalogue and date data of the person's language are kept when the worker installs (the
 *   page says which language: lib/workerLanguage.ts), and again when the person picks another; the
 *   other languages', the organisers' console and the projector screens are kept once used, so
 *   whatever was opened once opens offline too;
 * - the page itself is network-first: online, every navigation gets the server's index.html with
 *   this deployment's configuration; offline (or with no answer within the app's one time limit,
 *   lib/networkPolicy.ts), the last one kept, whatever the route, so a screen never opened still
 *   opens (and says it is offline) instead of the browser's error page. Only a page of this
 *   worker's own build is kept: its scripts are all in this worker's precache, so the page it
 *   serves can never ask for a file of another build;
 * - the programme (/content/v1/programme) is network first, its last copy offline;
 * - /auth/v1, /rest/v1 and the calendar feeds are never cached or answered from a cache: they go
 *   to the network as if there were no service worker;
 * - a new version waits until the person accepts the update prompt (no skipWaiting behind their back);
 * - a session reminder the app showed as the device's notification opens the person's agenda when
 *   tapped: in the app's window if one is open, else in a new one.
 */

/** A file of this build, marked by the build (scripts/precache-plan.ts): for one language, or kept once used. */
interface BuiltFile extends PrecacheEntry {
  language?: string;
  onUse?: true;
}
declare const self: ServiceWorkerGlobalScope;

// The web app manifest is left to the network: the server writes this deployment's product name
// into it, and a precached copy would keep the name it was built with.
const BUILD: BuiltFile[] = self.__WB_MANIFEST
  .map((entry) => (typeof entry === 'string' ? { url: entry } : entry))
  .filter((entry) => entry.url !== 'manifest.webmanifest');
const PRECACHED = BUILD.filter((entry) => entry.language === undefined && !entry.onUse).map(({ url, revision }) => ({ url, revision }));
precacheAndRoute(PRECACHED);
cleanupOutdatedCaches();
// The first worker takes charge of the page that installed it, so a screen opened later in that
// same visit loads from the precache. A later version only takes over when the person accepts.
clientsClaim();

const NEVER_CACHED = [/^\/auth\//, /^\/rest\//, /^\/calendar\//, /^\/demo-survey\//, /^\/healthz$/, /^\/readyz$/, /^\/admin\//];
const SHELL_CACHE = 'app-shell';
/** Every route is the same single-page app, so one cached copy of the page serves them all. */
const SHELL_KEY = '/__app-shell';
/** This build's files kept outside the precache: the person's language ahead of use, the rest once used. */
const ON_USE_CACHE = 'on-use';
/** The language the interface starts in when the page has not said one (lib/workerLanguage.ts). */
const DEFAULT_LANGUAGE = 'en';

const pathOf = (url: string) => new URL(url, self.location.origin).pathname;

/** This worker's build: the file names of its list (hashed: each names one content). */
const OWN_FILES = new Set(BUILD.map((entry) => pathOf(entry.url)));

/** The person's language, as the page last wrote it. */
async function personLanguage(): Promise<string> {
  const kept = await (await caches.open(LANGUAGE_CACHE)).match(LANGUAGE_KEY);
  return kept ? (await kept.text()).trim() : DEFAULT_LANGUAGE;
}

/** Keeps every file of `language` (its parts of the catalogue, its date data) that is not kept yet. */
async function keepLanguage(language: string): Promise<void> {
  const cache = await caches.open(ON_USE_CACHE);
  const files = BUILD.filter((entry) => entry.language === language).map((entry) => pathOf(entry.url));
  const kept = await Promise.all(files.map(async (file) => ((await cache.match(file)) ? file : null)));
  await cache.addAll(files.filter((file) => !kept.includes(file)));
}

// Installed with the person's language: like the precache, the install fails (and is tried again
// at the next visit) rather than leave the attendee app without its words offline.
self.addEventListener('install', (event) => {
  event.waitUntil(personLanguage().then(keepLanguage));
});

/** Files kept once used by an older build are dropped when this one takes over. */
async function dropOtherBuilds(): Promise<void> {
  const cache = await caches.open(ON_USE_CACHE);
  const stale = (await cache.keys()).filter((request) => !OWN_FILES.has(new URL(request.url).pathname));
  await Promise.all(stale.map((request) => cache.delete(request)));
}

/**
 * Whether a page belongs to this worker's build: every script and style it names is this build's.
 * A page of another build (the server was redeployed and this worker is not yet replaced) is
 * served while online but never kept: offline it would ask for files nobody has, a blank page.
 */
async function isOwnBuild(response: Response): Promise<boolean> {
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes('text/html')) return false;
  const files = [...(await response.clone().text()).matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1] ?? '');
  return files.length > 0 && files.every((file) => OWN_FILES.has(file));
}

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && !NEVER_CACHED.some((pattern) => pattern.test(url.pathname)),
  new NetworkFirst({
    cacheName: SHELL_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [
      {
        cacheKeyWillBeUsed: async () => SHELL_KEY,
        // Only a real page of this build is kept: never an error answer, never another build's page.
        cacheWillUpdate: async ({ response }) => ((await isOwnBuild(response)) ? response : null),
      },
    ],
  }),
);

// Each version keeps the page of its own build when it takes over (the first visit's page came
// from the network before any worker existed), so the app opens offline from the very next visit,
// and a page kept by an older version never outlives that version's files.
self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all([keepOwnPage().catch(() => undefined), dropOtherBuilds().catch(() => undefined)]));
});

async function keepOwnPage(): Promise<void> {
  const cache = await caches.open(SHELL_CACHE);
  const fresh = await fetch('/', { cache: 'no-store' }).catch(() => null);
  if (fresh && (await isOwnBuild(fresh))) {
    await cache.put(SHELL_KEY, fresh);
    return;
  }
  // No network now: a page kept by an older version would ask for files this one just removed.
  const kept = await cache.match(SHELL_KEY);
  if (kept && !(await isOwnBuild(kept))) await cache.delete(SHELL_KEY);
}

// The door's QR reader (a WebAssembly file, not precached: only door staff ever need it) is kept
// once the check-in screen has loaded it, so the door opens and scans offline after a reload.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/') && url.pathname.endsWith('.wasm'),
  new CacheFirst({ cacheName: 'door-reader', plugins: [new ExpirationPlugin({ maxEntries: 2 })] }),
);

// Hashed files outside the precache: this build's other languages, console and projector screens,
// kept the first time they are fetched (cache first: a hashed name never changes its content), so
// what was used once opens offline; and files of a newer version that this worker does not list
// (the page came from the network while that version's worker waits): its caches already hold them.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  async ({ request, url }) => {
    const kept = await caches.match(request);
    if (kept) return kept;
    const response = await fetch(request);
    if (response.ok && OWN_FILES.has(url.pathname)) await (await caches.open(ON_USE_CACHE)).put(request, response.clone());
    return response;
  },
);

// The programme (public content, the same for everyone): network first, so an organiser's edit
// shows as soon as the app asks again (the server's ETag keeps that cheap), and the last copy when
// there is no network, so the agenda and the speakers open offline as last seen.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === '/content/v1/programme',
  new NetworkFirst({ cacheName: 'programme', networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS, plugins: [new ExpirationPlugin({ maxEntries: 1 })] }),
);

// Speakers' photos: the sample's files, and uploaded ones whose address never changes.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.destination === 'image' &&
    (url.pathname.startsWith('/speakers/') || url.pathname.startsWith('/content/v1/speaker-photos/')),
  new CacheFirst({ cacheName: 'speaker-photos', plugins: [new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 30 * 24 * 3600 })] }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
  // The person picked another language: its words are kept now, for offline use.
  if (isLanguageMessage(event.data) && /^[a-z]{2}$/.test(event.data.language)) event.waitUntil(keepLanguage(event.data.language).catch(() => undefined));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const target = new URL(typeof data?.url === 'string' ? data.url : '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const [open] = await self.clients.matchAll({ type: 'window' });
      if (!open) {
        await self.clients.openWindow(target);
        return;
      }
      const focused = await open.focus();
      await focused.navigate(target);
    })(),
  );
});
