// The profiles feature's manifest: what it offers the server (kernel/manifest.ts).
import type { FeatureManifest } from '../../kernel/manifest.ts';
import { cardProcedures } from './card-procedures.ts';
import { profilesProcedures } from './procedures.ts';

export const profilesFeature = { procedures: { ...profilesProcedures, ...cardProcedures } } satisfies FeatureManifest;
