import { organiserProcedure } from '../../kernel/access.ts';
import { actorOf } from '../../kernel/actor.ts';
import { procedure } from '../../rpc/procedure.ts';
import { addPartHost, hostedParts, listPartHosts, removePartHost } from './hosts.ts';

/** Session hosts and the questions asked on every part (docs/product.md#session-hosts). */
export const questionsProcedures = {
  list_part_hosts: organiserProcedure('list_part_hosts', { emails: 'others' }, async (params, ctx) => listPartHosts(ctx.db, params.p_part_id)),

  add_part_host: organiserProcedure('add_part_host', { emails: 'others' }, async (params, ctx) =>
    addPartHost(ctx.db, ctx.config, params.p_part_id, params.p_email, actorOf(ctx)),
  ),

  remove_part_host: organiserProcedure('remove_part_host', { emails: 'others' }, async (params, ctx) =>
    removePartHost(ctx.db, params.p_part_id, params.p_user_id, actorOf(ctx)),
  ),

  get_my_hosted_parts: procedure('get_my_hosted_parts', async (_params, ctx) => ({ part_ids: await hostedParts(ctx.db, ctx.userId) })),
};
