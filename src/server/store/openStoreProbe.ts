/**
 * Test support for storeFailures.test.ts: opens the SQLite store at argv[2] in this process (run as an
 * unprivileged user, since root ignores file permissions) and prints the outcome as JSON.
 */
import { openSqliteStore } from './openSqliteStore.js';
import { StoreError } from './storeErrors.js';

try {
  const store = openSqliteStore(process.argv[2]);
  await store.run("INSERT INTO subscriptions (id, email, email_key, lat, lon, lead_time_hours, max_cloud_cover, status, created_at) VALUES ('s', 'a', 'a', 0, 0, 6, 50, 'pending', 't')");
  console.log(JSON.stringify({ ok: true }));
} catch (err) {
  const e = err as StoreError;
  console.log(JSON.stringify({ ok: false, name: e.name, statusCode: e.statusCode, code: e.code, message: e.message, detail: e.detail }));
}
