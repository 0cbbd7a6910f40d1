// The questions feature's manifest: session hosts and the questions of every part (kernel/manifest.ts).
import { QUESTIONS_TOPIC } from '@mc/contract';
import type { FeatureManifest } from '../../kernel/manifest.ts';
import { questionsFeed } from './live.ts';
import { questionsProcedures } from './procedures.ts';

export const questionsFeature = {
  procedures: questionsProcedures,
  feeds: { [QUESTIONS_TOPIC]: questionsFeed },
} satisfies FeatureManifest;
