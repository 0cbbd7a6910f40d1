// The role card's procedures; who may read a card, and how it reads, is the kernel's (kernel/role-card.ts).
import type { RoleCardSettings } from '@mc/contract';
import type { Queryable } from '../../db/db.ts';
import { anonymitySql } from '../../kernel/people.ts';
import { roleCardSeenBy } from '../../kernel/role-card.ts';
import { procedure } from '../../rpc/procedure.ts';

async function cardSettings(db: Queryable, userId: string): Promise<RoleCardSettings> {
  const [row] = await db.query<RoleCardSettings>(
    `select coalesce(p.card_visibility, 'everyone') as visibility,
            (p.user_id is not null and ${anonymitySql('u')} = 'anonymous' and p.card_visibility_chosen_at is null) as must_choose
       from users u left join role_profiles p on p.user_id = u.id
      where u.id = $1`,
    [userId],
  );
  return row ?? { visibility: 'everyone', must_choose: false };
}

export const cardProcedures = {
  /**
   * A person's role card, or null when they have no role profile or the caller may not read it.
   * E-mail as emailSeenBySql says, mobile only for the person and their teammates; only missions the caller may see.
   */
  get_role_card: procedure('get_role_card', { emails: 'others' }, async (params, ctx) => roleCardSeenBy(ctx.db, params.p_user_id, ctx.userId)),

  get_role_card_settings: procedure('get_role_card_settings', async (_params, ctx) => cardSettings(ctx.db, ctx.userId)),

  /** Saves the choice (and that it was made); a person without a role profile has no card to set. */
  save_role_card_settings: procedure('save_role_card_settings', async (params, ctx) => {
    await ctx.db.query('update role_profiles set card_visibility = $2, card_visibility_chosen_at = now() where user_id = $1', [
      ctx.userId,
      params.p_visibility,
    ]);
    return cardSettings(ctx.db, ctx.userId);
  }),
};
