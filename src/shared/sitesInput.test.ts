import { describe, expect, it } from 'vitest';
import { parseSitesCsv } from './sitesInput.js';

describe('parseSitesCsv', () => {
  it('lists the bad lines and keeps the readable sites beside them (the page draws those on the map)', () => {
    const parsed = parseSitesCsv('id,lat,lon\na,1,2\nb,95,2\nc,-3,4\na,5,6');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.bad.map((b) => b.line)).toEqual([3, 5]);
    expect(parsed.readable).toEqual([
      { id: 'a', lat: 1, lon: 2 },
      { id: 'c', lat: -3, lon: 4 },
    ]);
  });
});
