// The agenda feature's manifest: what it offers the server (kernel/manifest.ts).
import type { FeatureManifest } from '../../kernel/manifest.ts';
import { registerCalendarFeedRoutes } from './feed-routes.ts';
import { agendaProcedures } from './procedures.ts';

export const agendaFeature = {
  procedures: agendaProcedures,
  routes: [(app, { db, config }) => registerCalendarFeedRoutes(app, db, config)],
} satisfies FeatureManifest;
