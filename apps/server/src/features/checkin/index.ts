// The check-in feature's manifest: what it offers the server (kernel/manifest.ts).
import { CHECKINS_TOPIC } from '@mc/contract';
import type { FeatureManifest } from '../../kernel/manifest.ts';
import { registerBadgeRoutes } from './badges-pdf.ts';
import { checkinsFeed } from './live.ts';
import { checkinProcedures } from './procedures.ts';

export const checkinFeature = {
  procedures: checkinProcedures,
  routes: [(app, { db, keys, config }) => registerBadgeRoutes(app, db, keys, config)],
  feeds: { [CHECKINS_TOPIC]: (_db, hub, log) => checkinsFeed(hub, log) },
} satisfies FeatureManifest;
