import { describe, expect, it } from 'vitest';
import { parseCoordinates } from './parseCoordinates.js';

// Expected values worked out by hand: 30' = 0.5°, 36' = 0.6°, 15" = 0.0041667°.
describe('parseCoordinates', () => {
  it.each([
    ['45.5, -73.6', 45.5, -73.6],
    ['45.5 -73.6', 45.5, -73.6],
    ['45.5,-73.6', 45.5, -73.6],
    ['  -33.9249; 18.4241 ', -33.9249, 18.4241],
    ["45°30'N 73°36'W", 45.5, -73.6],
    ["45°30′N, 73°36′W", 45.5, -73.6],
    ['45 30 0 N 73 36 0 W', 45.5, -73.6],
    ['45°30\'0"N 73°36\'0"W', 45.5, -73.6],
    ['N45.5 W73.6', 45.5, -73.6],
    ['45.5N 73.6W', 45.5, -73.6],
    ['45.5 n 73.6 w', 45.5, -73.6],
    ["73°36'W 45°30'N", 45.5, -73.6],
    ["33°55'15\"S 18°25'E", -(33 + 55 / 60 + 15 / 3600), 18 + 25 / 60],
    ['0 0', 0, 0],
    ['45 30 -73 36', 45.5, -73.6],
  ])('%s', (query, lat, lon) => {
    const p = parseCoordinates(query);
    expect(p).not.toBeNull();
    expect(p!.lat).toBeCloseTo(lat, 9);
    expect(p!.lon).toBeCloseTo(lon, 9);
  });

  it.each(['Cologne', 'Route 66', '2001', '95, 10', '45, 190', "45°75'N 10°E", '45N 10N', '-45S 10E', '1, 2, 3', 'Lake Baikal', '45.5 -73.6 foo', ''])('%s is not a point', (query) => {
    expect(parseCoordinates(query)).toBeNull();
  });
});
