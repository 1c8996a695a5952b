import { afterAll, beforeAll, describe } from 'vitest';
import { openPostgresStore } from '../store/openPostgresStore.js';
import { startPostgresTestServer, type PostgresTestServer } from '../../../test/support/startPostgresTestServer.js';
import { changeWatchSuite } from '../../../test/support/changeWatchSuite.js';

// The same suite as changeWatch.test.ts, on a real PostgreSQL server started here.
let server: PostgresTestServer;
beforeAll(async () => {
  server = await startPostgresTestServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('change watches on PostgreSQL', { timeout: 120_000 }, () => {
  const databases = new Map<string, Promise<string>>();
  changeWatchSuite({
    kind: 'postgres',
    async open(name, dir) {
      const key = `${dir}/${name}`;
      if (!databases.has(key)) databases.set(key, server.createDatabase(`change_${databases.size + 1}`));
      return openPostgresStore(await databases.get(key)!);
    },
  });
});
