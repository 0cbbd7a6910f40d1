// The announcements feature's manifest: what it offers the server (kernel/manifest.ts).
import type { FeatureManifest } from '../../kernel/manifest.ts';
import { deliverDueAnnouncements } from './delivery.ts';
import { announcementProcedures } from './procedures.ts';

export const announcementsFeature = {
  procedures: announcementProcedures,
  jobs: { dueNotifications: deliverDueAnnouncements },
} satisfies FeatureManifest;
