import { predictOverpasses as corePredictOverpasses } from '../../core/overpass/overpass.js';
import { silentLogger } from '../mail/mailer.js';
import { createOutboxDelivery } from './outboxDelivery.js';
import { createScheduler } from './scheduler.js';
import { createSubscriptions } from './subscriptions.js';
import {
  defaultNotificationPolicy,
  type NotificationContext,
  type NotificationService,
  type NotificationServiceOptions,
} from './notificationTypes.js';

export * from './notificationTypes.js';

/**
 * Double-opt-in overpass alerts: subscriptions and link tokens (subscriptions.ts), the pass scheduler and
 * archive watcher (scheduler.ts) and a transactional outbox delivered at least once with a stable
 * Message-ID (outboxDelivery.ts). The store is SQLite or PostgreSQL behind one async interface.
 */
export function createNotificationService(options: NotificationServiceOptions): NotificationService {
  const ctx: NotificationContext = {
    db: options.db,
    mailer: options.mailer,
    clock: options.clock,
    catalog: options.catalog,
    publicUrl: options.publicUrl.replace(/\/+$/, ''),
    logger: options.logger ?? silentLogger,
    predict: options.predictOverpasses ?? corePredictOverpasses,
    policy: { ...defaultNotificationPolicy, ...options.policy },
    ...(options.changeSeries ? { changeSeries: options.changeSeries } : {}),
  };
  const { logger, db, clock } = ctx;
  const delivery = createOutboxDelivery(ctx);
  const scheduler = createScheduler(ctx);

  // One delivery round at a time; a request that arrives meanwhile triggers one more round.
  let delivering: Promise<void> | null = null;
  let deliverAgain = false;
  function deliverSoon(): Promise<void> {
    if (delivering) {
      deliverAgain = true;
      return delivering;
    }
    delivering = (async () => {
      do {
        deliverAgain = false;
        try {
          await delivery.deliverDue();
        } catch (err) {
          logger.error({ err }, 'email delivery round failed');
        }
      } while (deliverAgain);
    })().finally(() => {
      delivering = null;
    });
    return delivering;
  }

  const subscriptions = createSubscriptions(ctx, {
    schedule: scheduler.scheduleSubscription,
    deliverSoon: () => void deliverSoon(),
  });

  let ticking: Promise<void> | null = null;
  async function tick(): Promise<void> {
    if (ticking) return ticking;
    ticking = (async () => {
      // One replica at a time runs the pass (PostgreSQL advisory lock); every replica sends.
      await db.withExclusiveLock('notification-scheduler', () => scheduler.runPass(clock.now()));
      if (delivering) await delivering;
      await deliverSoon();
    })().finally(() => {
      ticking = null;
    });
    return ticking;
  }

  let timer: NodeJS.Timeout | null = null;
  function start(intervalMs: number): void {
    if (timer) return;
    const run = () =>
      void tick().then(
        () => options.onSchedulerRound?.(null),
        (err) => {
          logger.error({ err }, 'notification scheduler round failed');
          options.onSchedulerRound?.(err);
        },
      );
    timer = setInterval(run, intervalMs);
    timer.unref();
    run();
  }

  async function stop(): Promise<void> {
    if (timer) clearInterval(timer);
    timer = null;
    await ticking?.catch(() => {});
    await delivering?.catch(() => {});
  }

  return { ...subscriptions, tick, start, stop };
}
