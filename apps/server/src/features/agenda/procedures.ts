import { createHash, randomBytes } from 'node:crypto';
import { AGENDA_MESSAGES, type CalendarFeedStatus } from '@mc/contract';
import { businessError } from '../../http/errors.ts';
import { procedure, type CallContext } from '../../rpc/procedure.ts';
import { programmeCalendar } from './calendar.ts';
import { partsOf, readProgramme } from '../../kernel/programme.ts';
import { readCalendarHistory } from './programme-history.ts';

/** The path a calendar app reads; the secret is the last segment, before ".ics". */
export const FEED_PATH_PREFIX = '/calendar/feeds/';

export function feedSecretHash(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

async function knownPartIds(ctx: CallContext): Promise<Set<string>> {
  const programme = await readProgramme(ctx.db, ctx.config);
  return new Set(partsOf(programme).map((entry) => entry.part.id));
}

function feedStatus(row: { created_at: string | Date } | undefined): CalendarFeedStatus {
  return { active: Boolean(row), created_at: row ? new Date(row.created_at).toISOString() : null };
}

export const agendaProcedures = {
  /** Favourites of parts that have left the programme are kept but not answered. */
  get_my_agenda: procedure('get_my_agenda', async (_params, ctx) => {
    const known = await knownPartIds(ctx);
    const rows = await ctx.db.query<{ part_id: string; added_at: string | Date }>(
      'select part_id, added_at from agenda_favourites where user_id = $1 order by added_at, part_id',
      [ctx.userId],
    );
    return rows.filter((row) => known.has(row.part_id)).map((row) => ({ part_id: row.part_id, added_at: new Date(row.added_at).toISOString() }));
  }),

  set_agenda_favourite: procedure('set_agenda_favourite', async (params, ctx) => {
    if (params.p_starred) {
      if (!(await knownPartIds(ctx)).has(params.p_part_id)) throw businessError(AGENDA_MESSAGES.unknownPart);
      await ctx.db.query('insert into agenda_favourites (user_id, part_id) values ($1, $2) on conflict do nothing', [ctx.userId, params.p_part_id]);
    } else {
      await ctx.db.query('delete from agenda_favourites where user_id = $1 and part_id = $2', [ctx.userId, params.p_part_id]);
    }
    return { part_id: params.p_part_id, starred: params.p_starred };
  }),

  get_agenda_calendar: procedure('get_agenda_calendar', async (params, ctx) => {
    const programme = await readProgramme(ctx.db, ctx.config);
    const history = await readCalendarHistory(ctx.db);
    const partId = params.p_part_id ?? null;
    if (partId !== null) {
      const entry = partsOf(programme).find((candidate) => candidate.part.id === partId);
      if (!entry) throw businessError(AGENDA_MESSAGES.unknownPart);
      return {
        filename: `${partId}-${slug(entry.part.title)}.ics`,
        ics: programmeCalendar(programme, {
          name: entry.part.title,
          language: ctx.language,
          publicUrl: ctx.config.publicUrl,
          partIds: new Set([partId]),
          history,
        }),
      };
    }
    return {
      filename: `${slug(ctx.config.PROGRAMME_NAME) || 'programme'}.ics`,
      ics: programmeCalendar(programme, { name: ctx.config.PROGRAMME_NAME, language: ctx.language, publicUrl: ctx.config.publicUrl, history }),
    };
  }),

  get_calendar_feed: procedure('get_calendar_feed', async (_params, ctx) => {
    const [row] = await ctx.db.query<{ created_at: string | Date }>('select created_at from calendar_feeds where user_id = $1', [ctx.userId]);
    return feedStatus(row);
  }),

  /** One statement replaces any earlier address, so two quick clicks leave exactly one working. */
  create_calendar_feed: procedure('create_calendar_feed', async (_params, ctx) => {
    const secret = randomBytes(32).toString('base64url');
    const [row] = await ctx.db.query<{ created_at: string | Date }>(
      `insert into calendar_feeds (user_id, secret_sha256) values ($1, $2)
       on conflict (user_id) do update set secret_sha256 = excluded.secret_sha256, created_at = now(), last_read_at = null
       returning created_at`,
      [ctx.userId, feedSecretHash(secret)],
    );
    const httpsUrl = `${ctx.config.publicUrl}${FEED_PATH_PREFIX}${secret}.ics`;
    return { ...feedStatus(row), https_url: httpsUrl, webcal_url: httpsUrl.replace(/^https?:/, 'webcal:') };
  }),

  revoke_calendar_feed: procedure('revoke_calendar_feed', async (_params, ctx) => {
    await ctx.db.query('delete from calendar_feeds where user_id = $1', [ctx.userId]);
    return feedStatus(undefined);
  }),
};

/** "From Intention to Action" → "from-intention-to-action", for file names. */
export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}
