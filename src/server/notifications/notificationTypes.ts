import type { LngLat } from '../../core/geo/lngLat.js';
import type { Overpass } from '../../core/overpass/overpass.js';
import type { SceneCatalog } from '../../core/stac/sceneCatalog.js';
import type { ChangeObservation } from '../../core/change/detectChanges.js';
import type { LeadTimeHours } from '../../shared/defaults.js';
import type { Logger, Mailer } from '../mail/mailer.js';
import type { SqlStore } from '../store/sqlStore.js';

export interface Clock {
  now(): Date;
}

export interface SubscribeInput {
  email: string;
  leadTime: LeadTimeHours;
  /** Largest scene cloud cover the subscriber wants to hear about, percent 0-100. */
  cloudCoverage: number;
  lat: number;
  lon: number;
  /** passes (default): pre-pass and new-scene emails; change: change alerts only (changeWatch.ts). */
  watch?: WatchKind;
}

export type WatchKind = 'passes' | 'change';

export type SubscriptionStatus = 'pending' | 'active' | 'unsubscribed' | 'expired';

export interface UpcomingPass {
  satellite: Overpass['satellite'];
  path: number;
  row: number;
  /** ISO UTC time of the pass. */
  datetime: string;
  /** ISO UTC time the alert email is due. */
  alertAt: string;
}

export interface SubscriptionView {
  id: string;
  status: SubscriptionStatus;
  email: string;
  lat: number;
  lon: number;
  leadTime: LeadTimeHours;
  cloudCoverage: number;
  watch: WatchKind;
  createdAt: string;
  confirmedAt: string | null;
  /** Next passes that will be announced (active subscriptions only). */
  nextPasses: UpcomingPass[];
}

export interface NotificationPolicy {
  /** How far ahead passes are put in the outbox; must exceed the longest lead time. */
  scheduleHorizonDays: number;
  /** First archive check after a pass, then every `watchIntervalMs` until `watchGiveUpDays`. */
  watchFirstCheckDelayMs: number;
  watchIntervalMs: number;
  watchGiveUpDays: number;
  /** Unconfirmed subscriptions are dropped after this. */
  pendingExpiryMs: number;
  /**
   * While a mailbox has an unconfirmed request younger than this, further requests for it get the same
   * 201 answer but no email: one client cannot flood a mailbox, and nobody is ever locked out for long.
   */
  confirmationCooldownMs: number;
  /**
   * SQLite: a claimed email not marked sent within this is claimed again. A lease whose owner process is
   * gone (same host) is reclaimed at once; this is the backstop. PostgreSQL uses row locks instead.
   */
  leaseMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  batchSize: number;
}

export const defaultNotificationPolicy: NotificationPolicy = {
  scheduleHorizonDays: 2,
  watchFirstCheckDelayMs: 60 * 60_000,
  watchIntervalMs: 60 * 60_000,
  watchGiveUpDays: 7,
  pendingExpiryMs: 7 * 86_400_000,
  confirmationCooldownMs: 60 * 60_000,
  leaseMs: 5 * 60_000,
  maxAttempts: 8,
  retryBaseMs: 60_000,
  retryMaxMs: 6 * 3_600_000,
  batchSize: 25,
};

export interface NotificationServiceOptions {
  db: SqlStore;
  mailer: Mailer;
  clock: Clock;
  catalog: SceneCatalog;
  /** Base URL of the page and API as seen by email readers, e.g. https://landsat.example.org */
  publicUrl: string;
  logger?: Logger;
  /** Defaults to the WRS-2 acquisition schedule in src/core/overpass. */
  predictOverpasses?: (lngLat: LngLat, from: Date, days: number) => Overpass[];
  policy?: Partial<NotificationPolicy>;
  /** Told how each scheduler round of `start` ended (null: it succeeded), for /api/health. */
  onSchedulerRound?: (err: unknown) => void;
  /** The point's observations up to a date, for change watches (absent: change subscriptions get no alerts). */
  changeSeries?: ChangeSeriesReader;
}

/** One pixel's observations, oldest first, through `endDate` (reflectance B02-B07, kelvin B09, QA_PIXEL). */
export type ChangeSeriesReader = (lat: number, lon: number, endDate: string, signal?: AbortSignal) => Promise<ChangeObservation[]>;

export interface NotificationService {
  subscribe(input: SubscribeInput): Promise<{ id: string; status: 'pending' }>;
  confirm(id: string, token: string): Promise<SubscriptionView>;
  view(id: string, token: string): Promise<SubscriptionView>;
  unsubscribe(id: string, token: string): Promise<SubscriptionView>;
  /** One scheduler round: schedule alerts, check the archive after passes, send what is due. */
  tick(): Promise<void>;
  /** Runs `tick` now and every `intervalMs` (timer does not keep the process alive). */
  start(intervalMs: number): void;
  /** Stops the timer and waits for a round in progress. */
  stop(): Promise<void>;
}

export interface SubscriptionRow {
  id: string;
  email: string;
  email_key: string;
  lat: number;
  lon: number;
  lead_time_hours: number;
  max_cloud_cover: number;
  /** Added by migration 2; 'passes' for every older row. */
  watch: WatchKind;
  status: SubscriptionStatus | 'merged';
  merged_into: string | null;
  created_at: string;
  confirmed_at: string | null;
  ended_at: string | null;
}

export interface OutboxRow {
  id: number;
  idempotency_key: string;
  kind: string;
  recipient: string;
  subject: string;
  text_body: string | null;
  html_body: string | null;
  headers_json: string;
  attempts: number;
}

export interface WatchRow {
  id: number;
  subscription_id: string;
  satellite: Overpass['satellite'];
  wrs_path: number;
  wrs_row: number;
  pass_datetime: string;
  pass_date: string;
  deadline_at: string;
}

/** What the parts of the service share. */
export interface NotificationContext {
  db: SqlStore;
  mailer: Mailer;
  clock: Clock;
  catalog: SceneCatalog;
  publicUrl: string;
  logger: Logger;
  predict: (lngLat: LngLat, from: Date, days: number) => Overpass[];
  policy: NotificationPolicy;
  changeSeries?: ChangeSeriesReader;
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
export const iso = (d: Date | number) => new Date(d).toISOString();
