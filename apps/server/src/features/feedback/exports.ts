import type { FastifyInstance } from 'fastify';
import { FEEDBACK_AUDIT_KINDS, FEEDBACK_EXPORT_PATH } from '@mc/contract';
import type { SigningKeys } from '../../auth/keys.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { sendCsv, type Cell } from '../../http/csv.ts';
import { isoTime } from '../../db/sql.ts';
import { actorOf } from '../../kernel/actor.ts';
import { recordAudit } from '../../kernel/audit.ts';
import { exportCaller } from '../../kernel/export-caller.ts';
import { publishedParts } from './parts.ts';

const HEADER = ['Part', 'Title', 'Rating', 'Comment', 'Given at'];

/**
 * GET /exports/v1/feedback.csv with an organiser's access token: every rating with its part, its
 * comment and when it was given, never who gave it; audited.
 */
export function registerFeedbackExportRoutes(app: FastifyInstance, db: Db, keys: SigningKeys, config: Config): void {
  app.get(FEEDBACK_EXPORT_PATH, { helmet: false }, async (request, reply) => {
    const ctx = await exportCaller(request, reply, db, keys, config);
    if (!ctx) return reply;
    const titles = new Map((await publishedParts(db)).map((part) => [part.partId, part.title]));
    const rows = await db.query<{ part_id: string; rating: number; comment: string; given_at: string }>(
      `select part_id, rating, comment, ${isoTime('given_at')} as given_at from part_feedback order by part_id, given_at, rating, comment`,
    );
    await recordAudit(db, { actor: actorOf(ctx), kind: FEEDBACK_AUDIT_KINDS.exported, subject: 'feedback.csv' });
    return sendCsv(
      request,
      reply,
      'feedback.csv',
      HEADER,
      toAsync(rows.map((row): Cell[] => [row.part_id, titles.get(row.part_id) ?? '', row.rating, row.comment, row.given_at])),
    );
  });
}

async function* toAsync(rows: Cell[][]): AsyncGenerator<Cell[]> {
  for (const row of rows) yield row;
}
