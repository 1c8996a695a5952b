import { describe, expect, it } from 'vitest';
import { decodeQaPixel } from '../raster/qaFlags.js';
import { computeIndices, indexSeries, pixelIndices, unavailableIndices } from './spectralIndices.js';

describe('computeIndices', () => {
  it('applies each formula to hand-checkable values', () => {
    // Green vegetation: blue 0.04, green 0.08, red 0.05, NIR 0.45, SWIR1 0.25, SWIR2 0.15, 300 K.
    const i = computeIndices({ B02: 0.04, B03: 0.08, B04: 0.05, B05: 0.45, B06: 0.25, B07: 0.15, B09: 300 });
    expect(i.ndvi).toBeCloseTo(0.4 / 0.5, 12); // (0.45-0.05)/(0.45+0.05)
    expect(i.evi).toBeCloseTo((2.5 * 0.4) / (0.45 + 0.3 - 0.3 + 1), 12);
    expect(i.ndwi).toBeCloseTo(-0.37 / 0.53, 12);
    expect(i.nbr).toBeCloseTo(0.3 / 0.6, 12);
    expect(i.ndsi).toBeCloseTo(-0.17 / 0.33, 12);
    expect(i.surfaceTemperatureC).toBeCloseTo(26.85, 12);
  });

  it('gives null for a missing band or a zero denominator, never a made-up number', () => {
    const i = computeIndices({ B04: 0, B05: 0 });
    expect(i.ndvi).toBeNull();
    expect(i.evi).toBeNull(); // no blue
    expect(i.surfaceTemperatureC).toBeNull();
    expect(computeIndices({ B02: 0.2, B04: 0, B05: 0.5 }).evi).toBeNull(); // 0.5 + 0 - 1.5 + 1 = 0
  });
});

describe('unavailableIndices', () => {
  it('names what the chosen bands cannot make and why', () => {
    const missing = unavailableIndices(['B01', 'B02', 'B03', 'B04', 'B05']);
    expect(Object.keys(missing).sort()).toEqual(['nbr', 'ndsi', 'surfaceTemperatureC']);
    expect(missing.nbr).toBe('NBR needs B07, which is not among the bands read');
    expect(unavailableIndices(['B04'])).toMatchObject({ evi: 'EVI needs B02 and B05, which are not among the bands read' });
  });
});

describe('pixelIndices and indexSeries', () => {
  const grid = (v: number) => [[v, v, v], [v, v, v], [v, v, v]];
  const scene = (id: string, qa: number) => ({
    id,
    satellite: 'landsat-8',
    datetime: `${id}T15:00:00Z`,
    bands: { B04: { values: grid(0.1) }, B05: { values: grid(0.3) } },
    qa: { values: grid(qa), flags: grid(qa).map((row) => row.map(decodeQaPixel)) },
  });

  it('uses clear pixels only, and says what the QA saw otherwise', () => {
    const { points, unavailable } = indexSeries({ scenes: [scene('2024-01-01', 21824), scene('2024-01-17', 22280)] });
    expect(points[0]).toMatchObject({ sceneId: '2024-01-01', clear: true, qa: ['clear'] });
    expect(points[0].indices.ndvi).toBeCloseTo(0.5, 12);
    expect(points[1]).toMatchObject({ clear: false, indices: { ndvi: null } });
    expect(points[1].qa).toContain('cloud');
    expect(Object.keys(unavailable)).toEqual(['evi', 'ndwi', 'nbr', 'ndsi', 'surfaceTemperatureC']);
    // Snow is a surface: NDSI exists for it.
    // 0x3020: snow bit (5) with high snow/ice confidence (bits 12-13), nothing else.
    expect(pixelIndices(scene('2024-02-02', 0x3020))).toMatchObject({ clear: true, qa: ['snow'] });
    expect(indexSeries({ scenes: [] })).toEqual({ points: [], unavailable: {} });
  });
});
