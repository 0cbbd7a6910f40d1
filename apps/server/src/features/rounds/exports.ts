import type { FastifyInstance } from 'fastify';
import { ROUND_AUDIT_KINDS, ROUND_MESSAGES } from '@mc/contract';
import { z } from '@mc/contract/zod.ts';
import type { SigningKeys } from '../../auth/keys.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { RpcError } from '../../http/errors.ts';
import { sendRpcError } from '../../rpc/routes.ts';
import { sendCsv, type Cell } from '../../http/csv.ts';
import { exportCaller } from '../../kernel/export-caller.ts';
import { recordAudit } from '../../kernel/audit.ts';
import { actorOf } from '../../kernel/actor.ts';
import { findSettings, roundResult } from './queries.ts';

const FILES = {
  result: ['Mission', 'Statement', 'Team size', 'Votes'],
  receipts: ['Mission', 'Receipt'],
} as const;
type RoundFile = keyof typeof FILES;

const roundId = z.uuid();

/**
 * GET /exports/v1/rounds/{round id}/{result|receipts}.csv with an organiser's access token, once
 * the round is revealed (before that its counts are not to leave the console): the count per
 * mission, or the published receipt list (mission and receipt, never the voter).
 */
export function registerRoundExportRoutes(app: FastifyInstance, db: Db, keys: SigningKeys, config: Config): void {
  app.get<{ Params: { roundId: string; file: string } }>('/exports/v1/rounds/:roundId/:file', { helmet: false }, async (request, reply) => {
    const ctx = await exportCaller(request, reply, db, keys, config);
    if (!ctx) return reply;
    const refuse = (error: RpcError) => sendRpcError(error, request, reply);
    const file = request.params.file.replace(/\.csv$/, '');
    if (!Object.hasOwn(FILES, file) || !request.params.file.endsWith('.csv')) {
      return refuse(new RpcError(404, 'PGRST202', 'There is no such export. Choose result.csv or receipts.csv.'));
    }
    const id = roundId.safeParse(request.params.roundId);
    const settings = id.success ? await findSettings(db, id.data) : null;
    if (!settings) return refuse(new RpcError(404, 'P0002', ROUND_MESSAGES.notFound));
    if (settings.state !== 'revealed') return refuse(new RpcError(400, 'P0001', ROUND_MESSAGES.notRevealed));

    const result = await roundResult(db, settings);
    const rows: Cell[][] =
      (file as RoundFile) === 'result'
        ? result.missions.map((m) => [m.name, m.statement, m.team_size, m.vote_count])
        : result.missions.flatMap((m) => m.receipts.map((receipt) => [m.name, receipt]));
    await recordAudit(db, { actor: actorOf(ctx), kind: ROUND_AUDIT_KINDS.exported, subject: settings.name, after: { file: request.params.file } });
    const slug =
      settings.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'round';
    return sendCsv(request, reply, `${slug}-${file}.csv`, FILES[file as RoundFile], toAsync(rows));
  });
}

async function* toAsync(rows: Cell[][]): AsyncGenerator<Cell[]> {
  for (const row of rows) yield row;
}
