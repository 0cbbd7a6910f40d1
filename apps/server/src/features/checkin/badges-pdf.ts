import type { FastifyInstance } from 'fastify';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { BADGE_LAYOUTS, BADGES_PER_SHEET, CHECKIN_AUDIT_KINDS, CHECKIN_MESSAGES, isIsoDate, type BadgeLayout } from '@mc/contract';
import type { SigningKeys } from '../../auth/keys.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { RpcError } from '../../http/errors.ts';
import { actorOf } from '../../kernel/actor.ts';
import { recordAudit } from '../../kernel/audit.ts';
import { exportCaller } from '../../kernel/export-caller.ts';
import { sendRpcError } from '../../rpc/routes.ts';
import { badgeCards, ensureBadges, type BadgeCard } from './badges.ts';
import { signBadgeCode } from './codes.ts';

/*
 * Badges as a PDF for the organisers to print (docs/product.md#badges-to-print): A4 sheets of
 * eight (two columns of four, to cut), or one badge per A4 page. Each badge has the name, the role
 * title, the mission and the QR code of the person's current badge code, as other attendees may
 * see them: someone anonymous is "Anonymous attendee" with the code only. pdf-lib writes the
 * document (docs/decisions/052-badge-codes-and-badge-pdfs.md); the QR is drawn from qrcode's PNG.
 */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 28;

interface Fonts {
  bold: PDFFont;
  regular: PDFFont;
}

/** The widest start of `text` that fits `width` at `size`, with an ellipsis when cut. */
function fitted(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 0 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** What the standard PDF fonts can print (WinAnsi): other letters become "?" rather than failing the whole file. */
function printable(text: string): string {
  return text.normalize('NFC').replace(/[^\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2026]/g, '?');
}

async function qrImage(doc: PDFDocument, code: string): Promise<PDFImage> {
  const png = await QRCode.toBuffer(code, { errorCorrectionLevel: 'M', margin: 4, scale: 4, type: 'png' });
  return doc.embedPng(png);
}

function drawBadge(page: PDFPage, fonts: Fonts, card: BadgeCard, qr: PDFImage, box: { x: number; y: number; width: number; height: number }): void {
  page.drawRectangle({ x: box.x, y: box.y, width: box.width, height: box.height, borderColor: rgb(0.6, 0.6, 0.6), borderWidth: 0.5 });
  const pad = box.width * 0.06;
  const textWidth = box.width - 2 * pad;
  const nameSize = Math.min(26, box.width / 9);
  const detailSize = nameSize * 0.55;
  let y = box.y + box.height - pad - nameSize;
  const name = printable(`${card.first_name} ${card.last_name}`.trim());
  page.drawText(fitted(name, fonts.bold, nameSize, textWidth), { x: box.x + pad, y, size: nameSize, font: fonts.bold });
  for (const line of [card.role_title, card.mission_title]) {
    if (!line) continue;
    y -= detailSize * 1.5;
    page.drawText(fitted(printable(line), fonts.regular, detailSize, textWidth), { x: box.x + pad, y, size: detailSize, font: fonts.regular });
  }
  const side = Math.min(y - box.y - pad * 1.5, textWidth);
  page.drawImage(qr, { x: box.x + (box.width - side) / 2, y: box.y + pad, width: side, height: side });
}

/** The PDF of these badges, in `layout`. */
export async function badgesPdf(cards: readonly BadgeCard[], layout: BadgeLayout, keys: SigningKeys, eventId: string, title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setCreator(title);
  doc.setProducer('Mission Control');
  const fonts: Fonts = { bold: await doc.embedFont(StandardFonts.HelveticaBold), regular: await doc.embedFont(StandardFonts.Helvetica) };
  const [pageWidth, pageHeight] = A4;
  const perPage = layout === 'sheet' ? BADGES_PER_SHEET : 1;
  let page: PDFPage | null = null;
  for (const [index, card] of cards.entries()) {
    const slot = index % perPage;
    if (slot === 0) page = doc.addPage(A4);
    if (!page) continue;
    const qr = await qrImage(doc, await signBadgeCode(keys, { b: card.badge_id, e: eventId, v: card.version }));
    if (layout === 'single') {
      drawBadge(page, fonts, card, qr, { x: MARGIN * 2, y: pageHeight / 2 - MARGIN, width: pageWidth - MARGIN * 4, height: pageHeight / 2 });
    } else {
      const width = (pageWidth - 2 * MARGIN) / 2;
      const height = (pageHeight - 2 * MARGIN) / 4;
      const column = slot % 2;
      const row = Math.floor(slot / 2);
      drawBadge(page, fonts, card, qr, { x: MARGIN + column * width, y: pageHeight - MARGIN - (row + 1) * height, width, height });
    }
  }
  // An empty selection still answers a document (one empty page) rather than a broken file.
  if (cards.length === 0) doc.addPage(A4);
  return doc.save();
}

/**
 * GET /exports/v1/badges.pdf?layout=sheet|single[&since=YYYY-MM-DD] with an organiser's access
 * token: everyone's badges, or those of the people who registered on or after that day (in the
 * venue's time zone). Badges are made for whoever has none yet; the download is audited.
 */
export function registerBadgeRoutes(app: FastifyInstance, db: Db, keys: SigningKeys, config: Config): void {
  app.get<{ Querystring: Record<string, unknown> }>('/exports/v1/badges.pdf', { helmet: false }, async (request, reply) => {
    const ctx = await exportCaller(request, reply, db, keys, config);
    if (!ctx) return reply;
    const { layout = 'sheet', since = null } = request.query;
    if (
      typeof layout !== 'string' ||
      !(BADGE_LAYOUTS as readonly string[]).includes(layout) ||
      (since !== null && (typeof since !== 'string' || !isIsoDate(since)))
    ) {
      return sendRpcError(new RpcError(400, 'PGRST100', CHECKIN_MESSAGES.badgesBadQuery), request, reply);
    }
    const where = since === null ? 'true' : `u.created_at >= ($1::date)::timestamp at time zone $2`;
    const params = since === null ? [] : [since, config.CONFERENCE_TIME_ZONE];
    const people = await db.query<{ id: string }>(`select u.id::text as id from users u where ${where}`, params);
    await ensureBadges(
      db,
      people.map((person) => person.id),
    );
    const cards = await badgeCards(db, where, params);
    const pdf = await badgesPdf(cards, layout as BadgeLayout, keys, config.EVENT_ID, `${config.PROGRAMME_NAME} badges`);
    await recordAudit(db, { actor: actorOf(ctx), kind: CHECKIN_AUDIT_KINDS.badgesDownloaded, subject: `${cards.length} badges`, after: { layout, since } });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="badges-${layout}${since ? `-since-${since}` : ''}.pdf"`)
      .send(Buffer.from(pdf));
  });
}
