import { afterAll, describe, expect, it } from 'vitest';
import { openPostgresStore } from './openPostgresStore.js';
import { openSqliteStore } from './openSqliteStore.js';
import { openSavedAreaStore } from './savedAreaStore.js';
import type { SqlStore } from './sqlStore.js';
import { startPostgresTestServer, type PostgresTestServer } from '../../../test/support/startPostgresTestServer.js';

let postgres: PostgresTestServer | undefined;
afterAll(async () => {
  await postgres?.close();
});

// The same statements on both back-ends: SQLite (embedded default) and a real PostgreSQL server started here.
const backEnds: [string, () => Promise<SqlStore>][] = [
  ['SQLite', async () => openSqliteStore(':memory:')],
  [
    'PostgreSQL',
    async () => {
      postgres ??= await startPostgresTestServer();
      return openPostgresStore(await postgres.createDatabase());
    },
  ],
];

describe.each(backEnds)('saved area store on %s', (_name, open) => {
  it('keeps at most maxAreas outlines: the one read longest ago makes room; the same outline keeps its id', async () => {
    const sql = await open();
    let clock = Date.parse('2026-01-01T00:00:00Z');
    const areas = await openSavedAreaStore(sql, { maxAreas: 2, now: () => new Date((clock += 1000)) });
    const a = await areas.save('{"a":1}');
    const b = await areas.save('{"b":1}');
    expect(await areas.load(a)).toBe('{"a":1}'); // read: b is now the one read longest ago
    const c = await areas.save('{"c":1}');
    expect(await areas.load(b)).toBeUndefined();
    expect(await areas.load(a)).toBe('{"a":1}');
    expect(await areas.load(c)).toBe('{"c":1}');
    expect(await areas.save('{"a":1}')).toBe(a);
    expect(await areas.load('not an id')).toBeUndefined();
    await sql.close();
  }, 60_000);
});
