import type { CallContext } from '../rpc/procedure.ts';
import type { Actor } from './audit.ts';

/** The organiser who is calling, as the audit log names them. */
export function actorOf(ctx: CallContext): Actor {
  return { userId: ctx.userId, label: ctx.email };
}
