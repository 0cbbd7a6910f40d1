// The progress feature's manifest (kernel/manifest.ts): a mission's life after the conference,
// its updates, status, milestones and public page (docs/product.md#mission-updates).
import type { FeatureManifest } from '../../kernel/manifest.ts';
import { progressProcedures } from './procedures.ts';
import { registerProgressRoutes } from './routes.ts';

export const progressFeature = {
  procedures: progressProcedures,
  routes: [registerProgressRoutes],
} satisfies FeatureManifest;
