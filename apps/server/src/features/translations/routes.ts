import type { FastifyInstance } from 'fastify';
import { CORRECTED_LANGUAGES, correctionsPath, type CorrectedLanguage } from '@mc/contract';
import type { RouteDeps } from '../../kernel/manifest.ts';
import { webCorrections } from './corrections.ts';

const isCorrected = (code: string): code is CorrectedLanguage => (CORRECTED_LANGUAGES as readonly string[]).includes(code);

/**
 * GET /i18n/v1/corrections/{code}?v={version}: the web app's corrections of a language, compiled
 * as Lingui loads them (docs/decisions/061-translation-corrections.md). Asked for with the version
 * the page names, the answer never changes, so the browser keeps it; any other version (an old
 * page) gets today's, not kept.
 */
export function registerTranslationRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  app.get<{ Params: { code: string }; Querystring: { v?: string } }>(correctionsPath(':code'), async (request, reply) => {
    const { code } = request.params;
    if (!isCorrected(code)) return reply.code(404).header('cache-control', 'no-store').send({ message: 'No such language' });
    const corrections = await webCorrections(db, code);
    const current = request.query.v === String(corrections.version);
    return reply.header('cache-control', current ? 'public, max-age=31536000, immutable' : 'no-store').send(corrections);
  });
}
