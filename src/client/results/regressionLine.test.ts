import { describe, expect, it } from 'vitest';
import { regressionLine, regressionLineColor } from './regressionLine.js';
import { groupBandMeans } from './groupBandMeans.js';
import type { LandsatDataEntry } from '../../shared/api/landsatData.js';

/** Entries with only what the function reads (it tolerates the rest missing). */
const partialEntries = (entries: unknown[]) => entries as LandsatDataEntry[];

describe('regressionLine', () => {
  it('fits an exact line', () => {
    const line = regressionLine([0, 1, 2, 3].map((x) => ({ x, y: 2 * x + 1 })));
    expect(line.slope).toBeCloseTo(2, 12);
    expect(line.intercept).toBeCloseTo(1, 12);
  });

  it('fits noisy data by least squares', () => {
    // y = 10, 12, 11, 15: slope = sum((x-1.5)(y-12)) / sum((x-1.5)^2) = 7/5
    const line = regressionLine([10, 12, 11, 15].map((y, x) => ({ x, y })));
    expect(line.slope).toBeCloseTo(1.4, 12);
    expect(line.intercept).toBeCloseTo(12 - 1.4 * 1.5, 12);
  });

  it('gives a flat line for a single point or no points', () => {
    expect(regressionLine([{ x: 0, y: 0.3 }])).toEqual({ slope: 0, intercept: 0.3 });
    expect(regressionLine([])).toEqual({ slope: 0, intercept: 0 });
  });
});

describe('regressionLineColor', () => {
  it('is green when the slope is >= 0 and red otherwise', () => {
    expect(regressionLineColor(0.5)).toBe('green');
    expect(regressionLineColor(0)).toBe('green');
    expect(regressionLineColor(-0)).toBe('green');
    expect(regressionLineColor(-1e-9)).toBe('red');
    expect(regressionLineColor(regressionLine([3, 2, 1].map((y, x) => ({ x, y }))).slope)).toBe('red');
  });
});

describe('groupBandMeans', () => {
  it('groups means per band name across entries, in order, skipping missing values', () => {
    const stats = (mean: number | null) => ({ stats: { mean } });
    const grouped = groupBandMeans(partialEntries([
      { outputs: { data: { bands: { B04: stats(0.1), B05: stats(0.4) } } } },
      { outputs: {} },
      { outputs: { data: { bands: { B04: stats(null), B05: stats(0.5) } } } },
      { outputs: { data: { bands: { B04: stats(0.3) } } } },
    ]));
    expect([...grouped.keys()]).toEqual(['B04', 'B05']);
    expect(grouped.get('B04')).toEqual([0.1, 0.3]);
    expect(grouped.get('B05')).toEqual([0.4, 0.5]);
  });
});
