import type { SqlStore } from '../store/sqlStore.js';
import type { OutboxCounts } from './createMetrics.js';

/** Counts the notification outbox by status on the store's own connection (file, in-memory or PostgreSQL alike). */
export function createOutboxCounter(db: SqlStore): () => Promise<OutboxCounts> {
  return async () => {
    const counts: OutboxCounts = { pending: 0, sent: 0, failed: 0 };
    const rows = await db.all<{ status: string; n: number }>('SELECT status, CAST(count(*) AS INTEGER) AS n FROM outbox GROUP BY status');
    for (const row of rows) if (row.status in counts) counts[row.status as keyof OutboxCounts] = row.n;
    return counts;
  };
}
