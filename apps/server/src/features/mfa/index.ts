// The two-step sign-in feature's manifest: what it offers the server (kernel/manifest.ts).
import type { FeatureManifest } from '../../kernel/manifest.ts';
import { mfaProcedures } from './procedures.ts';

export const mfaFeature = { procedures: mfaProcedures } satisfies FeatureManifest;
