// The voting rounds feature's manifest: what it offers the server (kernel/manifest.ts).
import { ROUNDS_TOPIC } from '@mc/contract';
import type { FeatureManifest } from '../../kernel/manifest.ts';
import { registerRoundExportRoutes } from './exports.ts';
import { roundsFeed } from './live.ts';
import { roundsProcedures } from './procedures.ts';
import { startRoundSchedule } from './schedule.ts';

export const roundsFeature = {
  procedures: roundsProcedures,
  routes: [(app, { db, keys, config }) => registerRoundExportRoutes(app, db, keys, config)],
  feeds: { [ROUNDS_TOPIC]: roundsFeed },
  jobs: { start: startRoundSchedule },
} satisfies FeatureManifest;
