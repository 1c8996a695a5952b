import Database from 'better-sqlite3';
import type { OutboxCounts } from './createMetrics.js';

export interface OutboxCounter {
  counts(): OutboxCounts | null;
  close(): void;
}

/**
 * Reads the notification outbox's counts through a read-only connection of its own, so metrics
 * need nothing from the notification service. An in-memory store is private to its connection:
 * then there is nothing to read (null) unless someone calls Metrics.setOutboxCounts.
 */
export function createOutboxCounter(databasePath: string): OutboxCounter {
  let db: Database.Database | null = null;
  let statement: Database.Statement<[], { status: string; n: number }> | null = null;
  return {
    counts() {
      if (databasePath === ':memory:') return null;
      try {
        db ??= new Database(databasePath, { readonly: true, fileMustExist: true });
        statement ??= db.prepare<[], { status: string; n: number }>('SELECT status, count(*) AS n FROM outbox GROUP BY status');
        const counts: OutboxCounts = { pending: 0, sent: 0, failed: 0 };
        for (const row of statement.all()) if (row.status in counts) counts[row.status as keyof OutboxCounts] = row.n;
        return counts;
      } catch {
        return null;
      }
    },
    close() {
      db?.close();
      db = null;
      statement = null;
    },
  };
}
