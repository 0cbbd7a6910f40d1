import { RpcError } from '../../http/errors.ts';
import { requirePartHost } from '../../kernel/access.ts';
import type { CallContext } from '../../rpc/procedure.ts';

/**
 * Whether the caller may host this part's polls (the organisers and the part's session hosts,
 * kernel/access.ts): the screens show the host's controls to them. The host procedures themselves
 * are partHostProcedure, which asks the same gate.
 */
export async function mayHostPart(ctx: CallContext, partId: string): Promise<boolean> {
  try {
    await requirePartHost(ctx, partId);
    return true;
  } catch (error) {
    if (error instanceof RpcError && error.status === 403) return false;
    throw error;
  }
}
