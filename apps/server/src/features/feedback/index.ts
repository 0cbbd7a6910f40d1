// The feedback feature's manifest: what it offers the server (kernel/manifest.ts).
import type { FeatureManifest } from '../../kernel/manifest.ts';
import { askForFeedback } from './ask.ts';
import { registerFeedbackExportRoutes } from './exports.ts';
import { feedbackProcedures } from './procedures.ts';

export const feedbackFeature = {
  procedures: feedbackProcedures,
  routes: [(app, { db, keys, config }) => registerFeedbackExportRoutes(app, db, keys, config)],
  jobs: { dueNotifications: askForFeedback },
} satisfies FeatureManifest;
