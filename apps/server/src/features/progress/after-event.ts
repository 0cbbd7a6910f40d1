import type { FastifyInstance } from 'fastify';
import {
  AFTER_EVENT_AUDIT_KINDS,
  AFTER_EVENT_EXPORT_PATH,
  MISSION_CHECKIN_DAYS,
  NO_NEWS_DAYS,
  daysAfter,
  venueInstant,
  type AfterEventMission,
  type AfterEventOverview,
  type CheckinAnswer,
} from '@mc/contract';
import type { Queryable } from '../../db/db.ts';
import { isoTime } from '../../db/sql.ts';
import { sendCsv, type Cell } from '../../http/csv.ts';
import { organiserProcedure } from '../../kernel/access.ts';
import { actorOf } from '../../kernel/actor.ts';
import { recordAudit } from '../../kernel/audit.ts';
import { exportCaller } from '../../kernel/export-caller.ts';
import type { RouteDeps } from '../../kernel/manifest.ts';
import { readPublished } from '../../kernel/programme.ts';

/*
 * The organisers' console section "After the event" (docs/product.md#after-the-event): every
 * mission with its status, its last update, its check-in answers and whether it has had no news
 * for NO_NEWS_DAYS days, the figures, and the same as CSV. Organisers only (with their second
 * factor, as every organiser call); the export is audited, as every export.
 */

const DAY_MS = 86_400_000;

/** Every mission after the event as of `now`, in name order; only those without news when `noNewsOnly`. */
async function readOverview(db: Queryable, now: Date, noNewsOnly: boolean): Promise<AfterEventOverview> {
  const { settings } = (await readPublished(db)).programme;
  const quietSince = new Date(now.getTime() - NO_NEWS_DAYS * DAY_MS).toISOString();
  const missions = await db.query<AfterEventMission>(
    `select m.mission_id, m.name, m.status, m.status_reason, m.hidden_at is not null as hidden,
            not exists (select 1 from mission_checkins_off off where off.mission_id = m.mission_id) as checkins_on,
            last.title as last_update_title,
            case when last.created_at is not null then ${isoTime('last.created_at')} end as last_update_at,
            (last.created_at is null or last.created_at < $1::timestamptz) as no_news,
            coalesce((select jsonb_agg(jsonb_build_object('day', c.day, 'answered_at', ${isoTime('c.answered_at')}, 'happened', c.happened,
                                                          'needs', coalesce(c.needs, ''), 'team_together', c.team_together, 'status', c.status)
                                       order by c.day)
                        from mission_checkins c where c.mission_id = m.mission_id and c.answered_at is not null), '[]'::jsonb) as answers
       from missions m
       left join lateral (select u.title, u.created_at from mission_updates u
                           where u.mission_id = m.mission_id and u.hidden_at is null
                           order by u.created_at desc limit 1) last on true
      order by lower(m.name), m.mission_id`,
    [quietSince],
  );
  const counts = { active: 0, paused: 0, completed: 0, stopped: 0 };
  for (const mission of missions) counts[mission.status] += 1;
  const updatedAfter = await Promise.all(
    MISSION_CHECKIN_DAYS.map(async (day) => {
      const from = venueInstant(daysAfter(settings.endDate, day), '00:00', settings.timeZone);
      if (now < from || missions.length === 0) return { day, share: null };
      const [row] = await db.query<{ n: number }>(
        'select count(distinct mission_id)::int as n from mission_updates where hidden_at is null and created_at >= $1',
        [from.toISOString()],
      );
      return { day, share: Number(row?.n ?? 0) / missions.length };
    }),
  );
  return {
    last_day: settings.endDate,
    figures: { missions: missions.length, ...counts, updated_after: updatedAfter },
    missions: noNewsOnly ? missions.filter((mission) => mission.no_news) : missions,
  };
}

export const afterEventProcedures = {
  get_after_event_overview: organiserProcedure('get_after_event_overview', async (params, ctx) =>
    readOverview(ctx.db, new Date(ctx.clock.now()), params.p_no_news_only),
  ),
};

const HEADER = ['Mission', 'Status', 'Status reason', 'Hidden', 'Check-ins', 'Last update', 'Last update at', `No news for ${NO_NEWS_DAYS} days`];
const ANSWER_HEADER = (day: number) => [`Day ${day}: answered at`, `Day ${day}: what happened`, `Day ${day}: what they need`, `Day ${day}: team together`];

function csvRow(mission: AfterEventMission): Cell[] {
  const byDay = new Map<number, CheckinAnswer>(mission.answers.map((answer) => [Number(answer.day), answer]));
  return [
    mission.name,
    mission.status,
    mission.status_reason ?? '',
    mission.hidden ? 'yes' : 'no',
    mission.checkins_on ? 'on' : 'off',
    mission.last_update_title ?? '',
    mission.last_update_at ?? '',
    mission.no_news ? 'yes' : 'no',
    ...MISSION_CHECKIN_DAYS.flatMap((day) => {
      const answer = byDay.get(day);
      return answer ? [answer.answered_at, answer.happened, answer.needs, answer.team_together ? 'yes' : 'no'] : ['', '', '', ''];
    }),
  ];
}

async function* rowsOf(missions: AfterEventMission[]): AsyncGenerator<Cell[]> {
  for (const mission of missions) yield csvRow(mission);
}

/**
 * GET /exports/v1/after-the-event.csv with an organiser's access token (`?no_news=1`: only the
 * missions without news): one row per mission with its check-in answers; audited.
 */
export function registerAfterEventExportRoutes(app: FastifyInstance, { db, keys, config }: RouteDeps): void {
  app.get<{ Querystring: { no_news?: string } }>(AFTER_EVENT_EXPORT_PATH, { helmet: false }, async (request, reply) => {
    const ctx = await exportCaller(request, reply, db, keys, config);
    if (!ctx) return reply;
    const noNewsOnly = request.query.no_news === '1';
    const overview = await readOverview(db, new Date(ctx.clock.now()), noNewsOnly);
    await recordAudit(db, {
      actor: actorOf(ctx),
      kind: AFTER_EVENT_AUDIT_KINDS.exported,
      subject: 'after-the-event.csv',
      after: { missions: overview.missions.length, no_news_only: noNewsOnly },
    });
    return sendCsv(request, reply, 'after-the-event.csv', [...HEADER, ...MISSION_CHECKIN_DAYS.flatMap(ANSWER_HEADER)], rowsOf(overview.missions));
  });
}
