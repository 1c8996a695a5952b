import { describe, expect, it } from 'vitest';
import { satelliteName } from './satelliteName.js';

describe('satelliteName', () => {
  it.each([
    ['landsat-4', 'Landsat 4'],
    ['landsat-5', 'Landsat 5'],
    ['landsat-7', 'Landsat 7'],
    ['landsat-8', 'Landsat 8'],
    ['LANDSAT-9', 'Landsat 9'],
    ['sentinel-2a', 'sentinel-2a'],
  ])('%s -> %s', (id, name) => {
    expect(satelliteName(id)).toBe(name);
  });
});
