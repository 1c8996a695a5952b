import type Database from 'better-sqlite3';
import type { OutboxCounts } from './createMetrics.js';

/**
 * Counts the notification outbox by status on the store's own connection, so the metric works
 * for file and in-memory databases alike and needs no second connection.
 */
export function createOutboxCounter(db: Database.Database): () => OutboxCounts {
  const statement = db.prepare<[], { status: string; n: number }>('SELECT status, count(*) AS n FROM outbox GROUP BY status');
  return () => {
    const counts: OutboxCounts = { pending: 0, sent: 0, failed: 0 };
    for (const row of statement.all()) if (row.status in counts) counts[row.status as keyof OutboxCounts] = row.n;
    return counts;
  };
}
