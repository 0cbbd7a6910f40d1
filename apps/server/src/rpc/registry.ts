import { missionsProcedures } from '../features/missions/procedures.ts';
import { profilesProcedures } from '../features/profiles/procedures.ts';
import { surveysProcedures } from '../features/surveys/procedures.ts';
import { teamsProcedures } from '../features/teams/procedures.ts';
import { usersProcedures } from '../features/users/procedures.ts';
import type { Procedure } from './procedure.ts';

export const procedures: ReadonlyMap<string, Procedure> = new Map(
  [...usersProcedures, ...surveysProcedures, ...profilesProcedures, ...missionsProcedures, ...teamsProcedures].map((p) => [p.name, p]),
);
