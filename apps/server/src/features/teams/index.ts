// The teams feature's manifest: what it offers the server (kernel/manifest.ts).
import type { FeatureManifest } from '../../kernel/manifest.ts';
import { teamsProcedures } from './procedures.ts';

export const teamsFeature = { procedures: teamsProcedures } satisfies FeatureManifest;
