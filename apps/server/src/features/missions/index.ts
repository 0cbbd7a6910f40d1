// The missions feature's manifest: what it offers the server (kernel/manifest.ts).
import { MISSIONS_TOPIC } from '@mc/contract';
import type { FeatureManifest } from '../../kernel/manifest.ts';
import { MissionsFeed } from '../../kernel/missions-live.ts';
import { missionsProcedures } from './procedures.ts';

export const missionsFeature = {
  procedures: missionsProcedures,
  feeds: { [MISSIONS_TOPIC]: (db, hub, log) => new MissionsFeed(db, hub, log) },
} satisfies FeatureManifest;
