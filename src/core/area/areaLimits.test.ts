import { describe, expect, it } from 'vitest';
import { areaOverviewLevel } from './areaLimits.js';

describe('areaOverviewLevel: the pixel budget of an area request', () => {
  // Expected levels by hand: pixels = km² x 1,111.1 (30 m) x scenes, divided by 4 a level until <= 40 million.
  it.each([
    [1, 1, 'auto', 0], // 1,111 pixels
    [100, 46, 'auto', 0], // a 100 km² field over a year of one path/row: 5.1 million
    [780, 46, 'auto', 0], // 39.9 million: just within
    [800, 46, 'auto', 1], // 40.9 million: 10.2 million at 60 m
    [2500, 184, 'auto', 2], // the bench's square over a year at the default point: 511 million, 32 million at 120 m
    [2500, 500, 'auto', 3], // 1,389 million: 86.8 million at 120 m is over, 21.7 million at 240 m
    [2500, 1000, 'auto', 4], // 2,778 million: 43.4 million at 240 m is over, 10.9 million at 480 m
    [25_000, 2000, 'auto', 4], // held at the coarsest overview (480 m) however much is asked
    [2500, 184, 'full', 0], // "full": the 30 m pixels whatever it takes
  ] as const)('%i km² over %i scenes (%s): level %i', (km2, scenes, resolution, level) => {
    expect(areaOverviewLevel(km2, scenes, resolution)).toBe(level);
  });
});
