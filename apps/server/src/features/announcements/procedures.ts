import {
  ANNOUNCEMENT_LIMITS,
  ANNOUNCEMENT_MESSAGES,
  AUDIT_KINDS,
  AUDIENCE_LABELS,
  parseMoment,
  type AnnouncementBanner,
  type AnnouncementSummary,
} from '@mc/contract';
import type { Queryable } from '../../db/db.ts';
import { transaction } from '../../kernel/effects.ts';
import { businessError } from '../../http/errors.ts';
import { procedure, type CallContext } from '../../rpc/procedure.ts';
import { eventYear, partsOf, readProgramme } from '../../kernel/programme.ts';
import { organiserProcedure } from '../../kernel/access.ts';
import { recordAudit } from '../../kernel/audit.ts';
import { actorOf } from '../../kernel/actor.ts';
import { isAudience } from './audience.ts';
import { countRecipients, deliverAnnouncement, listRecipients } from './delivery.ts';

const SUMMARY_COLUMNS = 'id, title, audience, part_id, urgent, send_at, sent_at, recipients';

interface SummaryRow extends Omit<AnnouncementSummary, 'send_at' | 'sent_at'> {
  send_at: string | Date;
  sent_at: string | Date | null;
}

const summaryOf = (row: SummaryRow): AnnouncementSummary => ({
  ...row,
  send_at: new Date(row.send_at).toISOString(),
  sent_at: row.sent_at ? new Date(row.sent_at).toISOString() : null,
});

/** The group, and the part for "people who starred a part" (one of the published programme's). */
async function checkedAudience(ctx: CallContext, audience: string, partId: string | null) {
  if (!isAudience(audience)) throw businessError(ANNOUNCEMENT_MESSAGES.unknownGroup);
  if (audience !== 'starred_part') return { audience, partId: null };
  const known = partsOf(await readProgramme(ctx.db, ctx.config)).some((entry) => entry.part.id === partId);
  if (!partId || !known) throw businessError(ANNOUNCEMENT_MESSAGES.unknownPart);
  return { audience, partId };
}

function checkedText(params: { p_title: string; p_body: string; p_link: string | null }) {
  const title = params.p_title.trim();
  const body = params.p_body.trim();
  const link = params.p_link?.trim() || null;
  if (!title) throw businessError(ANNOUNCEMENT_MESSAGES.titleEmpty);
  if (title.length > ANNOUNCEMENT_LIMITS.title) throw businessError(ANNOUNCEMENT_MESSAGES.titleTooLong);
  if (!body) throw businessError(ANNOUNCEMENT_MESSAGES.bodyEmpty);
  if (body.length > ANNOUNCEMENT_LIMITS.body) throw businessError(ANNOUNCEMENT_MESSAGES.bodyTooLong);
  if (link !== null && !/^\/(?!\/)[A-Za-z0-9/_?=&.-]*$/.test(link)) throw businessError(ANNOUNCEMENT_MESSAGES.badLink);
  return { title, body, link };
}

/** The moment to send it: now (null), or a later one; a past or unreadable one is refused. */
function checkedSendAt(value: string | null, now: Date, year: number): Date | null {
  if (value === null || value.trim() === '') return null;
  // The one reading of a moment a person sends (docs/product.md#dates-times-and-counts).
  const at = parseMoment(value, year);
  if (!at) throw businessError(ANNOUNCEMENT_MESSAGES.badTime);
  if (at.getTime() < now.getTime() - 60_000) throw businessError(ANNOUNCEMENT_MESSAGES.pastTime);
  return at;
}

/** At most ANNOUNCEMENT_LIMITS.urgentPerDay urgent announcements written in any 24 hours. */
async function refuseOverUrgentLimit(tx: Queryable): Promise<void> {
  // One writer at a time decides, so two organisers at once cannot both take the last place.
  await tx.query('lock table announcements in share row exclusive mode');
  const [row] = await tx.query<{ n: number }>("select count(*)::int as n from announcements where urgent and created_at > now() - interval '1 day'");
  if (Number(row?.n ?? 0) >= ANNOUNCEMENT_LIMITS.urgentPerDay) throw businessError(ANNOUNCEMENT_MESSAGES.urgentLimit);
}

export const announcementProcedures = {
  count_announcement_recipients: organiserProcedure('count_announcement_recipients', async (params, ctx) => {
    const { audience, partId } = await checkedAudience(ctx, params.p_audience, params.p_part_id);
    return { recipients: await countRecipients(ctx.db, audience, partId) };
  }),

  /** docs/product.md#list_announcement_recipients: who is in the group now, as the console shows people. */
  list_announcement_recipients: organiserProcedure('list_announcement_recipients', { emails: 'others' }, async (params, ctx) => {
    const { audience, partId } = await checkedAudience(ctx, params.p_audience, params.p_part_id);
    return listRecipients(ctx.db, audience, partId);
  }),

  create_announcement: organiserProcedure('create_announcement', async (params, ctx) => {
    const text = checkedText(params);
    const { audience, partId } = await checkedAudience(ctx, params.p_audience, params.p_part_id);
    const sendAt = checkedSendAt(params.p_send_at, new Date(), await eventYear(ctx.db));
    const created = await transaction(ctx.db, async (tx) => {
      if (params.p_urgent) await refuseOverUrgentLimit(tx);
      const actor = actorOf(ctx);
      const [created] = await tx.query<{ id: string }>(
        `insert into announcements (title, body, link, audience, part_id, urgent, send_at, created_by, created_by_label)
         values ($1, $2, $3, $4, $5, $6, coalesce($7, now()), $8, $9) returning id`,
        [text.title, text.body, text.link, audience, partId, params.p_urgent, sendAt, actor.userId, actor.label],
      );
      const id = created?.id ?? '';
      if (sendAt === null) await deliverAnnouncement(tx, id);
      const [row] = await tx.query<SummaryRow>(`select ${SUMMARY_COLUMNS} from announcements where id = $1`, [id]);
      const summary = summaryOf(row as SummaryRow);
      await recordAudit(tx, {
        actor,
        kind: AUDIT_KINDS.announcementCreated,
        subject: text.title,
        before: null,
        after: {
          audience: AUDIENCE_LABELS[audience],
          part: partId,
          urgent: params.p_urgent,
          send_at: summary.send_at,
          recipients: summary.recipients,
          text: text.body,
        },
      });
      return summary;
    });
    return created;
  }),

  list_announcements: organiserProcedure('list_announcements', async (_params, ctx) => {
    const rows = await ctx.db.query<SummaryRow>(`select ${SUMMARY_COLUMNS} from announcements order by send_at desc limit 100`);
    return rows.map(summaryOf);
  }),

  /** The caller's announcements they have not dismissed, newest first: the dashboard's banners. */
  get_my_announcements: procedure('get_my_announcements', async (_params, ctx) => {
    const rows = await ctx.db.query<Omit<AnnouncementBanner, 'sent_at'> & { sent_at: string | Date }>(
      `select a.id, a.title, a.body, a.link, a.urgent, a.sent_at
         from notifications n join announcements a on a.id = n.announcement_id
        where n.user_id = $1 and n.dismissed_at is null
        order by a.sent_at desc, a.id limit 5`,
      [ctx.userId],
    );
    return rows.map((row) => ({ ...row, sent_at: new Date(row.sent_at).toISOString() }));
  }),

  /** Dismissing the banner also marks the bell's notification read. */
  dismiss_announcement: procedure('dismiss_announcement', async (params, ctx) => {
    const rows = await ctx.db.query<{ id: string }>(
      `update notifications set dismissed_at = now(), read_at = coalesce(read_at, now())
        where user_id = $1 and announcement_id = $2 returning id::text`,
      [ctx.userId, params.p_announcement_id],
    );
    if (rows.length === 0) throw businessError(ANNOUNCEMENT_MESSAGES.notFound);
    return { dismissed: true };
  }),
};
