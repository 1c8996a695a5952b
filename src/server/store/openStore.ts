import { openSqliteStore } from './openSqliteStore.js';
import type { SqlStore } from './sqlStore.js';

export type { SqlStore } from './sqlStore.js';

export interface StoreSettings {
  /** postgres:// URL: subscriptions, tokens, outbox and scheduler state in PostgreSQL (replicas). */
  databaseUrl?: string;
  /** SQLite file (embedded default), or ':memory:'. */
  databasePath: string;
}

/** Opens the notification store the settings name, migrated to the latest schema. */
export async function openStore(settings: StoreSettings): Promise<SqlStore> {
  if (settings.databaseUrl) {
    // Loaded only when asked for, so the embedded default does not load the PostgreSQL client.
    const { openPostgresStore } = await import('./openPostgresStore.js');
    return openPostgresStore(settings.databaseUrl);
  }
  return openSqliteStore(settings.databasePath);
}
