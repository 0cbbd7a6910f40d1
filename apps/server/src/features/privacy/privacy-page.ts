import {
  DATA_EXPORT_HOURS,
  LANGUAGE_CODES,
  PRIVACY_AUDIT_KINDS,
  type LanguageCode,
  type PrivacyPage,
  type PrivacyPageSource,
  type PrivacyPlaceholder,
} from '@mc/contract';
import { MAIL_RECORD_DAYS } from '../../auth/pruning.ts';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/db.ts';
import type { ServerLanguage } from '../../i18n/language.ts';
import { wordingIn } from '../../i18n/translate.ts';
import { isoTime } from '../../db/sql.ts';
import { organiserProcedure } from '../../kernel/access.ts';
import { recordAudit } from '../../kernel/audit.ts';
import { actorOf } from '../../kernel/actor.ts';

/*
 * The public privacy page (docs/product.md#privacy-page). Organisers may rewrite it in the console;
 * until they do, the template below is shown, in the reader's language (its translations are in
 * the server's catalogues, i18n/). Either text may name the product's settings as
 * {placeholders}, filled in each time the page is read, so the retention periods it states are
 * always the ones this server applies.
 */

/**
 * Every placeholder with its value on this server and what it means (the console lists them, in
 * the organiser's language).
 */
export function privacyPlaceholders(config: Config, language: ServerLanguage = 'en'): PrivacyPlaceholder[] {
  const { say } = wordingIn(language);
  return [
    { name: 'event', value: config.PROGRAMME_NAME, meaning: say('the event’s name') },
    { name: 'product', value: config.PRODUCT_NAME, meaning: say('the app’s name') },
    { name: 'contact', value: config.PRIVACY_CONTACT, meaning: say('whom to write to (PRIVACY_CONTACT)') },
    { name: 'session_idle_days', value: String(config.SESSION_IDLE_DAYS), meaning: say('days an unused session stays signed in') },
    { name: 'notification_days', value: String(config.NOTIFICATION_RETENTION_DAYS), meaning: say('days notifications are kept') },
    { name: 'mail_record_days', value: String(MAIL_RECORD_DAYS), meaning: say('days the record of sent e-mails is kept') },
    { name: 'download_hours', value: String(DATA_EXPORT_HOURS), meaning: say('hours a “Download my data” file is kept') },
    { name: 'backup_days', value: String(config.BACKUP_RETENTION_DAYS), meaning: say('days backups keep data (BACKUP_RETENTION_DAYS)') },
  ];
}

/** The page until organisers write their own: plain text, "## " starts a heading, "- " a list item. */
export const PRIVACY_TEMPLATE = `## Who runs this app
{product} is run by the organisers of {event}. They decide what it collects and why, and they answer your questions about it.

## What is collected and why
- Your name, e-mail address and mobile number: to give you an account, to put you in teams and to reach you about the event.
- A one-way hash of your date of birth: it is how you sign in. The date itself is not kept.
- Your role profile, missions, teams, votes, subscriptions and agenda favourites: they are what you do in the app.
- Whether you chose to stay anonymous. If you did, other attendees see you only as “Anonymous attendee”, never your name or e-mail; the organisers still see who you are.
- Your signed-in sessions (which browser, and when it was last used) and the notifications you receive.
- Survey answers are collected by a separate survey service, not by this app.

## How long it is kept
- Your account and what you made with it: until you delete your account, or the organisers delete it at your request.
- A signed-in session: until you sign out, or {session_idle_days} days after it was last used.
- Notifications: {notification_days} days.
- The record of e-mails sent to you: {mail_record_days} days.
- A “Download my data” file: {download_hours} hours.
- Backups of the database: {backup_days} days. A deleted account is gone from the app at once and from the backups when the last backup taken before the deletion is removed.
- The organisers’ audit log keeps what was done, but names a deleted person only as “deleted account”.

## Your rights
Under South Africa’s Protection of Personal Information Act (POPIA), and the GDPR for visitors from Europe, you may see, correct and delete what is held about you, and object to how it is used. On your account page you can correct your details, see what other attendees see of you, download everything held about you and delete your account yourself. The organisers can also do it for you. You may complain to the Information Regulator of South Africa.

## Contact
Questions or requests about your data: {contact}.`;

/** A line of the template: its mark ("## " for a heading, "- " for a list item, "" for a paragraph or a blank line) and its words. */
function templateLines(): { mark: string; words: string }[] {
  return PRIVACY_TEMPLATE.split('\n').map((line) => {
    const mark = /^(## |- )/.exec(line)?.[0] ?? '';
    return { mark, words: line.slice(mark.length) };
  });
}

/** The template's words, each heading, list item and paragraph a catalogue entry of its own (catalogues.unit.test.ts). */
export function privacyTemplateTexts(): string[] {
  return templateLines()
    .map((line) => line.words)
    .filter(Boolean);
}

/**
 * The template in `language` with its placeholders filled in: each heading, list item and
 * paragraph translated by its entry, its mark kept, so the page has the same shape in every
 * language. English is the template as written.
 */
function templateIn(language: ServerLanguage, placeholders: readonly PrivacyPlaceholder[]): string {
  if (language === 'en') return fillPlaceholders(PRIVACY_TEMPLATE, placeholders);
  const { say } = wordingIn(language);
  const values = Object.fromEntries(placeholders.map((placeholder) => [placeholder.name, placeholder.value]));
  return templateLines()
    .map(({ mark, words }) => (words ? mark + say(words, values) : mark))
    .join('\n');
}

/** The text with each {name} replaced by its value; unknown braces stay as written. */
export function fillPlaceholders(body: string, placeholders: readonly PrivacyPlaceholder[]): string {
  const values = new Map(placeholders.map((placeholder) => [placeholder.name, placeholder.value]));
  return body.replace(/\{([a-z_]+)\}/g, (whole, name: string) => values.get(name) ?? whole);
}

async function storedPage(db: Queryable): Promise<{ body: string; updated_at: string } | null> {
  const [row] = await db.query<{ body: string; updated_at: string }>(`select body, ${isoTime('updated_at')} as updated_at from privacy_page`);
  return row ?? null;
}

/**
 * The page as organisers edit it: their text, or the English template (what they save is shown
 * to everyone as written), the template in each language, and what each placeholder means in the
 * organiser's language.
 */
async function pageSource(db: Queryable, config: Config, language: ServerLanguage): Promise<PrivacyPageSource> {
  const stored = await storedPage(db);
  // Each language's template with its placeholders as written, for organisers to read and start from.
  const unfilled = privacyPlaceholders(config, language).map((placeholder) => ({ ...placeholder, value: `{${placeholder.name}}` }));
  return {
    body: stored?.body ?? PRIVACY_TEMPLATE,
    is_default: stored === null,
    templates: Object.fromEntries(LANGUAGE_CODES.map((code) => [code, templateIn(code, unfilled)])) as Record<LanguageCode, string>,
    updated_at: stored?.updated_at ?? null,
    placeholders: privacyPlaceholders(config, language),
  };
}

/**
 * What GET /account/v1/privacy answers anyone, signed in or not: the organisers' text as they
 * wrote it, or the template in the request's language.
 */
export async function publicPrivacyPage(db: Queryable, config: Config, language: ServerLanguage): Promise<PrivacyPage> {
  const stored = await storedPage(db);
  const placeholders = privacyPlaceholders(config);
  if (stored) return { body: fillPlaceholders(stored.body, placeholders), updated_at: stored.updated_at };
  return { body: templateIn(language, placeholders), updated_at: null };
}

export const privacyPageProcedures = {
  get_privacy_page_source: organiserProcedure('get_privacy_page_source', async (_params, ctx) => pageSource(ctx.db, ctx.config, ctx.language)),

  /** Saves the organisers' text (blank or null: the template again), audited with both lengths. */
  save_privacy_page: organiserProcedure('save_privacy_page', async (params, ctx) => {
    const body = params.p_body?.trim() ?? '';
    await ctx.db.transaction(async (tx) => {
      const before = await storedPage(tx);
      if (body === '') await tx.query('delete from privacy_page');
      else {
        await tx.query(
          `insert into privacy_page (id, body, updated_at) values (true, $1, now())
           on conflict (id) do update set body = excluded.body, updated_at = now()`,
          [body],
        );
      }
      await recordAudit(tx, {
        actor: actorOf(ctx),
        kind: PRIVACY_AUDIT_KINDS.privacyPageSaved,
        subject: 'Privacy page',
        before: { template: before === null, characters: before?.body.length ?? PRIVACY_TEMPLATE.length },
        after: { template: body === '', characters: body === '' ? PRIVACY_TEMPLATE.length : body.length },
      });
    });
    return pageSource(ctx.db, ctx.config, ctx.language);
  }),
};
