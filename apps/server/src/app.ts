import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import { LANGUAGE_CODES } from '@mc/contract';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import type { SigningKeys } from './auth/keys.ts';
import { AuthService } from './auth/service.ts';
import { registerAuthRoutes } from './auth/routes.ts';
import { registerRpcRoutes } from './rpc/routes.ts';
import { MANIFESTS } from './manifests.ts';
import { findProcedure } from './procedures.ts';
import { offeredLanguages } from './features/languages/procedures.ts';
import { correctionVersions } from './features/translations/corrections.ts';
import { createMailer } from './mail/mailer.ts';
import { systemClock, type Clock } from './clock.ts';
import { registerDemoSurvey } from './http/demo-survey.ts';
import { registerHealthRoutes } from './http/health.ts';
import { safeError } from './http/log-safety.ts';
import { authApiVersion, AUTH_API_VERSION_HEADER, errorBodyFor, RESTARTING_MESSAGE } from './http/errors.ts';
import { languageOf } from './i18n/language.ts';
import { StorageHealth } from './http/storage-health.ts';
import { CallLimits } from './rpc/call-limits.ts';
import { preferredEncoding } from './http/accept-encoding.ts';
import { CONNECTIONS_CHECKING_INTERVAL_MS, guardSlowClients, REQUEST_TIMEOUT_MS } from './http/slow-clients.ts';
import { ANSWER_GZIP_LEVEL, ANSWER_GZIP_THRESHOLD } from './http/answer-gzip.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  keys: SigningKeys;
  /** Where log lines go instead of stdout, e.g. a stream a test reads. */
  logStream?: { write(line: string): void };
  /** The clock authenticator codes (and, in server.ts, due announcements and reminders) are decided by; the system clock unless a test sets one. */
  clock?: Clock;
}

const BODY_LIMIT = 64 * 1024;

/** Set when shutdown begins; from then on every request is answered 503 with Connection: close. */
export class Draining {
  active = false;
}

declare module 'fastify' {
  interface FastifyInstance {
    draining: Draining;
  }
}

/**
 * Request logs name the route and never the query string: recovery links carry secrets there.
 * Errors go through safeError, which keeps statement parameters and quoted values out.
 */
function loggerOptions(level: string, stream: AppDeps['logStream']): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: ['req.headers.authorization', 'req.headers.apikey', 'req.headers.cookie'], remove: true },
    serializers: {
      err: safeError,
      req: (request: { method: string; url: string; routeOptions?: { url?: string }; id: string }) => ({
        method: request.method,
        // A calendar subscription address carries its secret in the path itself.
        path: (request.url.split('?')[0] ?? '').replace(/^\/calendar\/feeds\/.*/, '/calendar/feeds/[secret]'),
        route: request.routeOptions?.url,
      }),
    },
  };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, deps.logStream),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: BODY_LIMIT,
    // One line per request, written by the onResponse hook below.
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
    // Slow senders (docs/security.md#slow-and-greedy-clients): headers within the body's bound, and
    // a ceiling for any whole request (Fastify's default, 0, turns Node's off).
    requestTimeout: REQUEST_TIMEOUT_MS,
    http: { headersTimeout: config.REQUEST_BODY_TIMEOUT_SECONDS * 1000, connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS },
    // A path Fastify cannot route (a parameter over 100 characters, broken %-encoding) still
    // answers in the shape of the API it was meant for.
    frameworkErrors: (error, request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const status = error.statusCode ?? 400;
      const version = echoAuthApiVersion(path, request, reply as FastifyReply);
      const language = languageOf(request.headers['accept-language']);
      return (reply as FastifyReply)
        .code(status)
        .send(errorBodyFor(path, status, error.message, { rest: 'PGRST100', auth: 'validation_failed' }, version, language));
    },
  });

  guardSlowClients(app, { bodyTimeoutMs: config.REQUEST_BODY_TIMEOUT_SECONDS * 1000, connectionsPerAddress: config.connectionsPerAddress });

  const draining = new Draining();
  app.decorate('draining', draining);
  // While the server drains for shutdown, a request on a connection that is still open gets a
  // clean 503 and `Connection: close`, so a load balancer retries it elsewhere instead of seeing
  // the connection cut.
  app.addHook('onRequest', async (request, reply) => {
    if (!draining.active) return;
    const path = request.url.split('?')[0] ?? '';
    reply.header('connection', 'close').header('retry-after', '5');
    const version = echoAuthApiVersion(path, request, reply);
    const language = languageOf(request.headers['accept-language']);
    return reply.code(503).send(errorBodyFor(path, 503, RESTARTING_MESSAGE, { rest: 'PGRST503', auth: 'service_unavailable' }, version, language));
  });

  // supabase-js posts `content-type: application/json` with an empty body on sign-out;
  // an empty body means "no parameters", anything else must be JSON.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('The request body is not valid JSON'), { statusCode: 400 }), undefined);
    }
  });

  // Phones on venue Wi-Fi: the mission list at 300 missions is 360 KB of JSON and ~10 KB gzipped.
  // Answers under 4 KiB (a vote, one mission's details) fit in a few packets as they are, and a gzip
  // stream per answer cost the details ~20 % of their throughput. gzip only, as it is fast to make;
  // level 3 compresses the 300-mission list in 0.6 ms instead of 1.9 ms (level 6), 9.6 KB against 8.5.
  await app.register(compress, { threshold: ANSWER_GZIP_THRESHOLD, encodings: ['gzip'], zlibOptions: { level: ANSWER_GZIP_LEVEL } });

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // sonner and Radix set styles at run time; no script can run from a style.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'"],
        // 'self' covers the live channel's ws(s):// in current browsers; the public address's own
        // ws(s) origin is named too, for browsers that read 'self' as http(s) only.
        'connect-src': ["'self'", new URL(config.publicUrl).origin.replace(/^http/, 'ws')],
        'frame-src': ["'self'", ...surveyOrigins(config)],
        'frame-ancestors': ["'self'"],
        'form-action': ["'self'"],
        'base-uri': ["'self'"],
        'object-src': ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });

  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { method: request.method, route: request.routeOptions.url ?? 'not-found', status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });

  registerRoutes(app, deps);
  await registerWebApp(app, config, deps.db);
  return app;
}

/**
 * Every route: the auth API, the procedures, then each feature's own routes, one line a feature
 * (the root is the one place that knows them all).
 */
function registerRoutes(app: FastifyInstance, { config, db, keys, clock = systemClock }: AppDeps): void {
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db, log: app.log });
  const storage = new StorageHealth();
  registerAuthRoutes(app, new AuthService(db, keys, config, mailer, clock), keys, storage);
  const limits = new CallLimits({
    callsPerMinute: config.RPC_CALLS_PER_PERSON_PER_MINUTE,
    directoryCallsPerHour: config.RPC_DIRECTORY_CALLS_PER_PERSON_PER_HOUR,
  });
  registerRpcRoutes(app, { db, keys, config, limits, storage, findProcedure, clock });
  // Each feature's own routes (downloads, feeds, uploads), as its manifest lists them.
  for (const register of MANIFESTS.flatMap((feature) => feature.routes ?? [])) register(app, { db, keys, config });
  registerDemoSurvey(app);
  registerHealthRoutes(app, db, storage);
}

/** For an /auth/ error: the API version the request asked for, echoed in the answer's header as Supabase Auth does. */
function echoAuthApiVersion(path: string, request: FastifyRequest, reply: FastifyReply): ReturnType<typeof authApiVersion> {
  const version = path.startsWith('/auth/') ? authApiVersion(request.headers) : null;
  if (version) reply.header(AUTH_API_VERSION_HEADER, version);
  return version;
}

function surveyOrigins(config: Config): string[] {
  return [config.PRE_SURVEY_URL, config.POST_SURVEY_URL].flatMap((url) => {
    try {
      return url.startsWith('/') ? [] : [new URL(url).origin];
    } catch {
      return [];
    }
  });
}

/**
 * Headers helmet sets that only a document reads. Kept on assets: nosniff (a script is run only with
 * a script's type), Cross-Origin-Resource-Policy (no other site may load them), Referrer-Policy (a
 * module's own imports follow it) and Strict-Transport-Security.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * The door's QR reader runs in a worker whose script is this file (apps/web/src/features/checkin/qrWorker.ts):
 * a worker takes the policy of its own script's answer, and this one may compile WebAssembly (the
 * ZXing decoder) and fetch from here, nothing else, so the pages' policy never allows WebAssembly
 * (docs/decisions/053-scanning-badges-at-the-door.md).
 */
const QR_WORKER = /^\/assets\/qrWorker-[\w-]+\.js(\?|$)/;
const QR_WORKER_POLICY = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'";

/** The build's files (scripts, styles, icons, the service worker) as they are on disk. */
async function registerBuiltFiles(app: FastifyInstance, root: string): Promise<void> {
  // A hashed script or style needs no document's headers: they apply to a page (or a worker's own
  // script, which /sw.js is, outside /assets/), and on a phone's first visit each costs about
  // 0.5 KB per file (docs/security.md). Nor does /theme.js, the page's first script.
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/assets/') && request.url.split('?')[0] !== '/theme.js') return;
    for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
    if (QR_WORKER.test(request.url)) reply.header('content-security-policy', QR_WORKER_POLICY);
  });
  const servedAsBuilt: FastifyStaticOptions = {
    index: false,
    // The build wrote a brotli and a gzip copy of every text file (scripts/compress-assets.mjs):
    // the smallest one the browser accepts is sent, with `Vary: Accept-Encoding`.
    preCompressed: true,
    setHeaders: (response, path) => {
      const file = path.replace(/\.(br|gz)$/, '');
      // Vite puts a content hash in every asset name, so those never change.
      // The service worker script is checked on every visit, so a new version is found at once.
      response.header(
        'cache-control',
        file.includes('/assets/') ? 'public, max-age=31536000, immutable' : file.endsWith('/sw.js') ? 'no-cache' : 'public, max-age=300',
      );
    },
    // Nothing here sends a file by name.
    decorateReply: false,
  };
  // Each folder of the build (assets, icons, …) is one route whose files are looked up when asked
  // for: a route per file (and per compressed copy) took about half a second of every start to
  // list and register. The few files at the top have a route each. (One catch-all route at / would
  // also take the API's unknown paths, which answer in their own shapes.) A path with no file goes
  // on to the not-found handler (registerWebApp); index.html and the manifest have routes of their
  // own there, with this deployment's configuration in them.
  const folders = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  await app.register(async (files) => {
    // A file route refuses a folder or a path that climbs out of the web app (403); such a path is
    // answered as any other path with no file behind it.
    files.setErrorHandler((error: { statusCode?: number }, _request, reply) => (error.statusCode === 403 ? reply.callNotFound() : reply.send(error)));
    await files.register(fastifyStatic, {
      ...servedAsBuilt,
      root,
      wildcard: false,
      globIgnore: ['index.html', 'manifest.webmanifest', ...folders.map((folder) => `${folder}/**`)],
    });
    for (const folder of folders) {
      await files.register(fastifyStatic, { ...servedAsBuilt, root: join(root, folder), prefix: `/${folder}/`, wildcard: true });
    }
  });
}

/** The built single-page app, with every unknown GET answered by index.html (client-side routes). */
async function registerWebApp(app: FastifyInstance, config: Config, db: Db): Promise<void> {
  const root = resolve(config.WEB_DIST_DIR);
  const indexFile = join(root, 'index.html');
  // The languages the event offers change when organisers switch one off, so they are put in when
  // the page is asked for; the rest of the configuration is fixed for the server's life.
  const appConfig = (languages: readonly string[], corrections: string) =>
    JSON.stringify({
      productName: config.PRODUCT_NAME,
      programmeName: config.PROGRAMME_NAME,
      preSurveyUrl: config.PRE_SURVEY_URL,
      postSurveyUrl: config.POST_SURVEY_URL,
      conferenceStartDate: config.CONFERENCE_START_DATE,
      conferenceTimeZone: config.CONFERENCE_TIME_ZONE,
      dailyDigestHour: String(config.MAIL_DAILY_DIGEST_HOUR),
      publicUrl: config.publicUrl,
      languages: languages.join(','),
      // Each corrected language's version of its corrections ("xh:3"): the web app fetches them (features/translations).
      corrections,
    });
  const builtIndex = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  const indexHtml = (languages: readonly string[], corrections: string) =>
    builtIndex
      ? builtIndex
          .replace('<meta name="app-config" content="{}" />', `<meta name="app-config" content="${escapeAttribute(appConfig(languages, corrections))}" />`)
          .replace(/<title>[^<]*<\/title>/, `<title>${escapeAttribute(config.PRODUCT_NAME)}</title>`)
      : `<!doctype html><title>${escapeAttribute(config.PRODUCT_NAME)}</title><p>The web app is not built yet: run <code>npm run build</code>.</p>`;
  // The web app manifest is built with the default name; an installed app is labelled with this
  // deployment's PRODUCT_NAME instead. The service worker does not precache it (apps/web/src/sw.ts),
  // so the browser always reads this one.
  const manifestFile = join(root, 'manifest.webmanifest');
  const manifest = existsSync(manifestFile) ? manifestWithName(readFileSync(manifestFile, 'utf8'), config.PRODUCT_NAME) : null;

  if (existsSync(root)) await registerBuiltFiles(app, root);

  // The page is compressed once for each set of offered languages and versions of the corrections,
  // with the configuration in it, never per request; only the latest few sets are kept.
  const indexFormsByLanguages = new Map<string, Record<'br' | 'gzip' | 'identity', Buffer>>();
  const indexForms = (languages: readonly string[], corrections = '') => {
    const key = `${languages.join(',')};${corrections}`;
    let forms = indexFormsByLanguages.get(key);
    if (!forms) {
      if (indexFormsByLanguages.size >= 16) indexFormsByLanguages.clear();
      const bytes = Buffer.from(indexHtml(languages, corrections));
      forms = {
        br: brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY } }),
        gzip: gzipSync(bytes, { level: 9 }),
        identity: bytes,
      };
      indexFormsByLanguages.set(key, forms);
    }
    return forms;
  };
  indexForms(LANGUAGE_CODES);
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    // A database in trouble must not take the page with it: it then offers every language.
    const [languages, corrections] = await Promise.all([
      offeredLanguages(db).catch(() => LANGUAGE_CODES),
      correctionVersions(db)
        .then((versions) =>
          Object.entries(versions)
            .filter(([, version]) => version > 0)
            .map(([code, version]) => `${code}:${version}`)
            .join(','),
        )
        .catch(() => ''),
    ]);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8')
      .send(indexForms(languages, corrections)[encoding]);
  };
  app.get('/', sendIndex);
  app.get('/index.html', sendIndex);
  if (manifest) {
    app.get('/manifest.webmanifest', (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('application/manifest+json; charset=utf-8').send(manifest),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path.startsWith('/auth/') || path.startsWith('/rest/') || path.startsWith('/content/') || path.startsWith('/live/v1/');
    // HEAD as GET: link previewers and uptime monitors ask with HEAD.
    const reading = request.method === 'GET' || request.method === 'HEAD';
    if (reading && !isApi && !/\.[a-z0-9]+$/i.test(path)) return sendIndex(request, reply);
    return reply.code(404).send({ code: 'not_found', message: `Nothing at ${request.method} ${path}` });
  });
}

/** The built manifest with the product's name (both the full and the short one under the icon). */
function manifestWithName(built: string, productName: string): string {
  const manifest = JSON.parse(built) as Record<string, unknown>;
  return JSON.stringify({ ...manifest, name: productName, short_name: productName });
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
