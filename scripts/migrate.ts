// `npm run migrate`: bring the notification store named by DATABASE_URL (PostgreSQL) or DATABASE_PATH
// (SQLite) to the latest schema, once, before starting or upgrading replicas. Servers also migrate at
// start (under an advisory lock on PostgreSQL), so this is for deployments that prefer an explicit step.
import { loadConfig } from '../src/server/config.js';
import { openStore } from '../src/server/store/openStore.js';
import { StoreError } from '../src/server/store/storeErrors.js';

const config = loadConfig();
try {
  const store = await openStore({ databaseUrl: config.DATABASE_URL, databasePath: config.DATABASE_PATH });
  const version = store.kind === 'postgres'
    ? (await store.get<{ v: number }>('SELECT max(version) AS v FROM schema_migrations'))!.v
    : (await store.get<{ user_version: number }>('PRAGMA user_version'))!.user_version;
  console.log(`Notification store (${store.kind}, ${store.kind === 'postgres' ? 'DATABASE_URL' : 'DATABASE_PATH'}=${store.location}) is at schema version ${version}.`);
  await store.close();
} catch (err) {
  console.error(err instanceof StoreError ? `${err.message}\n${err.detail}` : err);
  process.exit(1);
}
