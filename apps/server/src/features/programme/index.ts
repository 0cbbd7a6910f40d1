// The programme feature's manifest: what it offers the server (kernel/manifest.ts).
import type { FeatureManifest } from '../../kernel/manifest.ts';
import { programmeProcedures } from './procedures.ts';
import { registerProgrammeRoutes } from './routes.ts';
import { versionProcedures } from './version-procedures.ts';

export const programmeFeature = {
  procedures: { ...programmeProcedures, ...versionProcedures },
  routes: [(app, { db, keys, config }) => registerProgrammeRoutes(app, db, keys, config)],
} satisfies FeatureManifest;
