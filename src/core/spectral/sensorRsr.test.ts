import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../test/support/fixturePaths.js';
import { simulateSensorBands, type SpectrumPoint } from './simulateOliBands.js';
import { ETM_RSR } from './etmRsr.js';
import { TM_RSR } from './tmRsr.js';

const REFERENCE = path.resolve(REPO_ROOT, '../shared/reference');

/** The shared reference table read directly: band -> [wavelength, response][]. */
function readTable(file: string): Record<string, [number, number][]> {
  const out: Record<string, [number, number][]> = {};
  for (const line of readFileSync(path.join(REFERENCE, file), 'utf8').trim().split('\n').slice(1)) {
    const [band, w, r] = line.split(',');
    (out[band] ??= []).push([Number(w), Number(r)]);
  }
  return out;
}

// A spectrum sampled on the tables' own 2.5 nm grid, so the expected value needs no interpolation:
// reflectance = wavelength (µm) / 4, from 0.35 to 2.6 µm.
const GRID: SpectrumPoint[] = Array.from({ length: 901 }, (_, i) => {
  const um = Number((0.35 + i * 0.0025).toFixed(4));
  return [um, um / 4];
});

describe('TM and ETM+ spectral responses', () => {
  for (const [sensor, file, embedded] of [['TM', 'landsat-tm-rsr.csv', TM_RSR], ['ETM+', 'landsat-etm-rsr.csv', ETM_RSR]] as const) {
    const table = readTable(file);
    it(`${sensor}: the embedded table is the shared reference table, row for row`, () => {
      expect(Object.keys(embedded)).toEqual(['B02', 'B03', 'B04', 'B05', 'B06', 'B07']);
      for (const [band, rows] of Object.entries(table)) expect(embedded[band as keyof typeof embedded], band).toEqual(rows);
    });

    it(`${sensor}: a spectrum is weighted by ${sensor}'s own response; B01 is named missing`, () => {
      const simulated = simulateSensorBands(GRID, sensor);
      for (const [band, rows] of Object.entries(table)) {
        const expected = rows.reduce((s, [w, r]) => s + (w / 4) * r, 0) / rows.reduce((s, [, r]) => s + r, 0);
        expect(simulated[band as 'B02'].reflectance, band).toBeCloseTo(expected, 10);
        expect(simulated[band as 'B02'].coverage).toBe(1);
      }
      expect(simulated.B01.reflectance).toBeNull();
      expect(simulated.B01.reason).toMatch(/no coastal\/aerosol band/);
    });
  }

  it('TM, ETM+ and OLI see the same spectrum differently (their bands differ)', () => {
    const red = (sensor: 'TM' | 'ETM+' | 'OLI/TIRS') => simulateSensorBands(GRID, sensor).B04.reflectance!;
    expect(red('TM')).not.toBeCloseTo(red('OLI/TIRS'), 4);
    expect(red('ETM+')).not.toBeCloseTo(red('OLI/TIRS'), 4);
  });
});
