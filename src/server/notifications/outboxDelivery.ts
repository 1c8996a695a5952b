import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { SqlQueryable } from '../store/sqlStore.js';
import { sha256Hex } from './enqueueEmail.js';
import { iso, type NotificationContext, type OutboxRow } from './notificationTypes.js';

const OUTBOX_COLUMNS = 'id, idempotency_key, kind, recipient, subject, text_body, html_body, headers_json, attempts';

/** The Message-ID of an outbox email: derived from its idempotency key, so a repeat is recognisably the same message. */
export const messageIdOf = (idempotencyKey: string) => `${sha256Hex(idempotencyKey).slice(0, 32)}@landsat-on-the-fly`;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The outbox sender. Delivery is at least once: each email is a row first; it is sent, then marked sent
 * in one local write right after the SMTP server accepts it. Only a crash inside that window repeats an
 * email, with the same Message-ID (docs/operations.md: "Email delivery guarantee").
 *
 * - SQLite (one process per file): a round claims a batch by writing a lease `host|pid|instance|round`.
 *   A lease whose process is gone (or whose pid is now ours, i.e. a previous life) is reclaimed at once,
 *   so a restart resends a crashed round's emails immediately; `leaseMs` is only a backstop.
 * - PostgreSQL (replicas): each email is locked with `SELECT … FOR UPDATE SKIP LOCKED` in a transaction
 *   held while it is sent and committed with its "sent" mark, so each is sent by one replica, and a
 *   replica that dies releases its lock with its connection (no lease to wait out).
 */
export function createOutboxDelivery(ctx: NotificationContext) {
  const { db, clock, policy, logger, mailer } = ctx;
  const host = os.hostname().replace(/\|/g, '_');
  const owner = `${host}|${process.pid}|${randomUUID()}`;

  const backoffMs = (attempts: number) => Math.min(policy.retryMaxMs, policy.retryBaseMs * 2 ** Math.max(0, attempts - 1));

  /** Sends one claimed email and records the outcome through `q` (the claim's transaction on PostgreSQL). */
  async function sendOne(q: SqlQueryable, row: OutboxRow, leaseId: string | null): Promise<void> {
    const leaseClause = leaseId ? ' AND lease_id = ?' : '';
    const leaseParam = leaseId ? [leaseId] : [];
    let accepted: { messageId: string } | null = null;
    let failure: unknown = null;
    try {
      accepted = await mailer.send({
        to: row.recipient,
        subject: row.subject,
        text: row.text_body ?? '',
        html: row.html_body ?? undefined,
        headers: JSON.parse(row.headers_json) as Record<string, string>,
        messageId: messageIdOf(row.idempotency_key),
      });
    } catch (err) {
      failure = err;
    }
    if (accepted) {
      // The one write between acceptance and "sent": nothing else may come first.
      await q.run(
        `UPDATE outbox SET status = 'sent', sent_at = ?, attempts = attempts + 1, message_id = ?, last_error = NULL,
                text_body = NULL, html_body = NULL, lease_id = NULL, lease_until = NULL
         WHERE id = ?${leaseClause}`,
        [iso(clock.now()), accepted.messageId, row.id, ...leaseParam],
      );
      logger.info({ outboxId: row.id, kind: row.kind }, 'notification email sent');
      return;
    }
    const attempts = row.attempts + 1;
    const failed = attempts >= policy.maxAttempts;
    const message = String((failure as Error)?.message ?? failure).slice(0, 1000);
    await q.run(
      `UPDATE outbox SET attempts = ?, last_error = ?, next_attempt_at = ?, status = ?, lease_id = NULL, lease_until = NULL
       WHERE id = ?${leaseClause}`,
      [attempts, message, iso(clock.now().getTime() + backoffMs(attempts)), failed ? 'failed' : 'pending', row.id, ...leaseParam],
    );
    logger.warn({ outboxId: row.id, kind: row.kind, attempts, err: message }, failed ? 'email failed for good' : 'email failed; will retry');
  }

  /** SQLite: frees the leases of processes on this host that are gone, so their emails go out now. */
  async function reclaimDeadLeases(): Promise<number> {
    const leases = await db.all<{ lease_id: string }>("SELECT DISTINCT lease_id FROM outbox WHERE status = 'pending' AND lease_id IS NOT NULL");
    let reclaimed = 0;
    for (const { lease_id } of leases) {
      const [leaseHost, pidText, instance] = lease_id.split('|');
      const pid = Number(pidText);
      if (leaseHost !== host || !Number.isInteger(pid) || instance === undefined || `${leaseHost}|${pidText}|${instance}` === owner) continue;
      if (pid === process.pid || !processAlive(pid)) {
        reclaimed += await db.run('UPDATE outbox SET lease_id = NULL, lease_until = NULL WHERE lease_id = ?', [lease_id]);
      }
    }
    if (reclaimed > 0) logger.warn({ emails: reclaimed }, 'took over emails claimed by a server process that is gone; sending them now');
    return reclaimed;
  }

  async function deliverSqlite(now: Date): Promise<void> {
    await reclaimDeadLeases();
    const leaseId = `${owner}|${randomUUID()}`;
    // Claim a batch in one statement: another process skips leased rows until the lease is freed or runs out.
    const claimed = await db.all<OutboxRow>(
      `UPDATE outbox SET lease_id = ?, lease_until = ?
       WHERE id IN (SELECT id FROM outbox WHERE status = 'pending' AND next_attempt_at <= ?
                      AND (lease_until IS NULL OR lease_until <= ?)
                    ORDER BY next_attempt_at, id LIMIT ?)
       RETURNING ${OUTBOX_COLUMNS}`,
      [leaseId, iso(now.getTime() + policy.leaseMs), iso(now), iso(now), policy.batchSize],
    );
    claimed.sort((a, b) => a.id - b.id);
    for (const row of claimed) await sendOne(db, row, leaseId);
  }

  async function deliverPostgres(now: Date): Promise<void> {
    for (let i = 0; i < policy.batchSize; i++) {
      const more = await db.transaction(async (tx) => {
        const row = await tx.get<OutboxRow>(
          `SELECT ${OUTBOX_COLUMNS} FROM outbox WHERE status = 'pending' AND next_attempt_at <= ?
           ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
          [iso(now)],
        );
        if (!row) return false;
        await sendOne(tx, row, null);
        return true;
      });
      if (!more) break;
    }
  }

  /** One delivery round: drop what can no longer be sent, then send what is due. */
  async function deliverDue(): Promise<void> {
    const now = clock.now();
    await db.transaction(async (tx) => {
      await tx.run(
        "UPDATE outbox SET status = 'expired', text_body = NULL, html_body = NULL WHERE status = 'pending' AND expires_at IS NOT NULL AND expires_at <= ?",
        [iso(now)],
      );
      // Belt and braces: nothing but the confirmation goes to an address that is not (or no longer) subscribed.
      await tx.run(
        `UPDATE outbox SET status = 'cancelled', text_body = NULL, html_body = NULL
         WHERE status = 'pending' AND kind != 'confirm'
           AND subscription_id IN (SELECT id FROM subscriptions WHERE status != 'active')`,
      );
    });
    if (db.kind === 'postgres') await deliverPostgres(now);
    else await deliverSqlite(now);
  }

  return { deliverDue, reclaimDeadLeases };
}
