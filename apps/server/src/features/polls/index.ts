// The polls feature's manifest: what it offers the server (kernel/manifest.ts).
import { POLLS_TOPIC } from '@mc/contract';
import type { FeatureManifest } from '../../kernel/manifest.ts';
import { pollsFeed } from './live.ts';
import { pollsProcedures } from './procedures.ts';

export const pollsFeature = {
  procedures: pollsProcedures,
  feeds: { [POLLS_TOPIC]: pollsFeed },
} satisfies FeatureManifest;
