// The translations feature's manifest: what it offers the server (kernel/manifest.ts).
import type { FeatureManifest } from '../../kernel/manifest.ts';
import { startCorrectionsRefresh } from './corrections.ts';
import { translationProcedures } from './procedures.ts';
import { registerTranslationRoutes } from './routes.ts';

export const translationsFeature = {
  procedures: translationProcedures,
  routes: [registerTranslationRoutes],
  jobs: { start: startCorrectionsRefresh },
} satisfies FeatureManifest;
