import { describe, expect, it } from 'vitest';
import { detectChanges, type ChangeObservation } from './detectChanges.js';

// Synthetic pixels built from known harmonic models (values chosen here, not by the code under test):
// every 16 days 1990-2009, clear, small deterministic noise, and in one case a step on 2000-06-01.
const CLEAR = 21824; // QA_PIXEL: clear bit and low confidences
const CLOUD = 22280; // QA_PIXEL: cloud bit 3
const W = (2 * Math.PI) / 365.2425;
const BASE = { B02: 0.04, B03: 0.07, B04: 0.06, B05: 0.3, B06: 0.18, B07: 0.09, B09: 290 };
/** Annual cycle per band: [cos, sin] amplitude. */
const ANNUAL = { B02: [0.01, 0], B03: [0.015, 0.005], B04: [0.01, 0.004], B05: [0.05, 0.02], B06: [0.02, -0.01], B07: [0.01, 0], B09: [8, 3] } as const;
const STEP = { B02: 0, B03: 0, B04: 0.03, B05: -0.12, B06: 0.05, B07: 0.04, B09: 0 };
const STEP_DATE = '2000-06-01';
type Band = keyof typeof BASE;
const BANDS = Object.keys(BASE) as Band[];

function ordinal(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / 86_400_000 + 719_163;
}

function synthetic(options: { step: boolean; cloudyShare?: number; spacingDays?: number }): ChangeObservation[] {
  let seed = 12345;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31 - 0.5; // -0.5 .. 0.5
  };
  const out: ChangeObservation[] = [];
  for (let ms = Date.UTC(1990, 0, 5); ms <= Date.UTC(2009, 11, 31); ms += (options.spacingDays ?? 16) * 86_400_000) {
    const date = new Date(ms).toISOString().slice(0, 10);
    const t = ordinal(date);
    const after = options.step && date >= STEP_DATE;
    const o = { date, qa: CLEAR } as ChangeObservation;
    for (const b of BANDS) {
      const [c, s] = ANNUAL[b];
      const v = BASE[b] + c * Math.cos(W * t) + s * Math.sin(W * t) + (after ? STEP[b] : 0) + noise() * (b === 'B09' ? 1 : 0.006);
      o[b] = b === 'B09' ? Math.round(v * 10) / 10 : Math.round(v * 10_000) / 10_000;
    }
    if (options.cloudyShare !== undefined && noise() + 0.5 < options.cloudyShare) o.qa = CLOUD;
    out.push(o);
  }
  return out;
}

describe('detectChanges on synthetic pixels', () => {
  it('finds a step change at its date and recovers the models on both sides', () => {
    const series = synthetic({ step: true });
    const result = detectChanges(series);
    const firstAfter = series.find((o) => o.date >= STEP_DATE)!.date;
    expect(result.segments.map((s) => s.breakDate)).toEqual([firstAfter, null]);
    const [before, after] = result.segments as [NonNullable<(typeof result.segments)[0]>, NonNullable<(typeof result.segments)[0]>];
    expect(before.changeProbability).toBe(1);
    expect(before.procedure).toBe('standard');
    expect(after.startDate).toBe(firstAfter);
    for (const b of BANDS) {
      const tolerance = b === 'B09' ? 0.6 : 0.004;
      for (const [segment, shift] of [
        [before, 0],
        [after, STEP[b]],
      ] as const) {
        const m = segment.bands[b];
        // The annual harmonic and a flat trend (slope over ten years ~ 0).
        expect(Math.abs(m.coefficients[1]! - ANNUAL[b][0])).toBeLessThan(tolerance);
        expect(Math.abs(m.coefficients[2]! - ANNUAL[b][1])).toBeLessThan(tolerance);
        expect(Math.abs(m.coefficients[0]! * 3652)).toBeLessThan(tolerance);
        // The level in the middle of the segment (harmonics of 2 and 3 cycles a year ~ 0).
        const mid = (ordinal(segment.startDate) + ordinal(segment.endDate)) / 2;
        const level = m.intercept + m.coefficients[0]! * mid;
        expect(Math.abs(level - (BASE[b] + shift))).toBeLessThan(tolerance);
        expect(m.rmse).toBeLessThan(b === 'B09' ? 1 : 0.004);
      }
      // The magnitude of the break: how far the first observations after it sit from the old model.
      expect(Math.abs(before.bands[b].magnitude - Math.abs(STEP[b]))).toBeLessThan(b === 'B09' ? 1 : 0.006);
    }
  });

  it('looks further ahead in a denser record, with the threshold pyccd derives', () => {
    // Every 8 days: PEEK_SIZE round(6 * 16 / 8) = 12; threshold scipy chi2.ppf(1 - 0.01 ** (6 / 12), 5).
    const result = detectChanges(synthetic({ step: true, spacingDays: 8 }));
    expect(result.algorithm.parameters.PEEK_SIZE_USED).toBe(12);
    expect(result.algorithm.parameters.CHANGE_THRESHOLD_USED as number).toBeCloseTo(9.23635689978112, 9);
    expect(result.segments[0]!.breakDate).toBe(synthetic({ step: true, spacingDays: 8 }).find((o) => o.date >= STEP_DATE)!.date);
  });

  it('finds no break where nothing changed', () => {
    const result = detectChanges(synthetic({ step: false }));
    expect(result.algorithm.parameters.PEEK_SIZE_USED).toBe(6);
    expect(result.segments).toHaveLength(1);
    expect(result.segments[0]!.breakDate).toBeNull();
    expect(result.segments[0]!.curveQa).toBe(8);
    expect(result.usedObservations).toBe(result.observations);
    expect(result.used.every(Boolean)).toBe(true);
  });

  it('falls back to one 4-coefficient model when under a quarter of the record is clear', () => {
    const series = synthetic({ step: false, cloudyShare: 0.85 });
    const clear = series.filter((o) => o.qa === CLEAR).length;
    expect(clear / series.length).toBeLessThan(0.25);
    const result = detectChanges(series);
    expect(result.segments).toHaveLength(1);
    const segment = result.segments[0]!;
    expect(segment.procedure).toBe('insufficient_clear');
    expect(segment.curveQa).toBe(44);
    expect(segment.startDate).toBe(series[0]!.date);
    expect(segment.endDate).toBe(series.at(-1)!.date);
    // 4 coefficients: no second or third harmonic.
    expect(segment.bands.B05.coefficients.slice(3)).toEqual([0, 0, 0, 0]);
    expect(result.usedObservations).toBeLessThanOrEqual(clear);
    expect(result.used.filter(Boolean)).toHaveLength(result.usedObservations);
  });

  it('keeps the first of two observations on one day, in the order sent', () => {
    const series = synthetic({ step: false });
    const duplicate = { ...series[100]!, B05: 0.9 };
    const result = detectChanges([...series, duplicate]);
    expect(result.observations).toBe(series.length + 1);
    expect(result.used[series.length]).toBe(false);
    expect(result.used[100]).toBe(true);
  });

  it('leaves out observations with a band not measured', () => {
    const series = synthetic({ step: false });
    series[50] = { ...series[50]!, B09: null };
    const result = detectChanges(series);
    expect(result.used[50]).toBe(false);
    expect(result.usedObservations).toBe(series.length - 1);
  });

  it('stops when its signal is aborted', () => {
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    expect(() => detectChanges(synthetic({ step: true }), { signal: controller.signal })).toThrow('gone');
  });
});
