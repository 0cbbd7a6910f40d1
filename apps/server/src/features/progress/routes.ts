import type { FastifyInstance } from 'fastify';
import { PROGRESS_LIMITS, PROGRESS_MESSAGES, updatePhotoPath, type UploadedPhoto } from '@mc/contract';
import { callContextOf, sendRpcError } from '../../rpc/routes.ts';
import { businessError } from '../../http/errors.ts';
import type { RouteDeps } from '../../kernel/manifest.ts';
import { reencodePhoto } from './photos.ts';
import { renderPublicPage, PUBLIC_PAGE_NOT_FOUND, readPublicMission } from './public-page.ts';

const PHOTO_FILE = /^([0-9a-f-]{36})\.jpg$/;

/**
 * The photo upload and the photos (under /content/v1), and the missions' public pages (/m/{slug}).
 * A photo is served while its update and its mission are not hidden; its address is its own
 * random id, and a deleted update takes it along.
 */
export function registerProgressRoutes(app: FastifyInstance, { db, keys, config }: RouteDeps): void {
  app.register(
    async (content) => {
      content.setErrorHandler((error, request, reply) => sendRpcError(error, request, reply));
      // Whatever the browser calls the file: what it is, sharp decides (a non-image is refused with a message).
      content.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PROGRESS_LIMITS.photoBytes * 3 }, (_request, body, done) => {
        done(null, body);
      });

      // A signed-in person uploads a photo as the request body; it is re-encoded without metadata,
      // kept unattached until an update of theirs takes it (post_mission_update), and its id answered.
      content.post('/update-photos', { bodyLimit: PROGRESS_LIMITS.photoBytes * 3, config: { largeBody: true } }, async (request, reply) => {
        const ctx = await callContextOf(request, db, keys, config);
        const body = request.body;
        if (!Buffer.isBuffer(body)) throw businessError(PROGRESS_MESSAGES.photoNotImage);
        const photo = await reencodePhoto(body);
        // Photos uploaded but never posted within a day are dropped as the same person uploads another.
        await db.query(`delete from update_photos where uploaded_by = $1 and update_id is null and created_at < now() - interval '1 day'`, [ctx.userId]);
        const [row] = await db.query<{ photo_id: string }>(
          `insert into update_photos (uploaded_by, content_type, bytes, width, height) values ($1, 'image/jpeg', $2, $3, $4) returning photo_id`,
          [ctx.userId, photo.bytes, photo.width, photo.height],
        );
        if (!row) throw new Error('the photo was not stored');
        const answer: UploadedPhoto = { photo_id: row.photo_id, url: updatePhotoPath(row.photo_id), width: photo.width, height: photo.height };
        return reply.code(201).header('cache-control', 'no-store').send(answer);
      });

      content.get<{ Params: { file: string } }>('/update-photos/:file', async (request, reply) => {
        const match = PHOTO_FILE.exec(request.params.file);
        const rows = match
          ? await db.query<{ bytes: Uint8Array }>(
              `select photo.bytes from update_photos photo
                 join mission_updates u on u.update_id = photo.update_id
                 join missions m on m.mission_id = u.mission_id
                where photo.photo_id = $1 and u.hidden_at is null and m.hidden_at is null`,
              [match[1]],
            )
          : [];
        const photo = rows[0];
        if (!photo) return reply.code(404).header('cache-control', 'no-store').send({ code: 'not_found', message: 'There is no such photo' });
        // Short-lived: hiding or deleting the update takes the photo away within a minute everywhere.
        return reply.header('cache-control', 'public, max-age=60').type('image/jpeg').send(Buffer.from(photo.bytes));
      });
    },
    { prefix: '/content/v1' },
  );

  // The public page: a small document of its own (no app bundle), readable signed out, with the
  // Open Graph tags a shared link's preview reads. Unpublished, hidden or unknown: 404 at once.
  app.get<{ Params: { slug: string } }>('/m/:slug', async (request, reply) => {
    const mission = await readPublicMission(db, request.params.slug);
    reply.header('cache-control', 'no-cache').header('x-robots-tag', 'noarchive');
    if (!mission) return reply.code(404).type('text/html; charset=utf-8').send(PUBLIC_PAGE_NOT_FOUND);
    return reply.type('text/html; charset=utf-8').send(renderPublicPage(mission, config.publicUrl, request.headers['accept-language']));
  });
}
