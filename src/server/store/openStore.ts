import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrations } from './migrations.js';

export type Store = Database.Database;

/**
 * Opens (creating if needed) the server's SQLite database and brings its schema up to date.
 * `':memory:'` gives a private in-memory database (tests).
 *
 * WAL lets the HTTP handlers read while the scheduler writes; busy_timeout makes a second process
 * on the same file wait for a lock instead of failing at once (https://www.sqlite.org/wal.html).
 */
export function openStore(filePath: string): Store {
  if (filePath !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(filePath)), { recursive: true });
  const db = new Database(filePath);
  try {
    if (filePath !== ':memory:') db.pragma('journal_mode = WAL');
    db.pragma('busy_timeout = 5000');
    db.pragma('foreign_keys = ON');
    // NORMAL is durable across application crashes in WAL mode; only an OS crash may lose the last commit.
    db.pragma('synchronous = NORMAL');
    migrateStore(db);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

/** Applies every migration newer than `PRAGMA user_version`, each in its own transaction. */
export function migrateStore(db: Store): number {
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
