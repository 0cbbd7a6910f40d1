import type { Procedure } from '../../rpc/procedure.ts';

export const profilesProcedures: Procedure[] = [];
