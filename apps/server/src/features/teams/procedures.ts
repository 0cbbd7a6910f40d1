import type { Procedure } from '../../rpc/procedure.ts';

export const teamsProcedures: Procedure[] = [];
