import path from 'node:path';
import { z } from 'zod';
import { parseLandsatSource } from '../core/stac/createSceneCatalog.js';
import { parseTrustProxy } from './rateLimitOptions.js';
import { PLANETARY_COMPUTER_STAC_URL, PLANETARY_COMPUTER_TOKEN_URL } from '../core/stac/createPlanetaryComputerCatalog.js';

/**
 * Server configuration from environment variables, validated once at start so that a typo fails
 * loudly with the variable's name instead of surfacing later as a confusing runtime error.
 */
const intFrom = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return fallback;
      // Decimal digits only: Number() would also read "0x1F90" or "1e3".
      const n = /^\s*[+-]?\d+\s*$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a whole number from ${min} to ${max} written in decimal, got "${value}"` });
        return z.NEVER;
      }
      return n;
    });

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const httpUrl = (name: string, fallback: string) =>
  optionalString
    .transform((v) => (v ?? fallback).replace(/\/+$/, ''))
    .refine((v) => {
      try {
        return ['http:', 'https:'].includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, `${name} must be an http(s) URL`);

const envSchema = z.object({
  PORT: intFrom('PORT', 0, 65535, 8080),
  HOST: optionalString.transform((v) => v ?? '0.0.0.0'),
  LANDSAT_SOURCE: optionalString
    .transform((v) => v ?? 'auto')
    .superRefine((v, ctx) => {
      try {
        parseLandsatSource(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: `LANDSAT_SOURCE: ${(err as Error).message}` });
      }
    }),
  /** The Planetary Computer's STAC API root and its SAS token endpoint for landsat-c2-l2 (a mirror or a replay in tests). */
  PC_STAC_URL: httpUrl('PC_STAC_URL', PLANETARY_COMPUTER_STAC_URL),
  PC_SAS_URL: httpUrl('PC_SAS_URL', PLANETARY_COMPUTER_TOKEN_URL),
  STATIC_DIR: optionalString.transform((v) => path.resolve(v ?? 'dist/client')),
  DATABASE_PATH: optionalString.transform((v) => (v === ':memory:' ? v : path.resolve(v ?? 'data/landsat.db'))),
  DATABASE_URL: optionalString.refine(
    (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
    'DATABASE_URL must start with postgres:// or postgresql:// (leave it unset for the embedded SQLite file)',
  ),
  OUTBOX_DIR: optionalString.transform((v) => path.resolve(v ?? 'data/outbox')),
  /** Where the built place index is kept for the next start (gazetteerCache.ts); `off`: build it at every start. */
  PLACE_INDEX_CACHE_DIR: optionalString.transform((v) => (v === 'off' ? null : path.resolve(v ?? 'node_modules/.cache/landsat-on-the-fly'))),
  SMTP_URL: optionalString.refine((v) => v === undefined || /^smtps?:\/\//.test(v), 'SMTP_URL must start with smtp:// or smtps://'),
  MAIL_FROM: optionalString.transform((v) => v ?? 'Landsat On the Fly <no-reply@landsat-on-the-fly.local>'),
  PUBLIC_URL: optionalString.refine((v) => v === undefined || /^https?:\/\//.test(v), 'PUBLIC_URL must be an http(s) URL'),
  TILE_URL: optionalString.transform((v) => v ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  TILE_ATTRIBUTION: optionalString.transform(
    (v) => v ?? '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  ),
  UPSTREAM_TIMEOUT_MS: intFrom('UPSTREAM_TIMEOUT_MS', 100, 300_000, 10_000),
  REQUEST_TIMEOUT_MS: intFrom('REQUEST_TIMEOUT_MS', 100, 600_000, 60_000),
  /** The request's headers must arrive within this, and the whole request (headers and body) within BODY_TIMEOUT_MS; else 408. */
  HEADERS_TIMEOUT_MS: intFrom('HEADERS_TIMEOUT_MS', 100, 600_000, 10_000),
  BODY_TIMEOUT_MS: intFrom('BODY_TIMEOUT_MS', 100, 600_000, 30_000),
  STREAM_TIMEOUT_MS: intFrom('STREAM_TIMEOUT_MS', 100, 3_600_000, 600_000),
  MAX_SCENES: intFrom('MAX_SCENES', 1, 2000, 100),
  /** Most values (pixels x bands) one GeoTIFF export writes; past it the export reads the scene's first internal overview that fits. */
  EXPORT_MAX_VALUES: intFrom('EXPORT_MAX_VALUES', 1, 500_000_000, 50_000_000),
  MAX_SCENES_STREAM: intFrom('MAX_SCENES_STREAM', 1, 20_000, 5000),
  BLOCK_CACHE_MB: intFrom('BLOCK_CACHE_MB', 1, 16_384, 256),
  MEMORY_BUDGET_MB: intFrom('MEMORY_BUDGET_MB', 0, 1_000_000, 640),
  RATE_LIMIT_PER_MINUTE: intFrom('RATE_LIMIT_PER_MINUTE', 1, 1_000_000, 600),
  MAX_CONCURRENT_HEAVY: intFrom('MAX_CONCURRENT_HEAVY', 1, 64, 4),
  MAX_QUEUED_HEAVY: intFrom('MAX_QUEUED_HEAVY', 0, 10_000, 32),
  LOAD_SHED_EVENT_LOOP_DELAY_MS: intFrom('LOAD_SHED_EVENT_LOOP_DELAY_MS', 0, 10_000, 500),
  LOAD_SHED_RSS_MB: intFrom('LOAD_SHED_RSS_MB', 0, 1_000_000, 0),
  CIRCUIT_FAILURES: intFrom('CIRCUIT_FAILURES', 1, 1000, 5),
  CIRCUIT_OPEN_MS: intFrom('CIRCUIT_OPEN_MS', 100, 3_600_000, 30_000),
  /** Which proxies' X-Forwarded-For to believe, so limits see the user's address (src/server/rateLimitOptions.ts). */
  TRUST_PROXY: optionalString.transform((value, ctx) => {
    const parsed = parseTrustProxy(value);
    if ('error' in parsed) {
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }
    return parsed.trustProxy;
  }),
  CORS_ORIGINS: optionalString,
  ARCHIVE_HOSTS: optionalString,
  SCHEDULER_INTERVAL_MS: intFrom('SCHEDULER_INTERVAL_MS', 0, 86_400_000, 60_000),
  /** Site jobs (POST /api/jobs) and their results are deleted this many days after submission. */
  JOB_RETENTION_DAYS: intFrom('JOB_RETENTION_DAYS', 1, 3650, 7),
  /** With DATABASE_URL: a job chunk a replica has not finished in this time (it died) is retried by another. */
  JOB_CHUNK_TIMEOUT_SECONDS: intFrom('JOB_CHUNK_TIMEOUT_SECONDS', 1, 86_400, 300),
  /** Most sites in one job chunk (one scene's sites are split into chunks of this size). */
  JOB_CHUNK_SITES: intFrom('JOB_CHUNK_SITES', 1, 100_000, 2000),
  /**
   * What the server runs before it listens, to have its code compiled before users ask (main.ts): `light`,
   * one small statistics request on the demo archive, nothing on another; `full` (the default), then also
   * one request over the demo archive's whole record (LONG_RECORD_WARM_UP), or on an archive of COGs
   * areas over a small archive of the warm-up's own in memory (areaWarmUp.ts).
   */
  WARM_UP: z.enum(['light', 'full']).optional().default('full'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional().default('info'),
});

export type Config = z.output<typeof envSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates configuration; throws ConfigError listing every problem at once. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => (i.path.length ? `${String(i.path[0])}: ` : '') + i.message));
  }
  return parsed.data;
}
