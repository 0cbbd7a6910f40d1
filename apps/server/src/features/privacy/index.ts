// The privacy feature's manifest: what it offers the server (kernel/manifest.ts).
import type { FeatureManifest } from '../../kernel/manifest.ts';
import { privacyPageProcedures } from './privacy-page.ts';
import { privacyProcedures } from './procedures.ts';
import { registerPrivacyRoutes } from './routes.ts';
import { sessionProcedures } from './sessions.ts';

export const privacyFeature = {
  procedures: { ...privacyProcedures, ...sessionProcedures, ...privacyPageProcedures },
  routes: [(app, { db, keys, config }) => registerPrivacyRoutes(app, db, keys, config)],
} satisfies FeatureManifest;
