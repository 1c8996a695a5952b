import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.js';
import { observationsCsv, segmentsCsv, SEGMENT_COLUMNS } from './changeCsv.js';

const flat = (value: number) => ({ intercept: value, coefficients: [0, 0, 0, 0, 0, 0, 0], rmse: 0.0123456789, magnitude: -0.1234567891 });
const bands = { B02: flat(0.02), B03: flat(0.04), B04: flat(0.03), B05: flat(0.3), B06: flat(0.15), B07: flat(0.06), B09: { ...flat(290), rmse: 1.23456, magnitude: 5.6789 } };
const segments = [
  { startDate: '1990-01-01', endDate: '1999-10-10', breakDate: '1999-10-26', observationCount: 120, changeProbability: 1, curveQa: 8, procedure: 'standard', bands },
  { startDate: '1999-10-26', endDate: '2020-01-01', breakDate: null, observationCount: 200, changeProbability: 0.1666666666, curveQa: 8, procedure: 'standard', bands },
];

describe('change CSVs', () => {
  it('writes one row per segment at the data precision: reflectance 6 decimals, kelvin 2, probability 4', () => {
    const rows = parseCsv(segmentsCsv(segments));
    expect(rows[0]).toEqual(SEGMENT_COLUMNS);
    expect(rows).toHaveLength(3);
    const at = (row: number, column: string) => rows[row][rows[0].indexOf(column)];
    expect(at(1, 'break_date')).toBe('1999-10-26');
    expect(at(2, 'break_date')).toBe('');
    expect(at(2, 'change_probability')).toBe('0.1667');
    expect(at(1, 'B05_nir_magnitude_reflectance')).toBe('-0.123457');
    expect(at(1, 'B05_nir_rmse_reflectance')).toBe('0.012346');
    expect(at(1, 'B09_thermal_magnitude_kelvin')).toBe('5.68');
    expect(at(1, 'B09_thermal_rmse_kelvin')).toBe('1.23');
    // The two flat models are equal: no change across the break; none after the last segment.
    expect(at(1, 'B05_nir_change_reflectance')).toBe('0');
    expect(at(2, 'B05_nir_change_reflectance')).toBe('');
  });

  it('puts each observation beside the fitted value of the segment covering its date (none outside every segment)', () => {
    const values = { B02: 0.021, B03: 0.041, B04: 0.031, B05: 0.2999999999, B06: 0.15, B07: 0.06, B09: 291.123456 };
    const rows = parseCsv(observationsCsv([
      { date: '1995-06-01', sceneId: 'X', sensor: 'TM', values, qa: 5440, clear: true, used: true },
      { date: '1985-06-01', values, qa: 5440, clear: true, used: false },
    ], segments));
    const at = (row: number, column: string) => rows[row][rows[0].indexOf(column)];
    expect(at(1, 'segment')).toBe('1');
    expect(at(1, 'B05_reflectance')).toBe('0.3');
    expect(at(1, 'B05_fitted_reflectance')).toBe('0.3');
    expect(at(1, 'B09_kelvin')).toBe('291.12');
    expect(at(1, 'B09_fitted_kelvin')).toBe('290');
    expect(at(2, 'segment')).toBe('');
    expect(at(2, 'B05_fitted_reflectance')).toBe('');
  });
});
