// The notifications feature's manifest: what it offers the server (kernel/manifest.ts). Its
// background jobs (the bell's live feed, the e-mail digest) are started by server.ts, which hands
// their handle to tests.
import type { FeatureManifest } from '../../kernel/manifest.ts';
import { notificationsProcedures } from './procedures.ts';
import { reminderProcedures } from './reminders.ts';
import { registerUnsubscribeRoutes } from './unsubscribe.ts';

export const notificationsFeature = {
  procedures: { ...notificationsProcedures, ...reminderProcedures },
  routes: [(app, { db, keys }) => registerUnsubscribeRoutes(app, db, keys)],
} satisfies FeatureManifest;
