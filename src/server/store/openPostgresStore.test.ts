import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStore } from './openPostgresStore.js';
import { postgresMigrations } from './postgresMigrations.js';
import { startPostgresTestServer, type PostgresTestServer } from '../../../test/support/startPostgresTestServer.js';
import { storeSuite } from '../../../test/support/storeSuite.js';
import { StoreError } from './storeErrors.js';

// The same store suite as SQLite's (openStore.test.ts), against a real PostgreSQL server started here.
let server: PostgresTestServer;
beforeAll(async () => {
  server = await startPostgresTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('the notification store on PostgreSQL', () => {
  let databaseUrl: Promise<string>;
  storeSuite(() => {
    databaseUrl = server.createDatabase();
    return { open: async () => openPostgresStore(await databaseUrl) };
  });

  it('applies each migration once when replicas start together', async () => {
    const url = await server.createDatabase();
    const stores = await Promise.all([1, 2, 3].map(() => openPostgresStore(url)));
    const versions = await stores[0].all<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(versions.map((v) => v.version)).toEqual(postgresMigrations.map((_, i) => i + 1));
    await Promise.all(stores.map((s) => s.close()));
  });

  it('says in words when PostgreSQL is not reachable, naming DATABASE_URL but no password', async () => {
    const err = await openPostgresStore('postgres://user:secret@127.0.0.1:1/nowhere').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreError);
    expect((err as StoreError).statusCode).toBe(503);
    expect((err as StoreError).message).toMatch(/^Notifications are unavailable: PostgreSQL is not reachable.*\(DATABASE_URL: 127\.0\.0\.1:1\/nowhere\)\.$/);
    expect((err as StoreError).message + (err as StoreError).detail).not.toContain('secret');
  });
});
