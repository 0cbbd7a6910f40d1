// The moderation feature's manifest: what it offers the server (kernel/manifest.ts).
import type { FeatureManifest } from '../../kernel/manifest.ts';
import { registerExportRoutes } from './exports.ts';
import { moderationProcedures } from './procedures.ts';

export const moderationFeature = {
  procedures: moderationProcedures,
  routes: [(app, { db, keys, config }) => registerExportRoutes(app, db, keys, config)],
} satisfies FeatureManifest;
