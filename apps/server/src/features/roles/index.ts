// The roles feature's manifest (open roles, requests to join, invitations): what it offers the server (kernel/manifest.ts).
import type { FeatureManifest } from '../../kernel/manifest.ts';
import { rolesProcedures } from './procedures.ts';
import { requestProcedures } from './requests.ts';

export const rolesFeature = { procedures: { ...rolesProcedures, ...requestProcedures } } satisfies FeatureManifest;
