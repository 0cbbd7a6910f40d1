import { LANGUAGE_AUDIT_KINDS, LANGUAGE_CODES, LANGUAGE_MESSAGES, type LanguageCode, type OfferedLanguages } from '@mc/contract';
import type { Queryable } from '../../db/db.ts';
import { businessError } from '../../http/errors.ts';
import { procedure } from '../../rpc/procedure.ts';
import { organiserProcedure } from '../../kernel/access.ts';
import { recordAudit } from '../../kernel/audit.ts';
import { actorOf } from '../../kernel/actor.ts';

/** The languages the event offers (docs/product.md#languages), English first. */
export async function offeredLanguages(db: Queryable): Promise<LanguageCode[]> {
  const off = new Set((await db.query<{ code: string }>('select code from switched_off_languages')).map((row) => row.code));
  return LANGUAGE_CODES.filter((code) => !off.has(code));
}

async function answer(db: Queryable): Promise<OfferedLanguages> {
  return { offered: await offeredLanguages(db) };
}

export const languageProcedures = {
  get_offered_languages: procedure('get_offered_languages', async (_params, ctx) => answer(ctx.db)),

  /** Switches a language off or on again, audited; asking for what already is changes nothing. */
  set_language_offered: organiserProcedure('set_language_offered', async (params, ctx) => {
    if (params.p_language === 'en') throw businessError(LANGUAGE_MESSAGES.englishAlwaysOffered);
    await ctx.db.transaction(async (tx) => {
      const changed = params.p_offered
        ? await tx.query('delete from switched_off_languages where code = $1 returning code', [params.p_language])
        : await tx.query('insert into switched_off_languages (code) values ($1) on conflict do nothing returning code', [params.p_language]);
      if (changed.length === 0) return;
      await recordAudit(tx, {
        actor: actorOf(ctx),
        kind: params.p_offered ? LANGUAGE_AUDIT_KINDS.offered : LANGUAGE_AUDIT_KINDS.switchedOff,
        subject: `Language ${params.p_language}`,
        before: { offered: !params.p_offered },
        after: { offered: params.p_offered },
      });
    });
    return answer(ctx.db);
  }),
};
