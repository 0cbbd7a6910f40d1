// The organiser feature's manifest: what it offers the server (kernel/manifest.ts).
import type { FeatureManifest } from '../../kernel/manifest.ts';
import { organiserProcedures } from './procedures.ts';

export const organiserFeature = { procedures: organiserProcedures } satisfies FeatureManifest;
