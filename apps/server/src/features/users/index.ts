// The users feature's manifest: what it offers the server (kernel/manifest.ts).
import type { FeatureManifest } from '../../kernel/manifest.ts';
import { usersProcedures } from './procedures.ts';

export const usersFeature = { procedures: usersProcedures } satisfies FeatureManifest;
