import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import type { SigningKeys } from '../auth/keys.ts';
import { AuthService } from '../auth/service.ts';
import { registerAuthRoutes } from '../auth/routes.ts';
import { registerRpcRoutes } from '../rpc/routes.ts';
import { createMailer } from '../mail/mailer.ts';
import { registerDemoSurvey } from './demo-survey.ts';
import { registerHealthRoutes } from './health.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  keys: SigningKeys;
  /** Overrides the logger, e.g. to write the log to a stream in tests. */
  logger?: FastifyServerOptions['loggerInstance'];
}

const BODY_LIMIT = 64 * 1024;

/** Request logs name the route and never the query string: recovery links carry secrets there. */
function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.apikey', 'req.headers.cookie'], remove: true },
    serializers: {
      req: (request: { method: string; url: string; routeOptions?: { url?: string }; id: string }) => ({
        method: request.method,
        path: request.url.split('?')[0],
        route: request.routeOptions?.url,
      }),
    },
  };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, keys } = deps;
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: loggerOptions(config.LOG_LEVEL) }),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: BODY_LIMIT,
    // One line per request, written by the onResponse hook below.
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
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
  await app.register(compress, { threshold: 4096, encodings: ['gzip'], zlibOptions: { level: 3 } });

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
        'connect-src': ["'self'"],
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

  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db, log: app.log });
  registerAuthRoutes(app, new AuthService(db, keys, config, mailer), keys);
  registerRpcRoutes(app, db, keys);
  registerDemoSurvey(app);
  registerHealthRoutes(app, db);
  await registerWebApp(app, config);
  return app;
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

/** The built single-page app, with every unknown GET answered by index.html (client-side routes). */
async function registerWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const root = resolve(config.WEB_DIST_DIR);
  const indexFile = join(root, 'index.html');
  const appConfig = JSON.stringify({
    productName: config.PRODUCT_NAME,
    programmeName: config.PROGRAMME_NAME,
    preSurveyUrl: config.PRE_SURVEY_URL,
    postSurveyUrl: config.POST_SURVEY_URL,
  });
  const indexHtml = existsSync(indexFile)
    ? readFileSync(indexFile, 'utf8').replace('<meta name="app-config" content="{}" />', `<meta name="app-config" content="${escapeAttribute(appConfig)}" />`)
    : `<!doctype html><title>${escapeAttribute(config.PRODUCT_NAME)}</title><p>The web app is not built yet: run <code>npm run build</code>.</p>`;

  if (existsSync(root)) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: false,
      setHeaders: (response, path) => {
        // Vite puts a content hash in every asset name, so those never change.
        response.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  }

  const sendIndex = (reply: import('fastify').FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  app.get('/', (_request, reply) => sendIndex(reply));
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path.startsWith('/auth/') || path.startsWith('/rest/');
    if (request.method === 'GET' && !isApi && !/\.[a-z0-9]+$/i.test(path)) return sendIndex(reply);
    return reply.code(404).send({ code: 'not_found', message: `Nothing at ${request.method} ${path}` });
  });
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
