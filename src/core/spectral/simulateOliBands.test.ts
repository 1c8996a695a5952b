import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../test/support/fixturePaths.js';
import { OLI_BAND_IDS, OLI_RSR, type OliBandId } from './oliRsr.js';
import { simulateOliBands, type SpectrumPoint } from './simulateOliBands.js';
import { spectrumProblems } from './spectrumProblems.js';

const flat = (reflectance: number, fromUm = 0.35, toUm = 2.6, stepUm = 0.001): SpectrumPoint[] => {
  const points: SpectrumPoint[] = [];
  for (let i = 0; fromUm + i * stepUm <= toUm + 1e-12; i++) points.push([Number((fromUm + i * stepUm).toFixed(6)), reflectance]);
  return points;
};

describe('the embedded OLI response table', () => {
  it('is the shared reference table, row for row', () => {
    const csv = readFileSync(path.join(FIXTURES_DIR, '../reference/landsat-oli-rsr.csv'), 'utf8').trim().split(/\r?\n/).slice(1);
    const embedded = OLI_BAND_IDS.flatMap((band) => OLI_RSR[band].map(([w, r]) => [band, w, r]));
    expect(embedded).toEqual(csv.map((line) => line.split(',')).map(([b, w, r]) => [b, Number(w), Number(r)]));
  });
});

describe('simulateOliBands', () => {
  it('gives a flat spectrum back in every band', () => {
    const bands = simulateOliBands(flat(0.37));
    for (const band of OLI_BAND_IDS) {
      expect(bands[band].coverage, band).toBe(1);
      expect(bands[band].reflectance, band).toBeCloseTo(0.37, 12);
    }
  });

  it("gives a step spectrum each band's response-weighted fraction above the step", () => {
    // 0 below 0.4535 µm, 1 from it on: the step lies inside B01 and B02, between two table rows.
    const stepUm = 0.4535;
    const spectrum: SpectrumPoint[] = [[0.35, 0], [stepUm - 1e-7, 0], [stepUm, 1], [2.6, 1]];
    const bands = simulateOliBands(spectrum);
    for (const band of OLI_BAND_IDS) {
      const rows = OLI_RSR[band];
      const total = rows.reduce((s, [, r]) => s + r, 0);
      // Rows at or past the step see 1; the 0.1 nm ramp before it falls between rows, so no row sees a partial value.
      const above = rows.filter(([w]) => w >= stepUm).reduce((s, [, r]) => s + r, 0);
      expect(bands[band].reflectance, band).toBeCloseTo(above / total, 12);
    }
    expect(bands.B01.reflectance).toBeGreaterThan(0);
    expect(bands.B01.reflectance).toBeLessThan(0.5);
    expect(bands.B02.reflectance).toBeGreaterThan(0.9);
    expect(bands.B04.reflectance).toBe(1);
  });

  it('reproduces a band from a spectrum sampled from its own response', () => {
    // Reflectance = B04's relative response (0 elsewhere): the band sees sum(S^2)/sum(S).
    const spectrum: SpectrumPoint[] = [[0.35, 0], [0.6, 0], ...OLI_RSR.B04.map(([w, r]) => [w, r] as SpectrumPoint), [0.7, 0], [2.6, 0]];
    const bands = simulateOliBands(spectrum);
    const rows = OLI_RSR.B04;
    const expected = rows.reduce((s, [, r]) => s + r * r, 0) / rows.reduce((s, [, r]) => s + r, 0);
    expect(bands.B04.reflectance).toBeCloseTo(expected, 12);
    // Bands that do not overlap B04 see nothing of it.
    for (const band of ['B01', 'B02', 'B05', 'B06', 'B07'] as OliBandId[]) expect(bands[band].reflectance, band).toBe(0);
  });

  it('does not simulate a band the spectrum covers only partly, and says how much it covers', () => {
    // A VNIR instrument: 350-1000 nm covers B01-B05, none of B06-B07.
    const bands = simulateOliBands(flat(0.2, 0.35, 1.0));
    for (const band of ['B01', 'B02', 'B03', 'B04', 'B05'] as OliBandId[]) expect(bands[band].reflectance, band).toBeCloseTo(0.2, 12);
    expect(bands.B06).toMatchObject({ reflectance: null, coverage: 0 });
    expect(bands.B06.reason).toMatch(/covers 0.0 %/);
    // Ending inside B03 (0.512-0.6095 µm): a fraction of its response, between 0 and 1.
    const partial = simulateOliBands(flat(0.2, 0.35, 0.56));
    expect(partial.B03.reflectance).toBeNull();
    expect(partial.B03.coverage).toBeGreaterThan(0.2);
    expect(partial.B03.coverage).toBeLessThan(0.8);
    const rows = OLI_RSR.B03;
    expect(partial.B03.coverage).toBeCloseTo(rows.filter(([w]) => w <= 0.56).reduce((s, [, r]) => s + r, 0) / rows.reduce((s, [, r]) => s + r, 0), 12);
    expect(partial.B02.reflectance).toBeCloseTo(0.2, 12);
  });
});

describe('spectrumProblems', () => {
  it('accepts a clean spectrum', () => {
    expect(spectrumProblems(flat(0.3))).toEqual([]);
  });
  it.each<[string, SpectrumPoint[], RegExp]>([
    ['one point', [[0.5, 0.1]], /at least two/],
    ['unsorted', [[0.5, 0.1], [0.4, 0.1], [0.6, 0.1]], /0.4 µm comes after 0.5 µm/],
    ['a duplicate', [[0.4, 0.1], [0.4, 0.2], [0.6, 0.1]], /0.4 µm appears twice/],
    ['negative reflectance', [[0.4, 0.1], [0.5, -0.01]], /reflectance -0.01 at 0.5 µm is negative/],
    ['percent', [[0.4, 10], [0.5, 45]], /above 2 \(send a 0-1 fraction/],
    ['nanometres', [[400, 0.1], [500, 0.1]], /400 µm is outside 0.35-2.6 µm/],
    ['a band spanned by one point', [[0.35, 0.1], [0.44, 0.1], [0.7, 0.1]], /B02 \(0.436-0.526 µm\) holds 0 points|B01 \(0.427-0.457 µm\) holds 1 point/],
  ])('names %s', (_name, spectrum, message) => {
    expect(spectrumProblems(spectrum).join('; ')).toMatch(message);
  });
});
