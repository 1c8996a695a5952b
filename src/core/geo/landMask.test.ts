import { describe, expect, it } from 'vitest';
import { LAND_CELL_PX, landCell, landFraction } from './landMask.js';

describe('landMask (Natural Earth 1:10m land)', () => {
  it('knows land from sea at well-known places, lakes and inland seas included', () => {
    const land: Array<[string, number, number]> = [
      ['Paris', 2.35, 48.86], ['Sahara', 12.5, 24.5], ['Manaus', -60.02, -3.12], ['Greenland ice', -40, 72],
      ['Antarctic plateau', 0, -80], ['Svalbard', 16, 78.5], ['Alice Springs', 133.88, -23.7],
    ];
    const sea: Array<[string, number, number]> = [
      ['mid-Atlantic', -30, 30], ['mid-Pacific', -140, 0], ['Caspian Sea', 51, 42], ['Mediterranean', 18, 35], ['Southern Ocean', 0, -55],
    ];
    for (const [name, lon, lat] of land) expect(landFraction(lon, lat), name).toBe(1);
    for (const [name, lon, lat] of sea) expect(landFraction(lon, lat), name).toBe(0);
  });

  it('gives fractions between 0 and 1 along a coast, and wraps longitudes', () => {
    // The coast of Cape Town, sampled across ~30 km east-west: from sea to land.
    const values = Array.from({ length: 31 }, (_, i) => landFraction(18.2 + i * 0.01, -33.95));
    expect(values[0]).toBe(0);
    expect(values[30]).toBe(1);
    expect(values.some((v) => v > 0 && v < 1)).toBe(true);
    expect(landFraction(2.35 + 360, 48.86)).toBe(1);
  });

  it('rasterizes a 1 degree cell at 1/256 degree, north row first', () => {
    const cell = landCell(-1, 50); // the English Channel: England north, France south
    expect(cell.length).toBe(LAND_CELL_PX * LAND_CELL_PX);
    const rowLand = (r: number) => cell.subarray(r * LAND_CELL_PX, (r + 1) * LAND_CELL_PX).filter((v) => v === 255).length;
    expect(rowLand(0)).toBeGreaterThan(LAND_CELL_PX / 2);
    expect(rowLand(LAND_CELL_PX / 2)).toBe(0);
  });
});
