import type { FastifyInstance } from 'fastify';
import { PHOTO_TYPES, PROGRAMME_LIMITS, PROGRAMME_MESSAGES, type PhotoType } from '@mc/contract';
import type { SigningKeys } from '../../auth/keys.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { businessError } from '../../http/errors.ts';
import { callContextOf, sendRpcError } from '../../rpc/routes.ts';
import { requireOrganiser } from '../../kernel/access.ts';
import { readPublished } from '../../kernel/programme.ts';

export const PHOTO_PATH_PREFIX = '/content/v1/speaker-photos/';

/** What the file's first bytes say it is; the declared type alone proves nothing. */
function sniffImage(bytes: Buffer): PhotoType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/**
 * The programme for every screen that shows it, and the speakers' uploaded photos.
 * GET /content/v1/programme is public content: the last published version (never the organisers'
 * draft), revalidated on every load with its ETag (the version number, the same on every
 * instance), so a publication shows on the next load and an unchanged programme costs a 304.
 */
export function registerProgrammeRoutes(app: FastifyInstance, db: Db, keys: SigningKeys, config: Config): void {
  app.register(
    async (content) => {
      content.setErrorHandler((error, request, reply) => sendRpcError(error, request, reply));
      content.addContentTypeParser(Object.keys(PHOTO_TYPES), { parseAs: 'buffer', bodyLimit: PROGRAMME_LIMITS.photoBytes * 2 }, (_request, body, done) => {
        done(null, body);
      });

      content.get('/programme', async (request, reply) => {
        const { version, programme } = await readPublished(db);
        // Named apart from the draft's old counter, so a copy kept from before versions never matches.
        const etag = `"published-${version}"`;
        reply.header('etag', etag).header('cache-control', 'no-cache');
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        return reply.type('application/json; charset=utf-8').send({ version, programme });
      });

      // An organiser uploads a photo as the request body (Content-Type image/png, jpeg or webp);
      // the answer is the address to put in the speaker's profilePicURL.
      content.post('/speaker-photos', { bodyLimit: PROGRAMME_LIMITS.photoBytes * 2, config: { largeBody: true } }, async (request, reply) => {
        const ctx = await callContextOf(request, db, keys, config);
        await requireOrganiser(ctx);
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw businessError(PROGRAMME_MESSAGES.photoType);
        if (body.length > PROGRAMME_LIMITS.photoBytes) throw businessError(PROGRAMME_MESSAGES.photoSize);
        const type = sniffImage(body);
        if (!type || request.headers['content-type']?.split(';')[0]?.trim() !== type) throw businessError(PROGRAMME_MESSAGES.photoType);
        const [row] = await db.query<{ id: string }>('insert into speaker_photos (content_type, bytes, created_by) values ($1, $2, $3) returning id', [
          type,
          body,
          ctx.userId,
        ]);
        return reply
          .code(201)
          .header('cache-control', 'no-store')
          .send({ url: `${PHOTO_PATH_PREFIX}${row?.id}.${PHOTO_TYPES[type]}` });
      });

      // A photo's address names its row, and a new upload is a new row: cache it for good.
      content.get<{ Params: { file: string } }>('/speaker-photos/:file', async (request, reply) => {
        const match = /^([0-9a-f-]{36})\.(png|jpg|webp)$/.exec(request.params.file);
        const rows = match
          ? await db.query<{ content_type: string; bytes: Uint8Array }>('select content_type, bytes from speaker_photos where id = $1', [match[1]])
          : [];
        const photo = rows[0];
        if (!photo) return reply.code(404).header('cache-control', 'no-store').send({ code: 'not_found', message: 'There is no such photo' });
        return reply
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .type(photo.content_type)
          .send(Buffer.from(photo.bytes));
      });
    },
    { prefix: '/content/v1' },
  );
}
