import { describe, expect, it } from 'vitest';
import { breakWords, changeAcrossBreak, dateOfOrdinal, fittedValue, ordinalDay } from './changeModel.js';

describe('change model reading', () => {
  it("counts ordinal days as Python's date.toordinal() does", () => {
    // Python: date(1970, 1, 1).toordinal() == 719163, date(2003, 7, 23).toordinal() == 731419,
    // date(1, 1, 1).toordinal() == 1 (values from the Python documentation's definition and CPython).
    expect(ordinalDay('1970-01-01')).toBe(719163);
    expect(ordinalDay('2003-07-23')).toBe(731419);
    expect(ordinalDay('0001-01-01')).toBe(1);
    expect(dateOfOrdinal(731419)).toBe('2003-07-23');
  });

  it('evaluates intercept + slope t + three harmonic pairs with omega = 2 pi / 365.2425', () => {
    const t = 731419;
    const w = (2 * Math.PI) / 365.2425;
    const model = { intercept: 0.5, coefficients: [1e-7, 0.01, -0.02, 0.003, 0.004, -0.005, 0.006] };
    const byHand = 0.5 + 1e-7 * t + 0.01 * Math.cos(w * t) - 0.02 * Math.sin(w * t) + 0.003 * Math.cos(2 * w * t) + 0.004 * Math.sin(2 * w * t) - 0.005 * Math.cos(3 * w * t) + 0.006 * Math.sin(3 * w * t);
    expect(fittedValue(model, t)).toBeCloseTo(byHand, 12);
  });

  it('says a break in words and numbers, leaving out bands that hardly changed', () => {
    const change = { B02: 0.004, B03: 0.01, B04: 0.03, B05: -0.1234, B06: 0.05, B07: 0.071, B09: 4.06 };
    expect(breakWords('2003-07-23', change)).toBe('2003-07-23: red +0.03, NIR -0.12, SWIR1 +0.05, SWIR2 +0.07, thermal +4.1 K');
  });

  it('measures the change across a break as the next model minus this one at the break date', () => {
    const flat = (v: number) => ({ intercept: v, coefficients: [0, 0, 0, 0, 0, 0, 0] });
    const models = (nir: number, slope = 0) => ({ B02: flat(0.02), B03: flat(0.04), B04: flat(0.03), B05: { intercept: nir, coefficients: [slope, 0, 0, 0, 0, 0, 0] }, B06: flat(0.15), B07: flat(0.06), B09: flat(290) });
    const t = ordinalDay('2008-01-02');
    const change = changeAcrossBreak({ breakDate: '2008-01-02', bands: models(0.3) }, { breakDate: null, bands: models(0.1 - 1e-6 * t, 1e-6) })!;
    expect(change.B05).toBeCloseTo(-0.2, 12);
    expect(change.B09).toBe(0);
    expect(changeAcrossBreak({ breakDate: null, bands: models(0.3) }, undefined)).toBeNull();
  });
});
