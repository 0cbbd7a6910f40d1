import { RpcError } from '../../http/errors.ts';
import { requireOrganiser } from '../../kernel/access.ts';
import type { CallContext } from '../../rpc/procedure.ts';

/**
 * The one gate of a part's host actions (creating, opening and closing its polls): the
 * organisers, and the part's session hosts once that right exists (docs/product.md#polls).
 * Refuses everyone else with 403; every host procedure calls it before it reads anything else.
 */
export async function requirePartHost(ctx: CallContext, _partId: string): Promise<void> {
  await requireOrganiser(ctx);
}

/** Whether the caller may host this part's polls (the screens show the host's controls to them). */
export async function mayHostPart(ctx: CallContext, partId: string): Promise<boolean> {
  try {
    await requirePartHost(ctx, partId);
    return true;
  } catch (error) {
    if (error instanceof RpcError && error.status === 403) return false;
    throw error;
  }
}
