/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';

/**
 * The service worker (docs/decisions/018-offline-and-service-worker.md):
 * - the hashed build (scripts, styles, icons) is precached, so screens open without a network (not
 *   the web app manifest, which the server names after PRODUCT_NAME);
 * - the page itself is network-first: online, every navigation gets the server's index.html with
 *   this deployment's configuration; offline, the last one served, whatever the route, so a screen
 *   never opened still opens (and says it is offline) instead of the browser's error page;
 * - the programme (/content/v1/programme) is network first, its last copy offline;
 * - /auth/v1, /rest/v1 and the calendar feeds are never cached or answered from a cache: they go
 *   to the network as if there were no service worker;
 * - a new version waits until the person accepts the update prompt (no skipWaiting behind their back).
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// The web app manifest is left to the network: the server writes this deployment's product name
// into it, and a precached copy would keep the name it was built with.
precacheAndRoute(self.__WB_MANIFEST.filter((entry) => (typeof entry === 'string' ? entry : entry.url) !== 'manifest.webmanifest'));
cleanupOutdatedCaches();
// The first worker takes charge of the page that installed it, so a screen opened later in that
// same visit loads from the precache. A later version only takes over when the person accepts.
clientsClaim();

const NEVER_CACHED = [/^\/auth\//, /^\/rest\//, /^\/calendar\//, /^\/demo-survey\//, /^\/healthz$/, /^\/readyz$/, /^\/admin\//];
const SHELL_CACHE = 'app-shell';
/** Every route is the same single-page app, so one cached copy of the page serves them all. */
const SHELL_KEY = '/__app-shell';

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && !NEVER_CACHED.some((pattern) => pattern.test(url.pathname)),
  new NetworkFirst({
    cacheName: SHELL_CACHE,
    networkTimeoutSeconds: 5,
    plugins: [
      {
        cacheKeyWillBeUsed: async () => SHELL_KEY,
        // Only a real page is kept: never an error answer in place of the app.
        cacheWillUpdate: async ({ response }) => (response.ok && (response.headers.get('content-type') ?? '').includes('text/html') ? response : null),
      },
    ],
  }),
);

// The page a first visit loaded came from the network before this worker existed: keep it now,
// so the app opens offline from the very next visit. Later versions leave it to navigations.
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      if (await cache.match(SHELL_KEY)) return;
      const response = await fetch('/', { cache: 'no-store' });
      if (response.ok) await cache.put(SHELL_KEY, response);
    })().catch(() => undefined),
  );
});

// Hashed files of a newer version that this worker does not list (the page came from the network
// while that version's worker waits): its precache already holds them, so they open offline too.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  async ({ request }) => (await caches.match(request)) ?? fetch(request),
);

// The programme (public content, the same for everyone): network first, so an organiser's edit
// shows as soon as the app asks again (the server's ETag keeps that cheap), and the last copy when
// there is no network, so the agenda and the speakers open offline as last seen.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === '/content/v1/programme',
  new NetworkFirst({ cacheName: 'programme', networkTimeoutSeconds: 5, plugins: [new ExpirationPlugin({ maxEntries: 1 })] }),
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
});
