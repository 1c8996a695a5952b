import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { SceneCatalog } from '../core/stac/sceneCatalog.js';
import { openStore } from './store/openStore.js';
import type { SqlStore, StoreKind } from './store/sqlStore.js';
import { StoreError, redactUrl, toStoreError } from './store/storeErrors.js';
import { createMailer } from './mail/createMailer.js';
import { createNotificationService, type ChangeSeriesReader, type NotificationService } from './notifications/notificationService.js';
import { createOutboxCounter } from './ops/createOutboxCounter.js';
import type { OutboxCounts } from './ops/createMetrics.js';

export interface StoreStatus {
  /** Which back-end holds subscriptions and the outbox. */
  store: StoreKind;
  /** False also while the last write or scheduler round failed, though the store still opens and answers. */
  reachable: boolean;
  /** Why not, in words naming the setting (absent when reachable). */
  error?: string;
}

export interface NotificationWiring {
  /** Always present: while the store is unavailable, every call answers 503 with the reason. */
  service: NotificationService;
  /** Emails in the outbox by status, for /api/metrics (zeros while the store is unavailable). */
  outboxCounts(): Promise<OutboxCounts>;
  /** Store in use and whether it answers now, for /api/health and /api/metrics. */
  storeStatus(): Promise<StoreStatus>;
  close(): Promise<void>;
}

/** How often a store that failed to open is tried again (an operator may fix the file, PostgreSQL may come back). */
const REOPEN_MS = 30_000;
const PING_TIMEOUT_MS = 2_000;

/**
 * Opens the store and mailer and starts the scheduler that sends pre-pass and new-scene emails. A store
 * that cannot be opened does not stop the server: the data API serves, notification calls answer 503
 * with the reason, the log and /api/health say so, and opening is retried.
 */
export async function createNotificationWiring(
  config: Config,
  catalog: SceneCatalog,
  log: FastifyBaseLogger,
  clock: { now(): Date } = { now: () => new Date() },
  changeSeries?: ChangeSeriesReader,
): Promise<NotificationWiring> {
  const kind: StoreKind = config.DATABASE_URL ? 'postgres' : 'sqlite';
  const target = { kind, location: config.DATABASE_URL ? redactUrl(config.DATABASE_URL) : config.DATABASE_PATH };
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, outboxDir: config.OUTBOX_DIR, from: config.MAIL_FROM, logger: log });
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT || 8080}`;

  // Opening is not enough: a file damaged in its pages opens and answers a ping while writes and
  // scheduler rounds fail. The last failure of either is kept until a write (or a round) succeeds.
  let storeFailure: { message: string; at: string } | null = null;
  let schedulerFailure: { message: string; at: string } | null = null;
  const failureOf = (err: unknown) => ({
    message: err instanceof StoreError ? err.message : `Notifications are failing: ${String((err as Error)?.message ?? err).slice(0, 300)}`,
    at: clock.now().toISOString(),
  });
  const watched = (db: SqlStore): SqlStore => {
    const note = <T>(work: Promise<T>, isWrite: boolean): Promise<T> =>
      work.then(
        (value) => {
          if (isWrite) storeFailure = null;
          return value;
        },
        (err: unknown) => {
          if (err instanceof StoreError) storeFailure = failureOf(err);
          throw err;
        },
      );
    return {
      ...db,
      all: (sql, params) => note(db.all(sql, params), false),
      get: (sql, params) => note(db.get(sql, params), false),
      run: (sql, params) => note(db.run(sql, params), true),
      transaction: (fn) => note(db.transaction(fn), true),
      withExclusiveLock: (name, fn) => db.withExclusiveLock(name, fn),
      ping: () => db.ping(),
      close: () => db.close(),
    };
  };

  let live: { db: SqlStore; service: NotificationService; counts: () => Promise<OutboxCounts> } | null = null;
  let failure: StoreError | null = null;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;

  async function open(): Promise<void> {
    try {
      const db = watched(await openStore({ databaseUrl: config.DATABASE_URL, databasePath: config.DATABASE_PATH }));
      if (closed) return void (await db.close());
      const onSchedulerRound = (err: unknown) => (schedulerFailure = err === null ? null : failureOf(err));
      const service = createNotificationService({ db, mailer, clock, catalog, publicUrl, logger: log, onSchedulerRound, ...(changeSeries ? { changeSeries } : {}) });
      live = { db, service, counts: createOutboxCounter(db) };
      if (failure) log.info({ store: kind }, 'notification store is available again; notifications resume');
      failure = null;
      if (config.SCHEDULER_INTERVAL_MS > 0) service.start(config.SCHEDULER_INTERVAL_MS);
    } catch (err) {
      const storeError = toStoreError(err, target);
      failure =
        storeError instanceof StoreError
          ? storeError
          : new StoreError('notifications_unavailable', `Notifications are unavailable: the notification store could not be opened (${kind === 'sqlite' ? 'DATABASE_PATH' : 'DATABASE_URL'}).`, `${target.location}: ${String((err as Error)?.message ?? err)}`, err);
      log.error({ store: kind, problem: failure.detail }, `${failure.message} The data API keeps serving; opening is retried every ${REOPEN_MS / 1000} s.`);
      retry = setTimeout(() => void open(), REOPEN_MS);
      retry.unref();
    }
  }
  await open();

  const current = (): NotificationService => {
    if (live) return live.service;
    throw failure ?? new StoreError('notifications_unavailable', 'Notifications are unavailable: the notification store is not open.', 'not open');
  };
  const service: NotificationService = {
    subscribe: (input) => current().subscribe(input),
    confirm: (id, token) => current().confirm(id, token),
    view: (id, token) => current().view(id, token),
    unsubscribe: (id, token) => current().unsubscribe(id, token),
    tick: () => current().tick(),
    start: (ms) => current().start(ms),
    stop: async () => live?.service.stop(),
  };

  return {
    service,
    async outboxCounts() {
      try {
        return live ? await live.counts() : { pending: 0, sent: 0, failed: 0 };
      } catch {
        return { pending: 0, sent: 0, failed: 0 };
      }
    },
    async storeStatus() {
      if (!live) return { store: kind, reachable: false, error: failure?.message };
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          live.db.ping(),
          new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS))),
        ]);
        if (storeFailure) return { store: kind, reachable: false, error: `The last write failed (${storeFailure.at}): ${storeFailure.message}` };
        if (schedulerFailure) return { store: kind, reachable: false, error: `The last scheduler round failed (${schedulerFailure.at}): ${schedulerFailure.message}` };
        return { store: kind, reachable: true };
      } catch (err) {
        const e = toStoreError(err, target);
        return { store: kind, reachable: false, error: e instanceof StoreError ? e.message : `Notifications are unavailable: ${String((err as Error)?.message ?? err)}` };
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await live?.service.stop();
      mailer.close?.();
      await live?.db.close();
    },
  };
}
