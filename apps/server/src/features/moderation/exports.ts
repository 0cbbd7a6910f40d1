import type { FastifyInstance } from 'fastify';
import { EXPORTS, MODERATION_AUDIT_KINDS, MODERATION_MESSAGES, type ExportName } from '@mc/contract';
import type { SigningKeys } from '../../auth/keys.ts';
import type { Config } from '../../config.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { isoTime } from '../../db/sql.ts';
import { RpcError } from '../../http/errors.ts';
import { sendCsv, type Cell } from '../../http/csv.ts';
import { sendRpcError } from '../../rpc/routes.ts';
import { actorOf } from '../../kernel/actor.ts';
import { anonymitySql } from '../../kernel/people.ts';
import { recordAudit } from '../../kernel/audit.ts';
import { exportCaller } from '../../kernel/export-caller.ts';

/** Rows read per statement: the most an export holds in memory at once. */
export const EXPORT_PAGE_SIZE = 1000;

interface ExportDefinition {
  /** Column headings, in order; every row gives one cell per heading. */
  columns: readonly string[];
  /** One page of rows after the cursor (null: from the start), each with the cursor of its own position. */
  page(db: Queryable, cursor: string | null): Promise<{ cells: Cell[]; cursor: string }[]>;
}

const yesNo = (flag: string): string => `case when ${flag} then 'yes' else 'no' end`;

/**
 * A person as an export names them. Someone who chose to stay anonymous appears by their anonymous
 * id only: their name, e-mail and mobile columns stay empty. The choice is read by anonymity_of,
 * the function the app's people_shown view uses (migration 019), so the app and the exports agree.
 */
const ANONYMOUS = `(${anonymitySql('u')} = 'anonymous')`;
const attendeeId = `case when ${ANONYMOUS} then coalesce(u.user_metadata ->> 'anonymous_guid', 'anonymous') else u.id::text end`;
const unlessAnonymous = (column: string): string => `case when ${ANONYMOUS} then '' else ${column} end`;
const anonymityLabel = `case ${anonymitySql('u')} when 'anonymous' then 'anonymous' when 'sharing' then 'sharing' else 'not chosen yet' end`;

/** Attendees in sign-up order; the cursor is (created_at to the microsecond, id). */
function peoplePage(select: string): ExportDefinition['page'] {
  return async (db, cursor) => {
    const [at, id] = cursor ? cursor.split('|') : [null, null];
    const rows = await db.query<{ cells: Cell[]; cursor: string }>(
      `select json_build_array(${select}) as cells,
              to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' || u.id as cursor
         from users u
        where $1::timestamptz is null or (u.created_at, u.id) > ($1::timestamptz, $2::uuid)
        order by u.created_at, u.id
        limit $3`,
      [at ?? null, id ?? null, EXPORT_PAGE_SIZE],
    );
    return rows;
  };
}

const DEFINITIONS: Record<ExportName, ExportDefinition> = {
  attendees: {
    columns: [
      'Attendee ID',
      'Anonymity',
      'First name',
      'Last name',
      'E-mail',
      'Mobile',
      'Registered (UTC)',
      'Pre-conference survey',
      'Post-conference survey',
      'Role profile',
      'Created a mission',
      'Teams',
      'Checked in (UTC)',
      'Door',
    ],
    page: peoplePage(`${attendeeId}, ${anonymityLabel}, ${unlessAnonymous('u.first_name')}, ${unlessAnonymous('u.last_name')},
      ${unlessAnonymous('u.email')}, ${unlessAnonymous('u.mobile')}, ${isoTime('u.created_at')},
      ${yesNo('u.pre_survey_completed')}, ${yesNo('u.post_survey_completed')},
      ${yesNo('exists (select 1 from role_profiles p where p.user_id = u.id)')},
      ${yesNo('exists (select 1 from missions m where m.created_by = u.id)')},
      (select count(*)::int from mission_members mm where mm.user_id = u.id),
      coalesce((select ${isoTime('c.checked_in_at')} from checkins c where c.user_id = u.id), ''),
      coalesce((select c.door from checkins c where c.user_id = u.id), '')`),
  },
  'survey-completion': {
    columns: ['Attendee ID', 'Anonymity', 'E-mail', 'Pre-conference survey', 'Post-conference survey'],
    page: peoplePage(
      `${attendeeId}, ${anonymityLabel}, ${unlessAnonymous('u.email')}, ${yesNo('u.pre_survey_completed')}, ${yesNo('u.post_survey_completed')}`,
    ),
  },
  missions: {
    columns: [
      'Mission ID',
      'Mission',
      'Objective',
      'Team size',
      'Votes',
      'Subscribers',
      'Creator',
      'Creator e-mail',
      'Created (UTC)',
      'Hidden',
      'Hidden reason',
      'Statement',
      'Shared intention',
      'Core message',
      'Problem being solved',
      'First team action',
    ],
    async page(db, cursor) {
      const [at, id] = cursor ? cursor.split('|') : [null, null];
      return db.query<{ cells: Cell[]; cursor: string }>(
        `select json_build_array(m.mission_id, m.name, m.objective_or_focus,
                  (select count(*)::int from mission_members mm where mm.mission_id = m.mission_id),
                  m.vote_count, m.subscription_count,
                  case when ${ANONYMOUS} then ${attendeeId} else btrim(concat_ws(' ', u.first_name, u.last_name)) end,
                  ${unlessAnonymous('u.email')}, ${isoTime('m.created_at')},
                  ${yesNo('m.hidden_at is not null')}, coalesce(m.hidden_reason, ''),
                  m.statement, m.shared_intention, m.core_message, m.problem_being_solved, m.first_team_action) as cells,
                to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' || m.mission_id as cursor
           from missions m left join users u on u.id = m.created_by
          where $1::timestamptz is null or (m.created_at, m.mission_id) > ($1::timestamptz, $2::uuid)
          order by m.created_at, m.mission_id
          limit $3`,
        [at ?? null, id ?? null, EXPORT_PAGE_SIZE],
      );
    },
  },
};

/** Every row of one export, a page at a time: the next page is read only when the last one is written. */
async function* exportRows(db: Queryable, definition: ExportDefinition): AsyncGenerator<Cell[]> {
  let cursor: string | null = null;
  for (;;) {
    const rows = await definition.page(db, cursor);
    for (const row of rows) yield row.cells;
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_PAGE_SIZE) return;
    cursor = last.cursor;
  }
}

function exportName(file: string): ExportName | null {
  for (const [name, meta] of Object.entries(EXPORTS)) {
    if (meta.file === file) return name as ExportName;
  }
  return null;
}

/**
 * GET /exports/v1/{attendees|missions|survey-completion}.csv with an organiser's access token.
 * The file streams as it is read, so an export of any size holds one page of rows in memory.
 */
export function registerExportRoutes(app: FastifyInstance, db: Db, keys: SigningKeys, config: Config): void {
  app.get<{ Params: { file: string } }>('/exports/v1/:file', { helmet: false }, async (request, reply) => {
    const ctx = await exportCaller(request, reply, db, keys, config);
    if (!ctx) return reply;
    const name = exportName(request.params.file);
    if (!name) return sendRpcError(new RpcError(404, 'PGRST202', MODERATION_MESSAGES.unknownExport), request, reply);
    const definition = DEFINITIONS[name];

    await recordAudit(db, { actor: actorOf(ctx), kind: MODERATION_AUDIT_KINDS.exportDownloaded, subject: EXPORTS[name].file });
    const day = new Date().toISOString().slice(0, 10);
    return sendCsv(request, reply, `${name}-${day}.csv`, definition.columns, exportRows(db, definition));
  });
}
