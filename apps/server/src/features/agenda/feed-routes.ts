import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { accountLanguage, languageOf } from '../../i18n/language.ts';
import { wordingIn } from '../../i18n/translate.ts';
import { programmeCalendar } from './calendar.ts';
import { FEED_PATH_PREFIX, feedSecretHash } from './procedures.ts';
import { readProgramme } from '../../kernel/programme.ts';
import { readCalendarHistory } from './programme-history.ts';

const SECRET = /^[A-Za-z0-9_-]{43}$/;

/**
 * The private subscription address of a person's favourites: GET /calendar/feeds/{secret}.ics.
 * Calendar apps cannot send a bearer token, so the secret in the path is the whole credential; it
 * is compared by its hash, gives nothing but this calendar, and stops working when revoked. An
 * unknown or revoked secret answers 404 with no hint whether it ever existed (in the request's
 * language). The calendar's own words are in the language of its owner's account. The request log
 * names the route pattern, never the secret.
 */
export function registerCalendarFeedRoutes(app: FastifyInstance, db: Db, config: Config): void {
  app.get<{ Params: { file: string } }>(`${FEED_PATH_PREFIX}:file`, async (request, reply) => {
    const secret = request.params.file.replace(/\.ics$/, '');
    const { say } = wordingIn(languageOf(request.headers['accept-language']));
    const notFound = () =>
      reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(say('This calendar address does not exist or was revoked.'));
    if (!request.params.file.endsWith('.ics') || !SECRET.test(secret)) return notFound();
    const [feed] = await db.query<{ user_id: string; language: string | null }>(
      `update calendar_feeds feed set last_read_at = now() from users owner
        where feed.secret_sha256 = $1 and owner.id = feed.user_id
        returning feed.user_id, owner.user_metadata->>'language' as language`,
      [feedSecretHash(secret)],
    );
    if (!feed) return notFound();
    // A calendar app names no language of its person: the file's words are in the owner's account language.
    const language = accountLanguage(feed.language);
    const rows = await db.query<{ part_id: string }>('select part_id from agenda_favourites where user_id = $1', [feed.user_id]);
    const programme = await readProgramme(db, config);
    const ics = programmeCalendar(programme, {
      name: wordingIn(language).say('My agenda: {event}', { event: config.PROGRAMME_NAME }),
      language,
      publicUrl: config.publicUrl,
      partIds: new Set(rows.map((row) => row.part_id)),
      history: await readCalendarHistory(db),
    });
    return reply.header('cache-control', 'private, no-cache').header('x-robots-tag', 'noindex').type('text/calendar; charset=utf-8').send(ics);
  });
}
