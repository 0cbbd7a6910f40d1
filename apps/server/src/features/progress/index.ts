// The progress feature's manifest (kernel/manifest.ts): a mission's life after the conference,
// its updates, status, milestones and public page (docs/product.md#mission-updates), its check-ins
// (docs/product.md#check-ins) and the organisers' "After the event".
import type { FeatureManifest } from '../../kernel/manifest.ts';
import { registerAfterEventExportRoutes } from './after-event.ts';
import { askMissionCheckins } from './checkin-job.ts';
import { checkinProcedures } from './checkin-procedures.ts';
import { progressProcedures } from './procedures.ts';
import { registerProgressRoutes } from './routes.ts';

export const progressFeature = {
  procedures: { ...progressProcedures, ...checkinProcedures },
  routes: [registerProgressRoutes, registerAfterEventExportRoutes],
  jobs: { dueNotifications: askMissionCheckins },
} satisfies FeatureManifest;
