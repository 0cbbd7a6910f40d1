// The languages feature's manifest: what it offers the server (kernel/manifest.ts).
import type { FeatureManifest } from '../../kernel/manifest.ts';
import { languageProcedures } from './procedures.ts';

export const languagesFeature = { procedures: languageProcedures } satisfies FeatureManifest;
