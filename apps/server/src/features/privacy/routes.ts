import type { FastifyInstance } from 'fastify';
import { PRIVACY_AUDIT_KINDS, PRIVACY_MESSAGES, PRIVACY_PAGE_PATH } from '@mc/contract';
import type { SigningKeys } from '../../auth/keys.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { RpcError } from '../../http/errors.ts';
import { languageOf } from '../../i18n/language.ts';
import type { CallContext } from '../../rpc/procedure.ts';
import { callContextOf, sendRpcError } from '../../rpc/routes.ts';
import { recordAudit } from '../../kernel/audit.ts';
import { publicPrivacyPage } from './privacy-page.ts';
import { ownActor } from './procedures.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /account/v1/exports/{id} with the person's access token: their prepared "Download my data"
 * zip, while it has not expired. Someone else's id, an expired one and a made-up one all answer
 * the same 404, so the address reveals nothing about other people's downloads.
 */
export function registerPrivacyRoutes(app: FastifyInstance, db: Db, keys: SigningKeys, config: Config): void {
  // The public privacy page's text, for anyone: read again on every visit, as organisers may change
  // it; the template is in the request's language, so a cache keeps one copy per language.
  app.get(PRIVACY_PAGE_PATH, async (request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-language')
      .send(await publicPrivacyPage(db, config, languageOf(request.headers['accept-language']))),
  );

  app.get<{ Params: { id: string } }>('/account/v1/exports/:id', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const refuse = (error: RpcError) => sendRpcError(error, request, reply);
    let ctx: CallContext;
    try {
      ctx = await callContextOf(request, db, keys, config);
    } catch (error) {
      if (!(error instanceof RpcError)) throw error;
      return refuse(error.status === 401 ? new RpcError(401, error.code, PRIVACY_MESSAGES.signedOutDownload) : error);
    }
    const id = request.params.id;
    const [found] = UUID.test(id)
      ? await db.query<{ archive: Uint8Array }>('select archive from data_exports where id = $1 and user_id = $2 and expires_at > now()', [id, ctx.userId])
      : [];
    if (!found) return refuse(new RpcError(404, 'PGRST116', PRIVACY_MESSAGES.exportNotFound));
    await recordAudit(db, { actor: ownActor(ctx), kind: PRIVACY_AUDIT_KINDS.dataExportDownloaded, subject: ownActor(ctx).label });
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="my-data-${day}.zip"`)
      .send(Buffer.from(found.archive));
  });
}
