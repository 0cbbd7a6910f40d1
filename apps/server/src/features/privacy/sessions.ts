import { PRIVACY_MESSAGES, type MySession } from '@mc/contract';
import type { Queryable } from '../../db/db.ts';
import { businessError } from '../../http/errors.ts';
import { procedure, type CallContext } from '../../rpc/procedure.ts';
import { isoTime } from '../../db/sql.ts';

/*
 * The account page's signed-in sessions (docs/product.md#account-page). A session is "signed in"
 * while it is not revoked and was used within SESSION_IDLE_DAYS (the pruning's rule). Ending one
 * revokes it: its refresh token stops working at once, so that browser is signed out at its next
 * refresh, within ACCESS_TOKEN_TTL_SECONDS at most.
 */

async function sessionsOf(db: Queryable, ctx: CallContext): Promise<MySession[]> {
  return db.query<MySession>(
    `select id as session_id, coalesce(device, 'Unknown browser') as device,
            ${isoTime('created_at')} as signed_in_at,
            ${isoTime('coalesce(refreshed_at, created_at)')} as last_used_at,
            id = $2 as current
       from auth_sessions
      where user_id = $1 and revoked_at is null
        and coalesce(refreshed_at, created_at) >= now() - make_interval(days => $3::int)
      order by id = $2 desc, coalesce(refreshed_at, created_at) desc, id`,
    [ctx.userId, ctx.sessionId, ctx.config.SESSION_IDLE_DAYS],
  );
}

export const sessionProcedures = {
  list_my_sessions: procedure('list_my_sessions', async (_params, ctx) => sessionsOf(ctx.db, ctx)),

  /** Another session only: the current one signs out through the menu, which also clears this browser. */
  sign_out_session: procedure('sign_out_session', async (params, ctx) => {
    if (params.p_session_id === ctx.sessionId) throw businessError(PRIVACY_MESSAGES.currentSession);
    const ended = await ctx.db.query('update auth_sessions set revoked_at = now() where id = $1 and user_id = $2 and revoked_at is null returning id', [
      params.p_session_id,
      ctx.userId,
    ]);
    // Someone else's session and one ended already answer alike: the id tells nothing.
    if (ended.length === 0) throw businessError(PRIVACY_MESSAGES.sessionNotFound);
    return sessionsOf(ctx.db, ctx);
  }),

  sign_out_other_sessions: procedure('sign_out_other_sessions', async (_params, ctx) => {
    await ctx.db.query('update auth_sessions set revoked_at = now() where user_id = $1 and id <> $2 and revoked_at is null', [ctx.userId, ctx.sessionId]);
    return sessionsOf(ctx.db, ctx);
  }),
};
