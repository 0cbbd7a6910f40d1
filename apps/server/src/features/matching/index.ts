// The matching feature's manifest (suggestions and the organisers' team builder): what it offers the server (kernel/manifest.ts).
import type { FeatureManifest } from '../../kernel/manifest.ts';
import { builderProcedures } from './builder-procedures.ts';
import { matchingProcedures } from './procedures.ts';

export const matchingFeature = { procedures: { ...matchingProcedures, ...builderProcedures } } satisfies FeatureManifest;
