import { afterAll, beforeAll, describe } from 'vitest';
import { openPostgresStore } from '../store/openPostgresStore.js';
import { startPostgresTestServer, type PostgresTestServer } from '../../../test/support/startPostgresTestServer.js';
import { notificationServiceSuite } from '../../../test/support/notificationServiceSuite.js';

// The same suite as notificationService.test.ts, on a real PostgreSQL server started here.
let server: PostgresTestServer;
beforeAll(async () => {
  server = await startPostgresTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('notification service on PostgreSQL', () => {
  // One database per test folder and name, created on first use.
  const databases = new Map<string, Promise<string>>();
  notificationServiceSuite({
    kind: 'postgres',
    async open(name, dir) {
      const key = `${dir}/${name}`;
      if (!databases.has(key)) databases.set(key, server.createDatabase(`svc_${databases.size + 1}`));
      return openPostgresStore(await databases.get(key)!);
    },
  });
});
