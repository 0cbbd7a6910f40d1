import { z } from '@mc/contract/zod.ts';
import { DEFAULT_CONFERENCE_START_DATE, DEFAULT_CONFERENCE_TIME_ZONE, isIsoDate, isTimeZone } from '@mc/contract/agenda.ts';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((value) => value === 'true' || value === '1' || value === 'yes');
const positiveInt = z.coerce.number().int().positive();

/** Every environment variable the server reads, with its default. The README lists the same. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: positiveInt.default(10),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  JWT_PRIVATE_KEY: z.string().min(1).optional(),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt.default(3600),
  REFRESH_TOKEN_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default('Mission Control <no-reply@localhost>'),
  MAIL_DIGEST_INTERVAL_SECONDS: positiveInt.default(30),
  MAIL_DAILY_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(7),
  NOTIFICATION_RETENTION_DAYS: positiveInt.default(90),
  PRODUCT_NAME: z.string().min(1).max(60).default('Mission Control'),
  PROGRAMME_NAME: z.string().min(1).max(100).default('Community Mission Game 2025'),
  CONFERENCE_START_DATE: z.string().refine(isIsoDate, 'must be a date written YYYY-MM-DD').default(DEFAULT_CONFERENCE_START_DATE),
  CONFERENCE_TIME_ZONE: z.string().refine(isTimeZone, 'must be an IANA time zone such as Europe/Berlin').default(DEFAULT_CONFERENCE_TIME_ZONE),
  // The event a badge code is for: a code of another event is refused at the door (docs/product.md#check-in-at-the-door).
  EVENT_ID: z
    .string()
    .max(60)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a lower-case slug such as "mission-control-2026"')
    .default('mission-control'),
  PRE_SURVEY_URL: z.string().min(1).default('/demo-survey/pre'),
  POST_SURVEY_URL: z.string().min(1).default('/demo-survey/post'),
  // scrypt's N = 2^this for new credentials (auth/password.ts); only the test suites lower it.
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(15),
  SIGNIN_FAILURES_PER_ACCOUNT_PER_HOUR: positiveInt.default(10),
  SIGNIN_PER_ADDRESS_PER_MINUTE: positiveInt.default(600),
  MFA_FAILURES_PER_FACTOR_PER_HOUR: positiveInt.default(10),
  SIGNUP_PER_ADDRESS_PER_HOUR: positiveInt.default(2000),
  RECOVERY_PER_ADDRESS_PER_HOUR: positiveInt.default(300),
  // Under the reset link's hour, so a link mailed at most this long ago is always still valid.
  RECOVERY_MAIL_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(59).default(12),
  SESSION_IDLE_DAYS: positiveInt.default(90),
  // How long the operator's backups keep data (docs/operations.md): the privacy page states it.
  BACKUP_RETENTION_DAYS: positiveInt.default(14),
  // Whom people write to about their data, as the privacy page's template names it.
  PRIVACY_CONTACT: z.string().min(3).max(200).default('the organisers at the information desk'),
  PRUNE_INTERVAL_SECONDS: positiveInt.default(600),
  RPC_CALLS_PER_PERSON_PER_MINUTE: positiveInt.default(1200),
  RPC_DIRECTORY_CALLS_PER_PERSON_PER_HOUR: positiveInt.default(300),
  // A body (and, before it, the headers) must arrive within this; photo uploads get a minute.
  REQUEST_BODY_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  // Left out: 4000, or no cap with TRUST_PROXY=true, where every connection comes from the proxy.
  CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).optional(),
  SHUTDOWN_TIMEOUT_MS: positiveInt.default(10_000),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(1000),
  WEB_DIST_DIR: z.string().min(1).default('dist/web'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  /** Origin used in mailed links and as the only allowed redirect target. */
  publicUrl: string;
  /** Open connections one peer address may hold at once; 0: no cap (docs/security.md#slow-and-greedy-clients). */
  connectionsPerAddress: number;
}

/**
 * More than 500 browsers can hold at once (a browser opens at most six connections to one server,
 * plus the live channel), so a venue behind one address never meets it.
 */
export const DEFAULT_CONNECTIONS_PER_ADDRESS = 4000;

export class ConfigError extends Error {}

/** Validates the environment; throws ConfigError with one line per bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const parsed = result.data;
  const publicUrl = (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, '');
  const connectionsPerAddress = parsed.CONNECTIONS_PER_ADDRESS ?? (parsed.TRUST_PROXY ? 0 : DEFAULT_CONNECTIONS_PER_ADDRESS);
  return { ...parsed, publicUrl, connectionsPerAddress };
}
