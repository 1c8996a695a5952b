import { createHash } from 'node:crypto';
import pg from 'pg';
import { postgresMigrations } from './postgresMigrations.js';
import type { SqlQueryable, SqlStore, SqlValue } from './sqlStore.js';
import { redactUrl, toStoreError, type StoreTarget } from './storeErrors.js';

/** Advisory-lock namespace of this application ("LOTF"), so its locks cannot collide with another app's. */
const LOCK_CLASS = 0x4c4f5446 | 0;

/** `?` placeholders (shared with SQLite) numbered for PostgreSQL; no statement of ours has a literal `?`. */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

const lockIdOf = (name: string) => createHash('sha256').update(name).digest().readInt32BE(0);

export interface PostgresStoreOptions {
  /** Connections per replica (default 10): scheduler lock, a send in progress, and requests. */
  maxConnections?: number;
  /** Skip migrations (they are run once by `npm run migrate` or the first replica). */
  migrate?: boolean;
}

/**
 * The notification store on PostgreSQL (`DATABASE_URL`), for any number of replicas on one database.
 * Migrations run under an advisory lock, so replicas starting together apply each once.
 */
export async function openPostgresStore(url: string, options: PostgresStoreOptions = {}): Promise<SqlStore> {
  const target: StoreTarget = { kind: 'postgres', location: redactUrl(url) };
  const fail = (err: unknown): never => {
    throw toStoreError(err, target);
  };
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 5_000,
    // A statement that waits this long on a lock or a slow server fails instead of holding a request.
    statement_timeout: 30_000,
    application_name: 'landsat-on-the-fly',
  });
  // An idle connection that breaks (server restart, network) must not crash the process: the next query reconnects.
  pool.on('error', () => {});

  const on = (client: pg.Pool | pg.PoolClient): SqlQueryable => ({
    async all<T>(sql: string, params: readonly SqlValue[] = []) {
      try {
        return (await client.query(numbered(sql), params as SqlValue[])).rows as T[];
      } catch (err) {
        return fail(err);
      }
    },
    async get<T>(sql: string, params: readonly SqlValue[] = []) {
      try {
        return (await client.query(numbered(sql), params as SqlValue[])).rows[0] as T | undefined;
      } catch (err) {
        return fail(err);
      }
    },
    async run(sql: string, params: readonly SqlValue[] = []) {
      try {
        return (await client.query(numbered(sql), params as SqlValue[])).rowCount ?? 0;
      } catch (err) {
        return fail(err);
      }
    },
  });

  const quietened = new WeakSet<pg.PoolClient>();
  const connect = async () => {
    try {
      const client = await pool.connect();
      if (!quietened.has(client)) {
        client.on('error', () => {}); // reported by the query that was running; see pool.on('error') above
        quietened.add(client);
      }
      return client;
    } catch (err) {
      return fail(err);
    }
  };

  async function transaction<T>(fn: (tx: SqlQueryable) => Promise<T>): Promise<T> {
    const client = await connect();
    let broken: unknown = undefined;
    try {
      await client.query('BEGIN');
      const value = await fn(on(client));
      await client.query('COMMIT');
      return value;
    } catch (err) {
      await client.query('ROLLBACK').catch((rollbackErr: unknown) => (broken = rollbackErr));
      throw toStoreError(err, target);
    } finally {
      // A connection that failed to roll back is dropped rather than handed to the next caller.
      client.release(broken instanceof Error ? broken : undefined);
    }
  }

  const store: SqlStore = {
    kind: 'postgres',
    location: target.location,
    ...on(pool),
    transaction,
    async withExclusiveLock(name, fn) {
      const client = await connect();
      const key = lockIdOf(name);
      let broken: Error | undefined;
      try {
        const { rows } = await client.query('SELECT pg_try_advisory_lock($1, $2) AS ok', [LOCK_CLASS, key]).catch(fail);
        if (!rows[0].ok) return { ran: false as const };
        try {
          return { ran: true as const, value: await fn() };
        } finally {
          await client.query('SELECT pg_advisory_unlock($1, $2)', [LOCK_CLASS, key]).catch((err: Error) => (broken = err));
        }
      } finally {
        // Dropping a connection whose unlock failed also releases the lock: PostgreSQL frees it with the session.
        client.release(broken);
      }
    },
    async ping() {
      await store.get('SELECT 1 AS ok');
    },
    async close() {
      await pool.end();
    },
  };

  if (options.migrate !== false) {
    try {
      await migratePostgres(store);
    } catch (err) {
      await pool.end().catch(() => {});
      throw toStoreError(err, target);
    }
  }
  return store;
}

/** Applies every migration newer than the database's, each in its own transaction, one replica at a time. */
export async function migratePostgres(store: SqlStore): Promise<number> {
  return store.transaction(async (tx) => {
    // Held to the end of this transaction: a second replica starting now waits, then finds nothing to do.
    await tx.run('SELECT pg_advisory_xact_lock(?, ?)', [LOCK_CLASS, lockIdOf('schema-migrations')]);
    await tx.run('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)');
    const row = await tx.get<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations');
    const current = row?.v ?? 0;
    if (current > postgresMigrations.length) {
      throw new Error(`database schema version ${current} is newer than this server knows (${postgresMigrations.length})`);
    }
    for (let version = current; version < postgresMigrations.length; version++) {
      await tx.run(postgresMigrations[version]);
      await tx.run('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)', [version + 1, new Date().toISOString()]);
    }
    return postgresMigrations.length;
  });
}
