import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ProcedureName } from '@mc/contract';
import type { SigningKeys } from '../auth/keys.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import type { LiveFeeds } from '../live/service.ts';
import type { Procedure } from '../rpc/procedure.ts';

/*
 * What a feature offers the server, in one object: its manifest (`features/<name>/index.ts`). The
 * root (apps/server/src/manifests.ts) lists every manifest once; procedures.ts, app.ts and
 * server.ts loop over that list, so a feature is added in one line (docs/ARCHITECTURE.md).
 */

/** What a feature's HTTP routes may use. */
export interface RouteDeps {
  db: Db;
  keys: SigningKeys;
  config: Config;
}

/** Registers a feature's HTTP routes (beside the procedures, which the RPC route serves). */
export type RegisterRoutes = (app: FastifyInstance, deps: RouteDeps) => void;

/**
 * What a due notification may need to write its own e-mail (a mission's check-in): where links
 * point, the product's name, whether SMTP will send what is queued (else it stays kept in the
 * outbox), a person's one-click unsubscribe link for their current generation, and the log.
 */
export interface DueMail {
  publicUrl: string;
  productName: string;
  deliver: boolean;
  unsubscribeLink(userId: string, generation: number): string;
  log: FastifyBaseLogger;
}

/**
 * Turns what has become due (scheduled announcements, for one) into notifications, in its own
 * transactions; answers how many it sent. The notification jobs call every one on each pass,
 * before the e-mail digest, so what it sends can be mailed in that same pass.
 */
export type DueNotifications = (db: Db, now: Date, mail: DueMail) => Promise<number>;

/** A job that runs beside the server from its start to its close. */
export interface BackgroundJob {
  close(): Promise<void>;
}

export interface FeatureJobs {
  /** Run on every pass of the notification jobs. */
  dueNotifications?: DueNotifications;
  /** Started once the server listens; closed when it stops. */
  start?: (db: Db, log: FastifyBaseLogger) => BackgroundJob;
}

export interface FeatureManifest {
  /** Its procedures by name; the root checks that every procedure of the contract has one. */
  procedures?: { [N in ProcedureName]?: Procedure<N> };
  routes?: readonly RegisterRoutes[];
  /** The live topics it coalesces itself (other topics reach browsers as they are published). */
  feeds?: LiveFeeds;
  jobs?: FeatureJobs;
}
