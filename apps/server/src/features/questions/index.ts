// The questions feature's manifest: session hosts and the questions of every part (kernel/manifest.ts).
import type { FeatureManifest } from '../../kernel/manifest.ts';
import { questionsProcedures } from './procedures.ts';

export const questionsFeature = { procedures: questionsProcedures } satisfies FeatureManifest;
