import { describe, expect, it } from 'vitest';
import { openSqliteStore } from './openSqliteStore.js';
import { openSavedAreaStore } from './savedAreaStore.js';

describe('saved area store', () => {
  it('keeps at most maxAreas outlines: the one read longest ago makes room', async () => {
    const sql = await openSqliteStore(':memory:');
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
    await sql.close();
  });
});
