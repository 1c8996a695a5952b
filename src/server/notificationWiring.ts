import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { SceneCatalog } from '../core/stac/sceneCatalog.js';
import { openStore } from './store/openStore.js';
import { createMailer } from './mail/createMailer.js';
import { createNotificationService } from './notifications/notificationService.js';
import { createOutboxCounter } from './ops/createOutboxCounter.js';
import type { OutboxCounts } from './ops/createMetrics.js';

export interface NotificationWiring {
  service: ReturnType<typeof createNotificationService>;
  /** Emails in the outbox by status, for /api/metrics. */
  outboxCounts(): OutboxCounts;
  close(): Promise<void>;
}

/** Opens the store and mailer and starts the scheduler that sends pre-pass and new-scene emails. */
export async function createNotificationWiring(
  config: Config,
  catalog: SceneCatalog,
  log: FastifyBaseLogger,
  clock: { now(): Date } = { now: () => new Date() },
): Promise<NotificationWiring> {
  const db = openStore(config.DATABASE_PATH);
  const logger = log;
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, outboxDir: config.OUTBOX_DIR, from: config.MAIL_FROM, logger });
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT || 8080}`;
  const service = createNotificationService({ db, mailer, clock, catalog, publicUrl, logger });
  if (config.SCHEDULER_INTERVAL_MS > 0) service.start(config.SCHEDULER_INTERVAL_MS);
  return {
    service,
    outboxCounts: createOutboxCounter(db),
    async close() {
      await service.stop();
      await mailer.close?.();
      db.close();
    },
  };
}
