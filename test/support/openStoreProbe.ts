/**
 * Test support for storeFailures.test.ts: opens the SQLite store at argv[2] in this process and
 * prints the outcome as JSON. Root ignores file permissions, so when started as root it first loads
 * everything it needs (the store's code and SQLite's native module), then drops to the user id in
 * argv[3] before opening the file. Loading first means the checkout may sit in a folder that user
 * cannot enter (a root user's home, a `mktemp -d` folder).
 */
import { openSqliteStore } from '../../src/server/store/openSqliteStore.js';
import { StoreError } from '../../src/server/store/storeErrors.js';

const [file, unprivilegedId] = process.argv.slice(2);
// An in-memory store loads better-sqlite3's native module while this process can still read it.
openSqliteStore(':memory:').close();
if (process.getuid?.() === 0 && unprivilegedId) {
  const id = Number(unprivilegedId);
  process.setgroups!([]);
  process.setgid!(id);
  process.setuid!(id);
}

try {
  const store = openSqliteStore(file);
  await store.run("INSERT INTO subscriptions (id, email, email_key, lat, lon, lead_time_hours, max_cloud_cover, status, created_at) VALUES ('s', 'a', 'a', 0, 0, 6, 50, 'pending', 't')");
  console.log(JSON.stringify({ ok: true }));
} catch (err) {
  const e = err as StoreError;
  console.log(JSON.stringify({ ok: false, name: e.name, statusCode: e.statusCode, code: e.code, message: e.message, detail: e.detail }));
}
