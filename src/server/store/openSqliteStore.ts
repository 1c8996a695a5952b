import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrations } from './migrations.js';
import type { SqlQueryable, SqlStore, SqlValue } from './sqlStore.js';
import { toStoreError, type StoreTarget } from './storeErrors.js';

/**
 * Opens (creating if needed) the server's SQLite database and brings its schema up to date.
 * `':memory:'` gives a private in-memory database (tests). Failures are StoreErrors naming DATABASE_PATH.
 *
 * WAL lets the HTTP handlers read while the scheduler writes; busy_timeout makes a second process
 * on the same file wait for a lock instead of failing at once (https://www.sqlite.org/wal.html).
 * better-sqlite3 is synchronous: the async interface serialises transactions so that no other call
 * runs inside one while it awaits.
 */
export function openSqliteStore(filePath: string): SqlStore & { readonly db: Database.Database } {
  const target: StoreTarget = { kind: 'sqlite', location: filePath };
  const fail = (err: unknown): never => {
    throw toStoreError(err, target);
  };
  let db: Database.Database;
  try {
    if (filePath !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(filePath)), { recursive: true });
    db = new Database(filePath);
  } catch (err) {
    return fail(err);
  }
  try {
    if (filePath !== ':memory:') db.pragma('journal_mode = WAL');
    db.pragma('busy_timeout = 5000');
    db.pragma('foreign_keys = ON');
    // NORMAL is durable across application crashes in WAL mode; only an OS crash may lose the last commit.
    db.pragma('synchronous = NORMAL');
    migrateSqlite(db);
  } catch (err) {
    db.close();
    return fail(err);
  }

  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string) => {
    let s = statements.get(sql);
    if (!s) statements.set(sql, (s = db.prepare(sql)));
    return s;
  };
  const direct: SqlQueryable = {
    async all<T>(sql: string, params: readonly SqlValue[] = []) {
      try {
        return prepare(sql).all(...params) as T[];
      } catch (err) {
        return fail(err);
      }
    },
    async get<T>(sql: string, params: readonly SqlValue[] = []) {
      try {
        return prepare(sql).get(...params) as T | undefined;
      } catch (err) {
        return fail(err);
      }
    },
    async run(sql: string, params: readonly SqlValue[] = []) {
      try {
        return prepare(sql).run(...params).changes;
      } catch (err) {
        return fail(err);
      }
    },
  };

  // While a transaction awaits, calls from elsewhere queue behind it rather than run inside it.
  let tail: Promise<void> = Promise.resolve();
  const turn = (): Promise<() => void> => {
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const previous = tail;
    tail = previous.then(() => done);
    return previous.then(() => release);
  };
  const queued =
    <A extends unknown[], R>(f: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const release = await turn();
      try {
        return await f(...args);
      } finally {
        release();
      }
    };

  return {
    kind: 'sqlite',
    location: filePath,
    db,
    all: queued(direct.all) as SqlQueryable['all'],
    get: queued(direct.get) as SqlQueryable['get'],
    run: queued(direct.run),
    async transaction<T>(fn: (tx: SqlQueryable) => Promise<T>): Promise<T> {
      const release = await turn();
      try {
        try {
          db.exec('BEGIN IMMEDIATE');
        } catch (err) {
          return fail(err);
        }
        try {
          const value = await fn(direct);
          db.exec('COMMIT');
          return value;
        } catch (err) {
          if (db.inTransaction) db.exec('ROLLBACK');
          throw toStoreError(err, target);
        }
      } finally {
        release();
      }
    },
    async withExclusiveLock(_name, fn) {
      return { ran: true as const, value: await fn() };
    },
    async ping() {
      await direct.get('SELECT count(*) FROM sqlite_master');
    },
    async close() {
      if (db.open) db.close();
    },
  };
}

/** Applies every migration newer than `PRAGMA user_version`, each in its own transaction. */
export function migrateSqlite(db: Database.Database): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) {
    throw new Error(`database schema version ${current} is newer than this server knows (${migrations.length})`);
  }
  for (let version = current; version < migrations.length; version++) {
    db.transaction(() => {
      db.exec(migrations[version]);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
  return migrations.length;
}
