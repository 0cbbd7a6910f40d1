// The surveys feature's manifest: what it offers the server (kernel/manifest.ts).
import type { FeatureManifest } from '../../kernel/manifest.ts';
import { surveysProcedures } from './procedures.ts';

export const surveysFeature = { procedures: surveysProcedures } satisfies FeatureManifest;
