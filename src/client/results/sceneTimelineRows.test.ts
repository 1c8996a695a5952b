import { describe, expect, it } from 'vitest';
import { samplePixelResponse } from '../../../test/support/samplePixelResponse.js';
import { sceneTimelineRows, timelineTicks } from './sceneTimelineRows.js';
import type { LandsatDataEntry } from '../../shared/api/landsatData.js';

/** Entries with only what the function reads (it tolerates the rest missing). */
const partialEntries = (entries: unknown[]) => entries as LandsatDataEntry[];

describe('sceneTimelineRows', () => {
  it('lists every statistics scene oldest first with the clear share of the area and at the point', () => {
    const pixels = samplePixelResponse();
    const [s1, s2] = pixels.scenes;
    const entry = (s: typeof s1, sampleCount: number, noDataCount: number) => ({
      scene: { id: s.id, satellite: s.satellite, datetime: s.datetime, wrsPath: s.wrsPath, wrsRow: s.wrsRow, cloudCover: s.cloudCover },
      outputs: { data: { bands: { B04: { stats: { mean: 0.1, sampleCount, noDataCount } } } } },
    });
    const rows = sceneTimelineRows(partialEntries([entry(s2, 10, 90), entry(s1, 80, 20)]), { scenes: [s1] });
    expect(rows.map((r) => r.sceneId)).toEqual([s1.id, s2.id]);
    expect(rows[0]).toMatchObject({ clearInArea: 0.8, cloudy: false, wrsPath: 1, wrsRow: 70 });
    expect(rows[0].clearAtPoint?.clearOf9).toBe(s1.qa.flags.flat().filter((f) => f?.clear && !f.fill).length);
    expect(rows[0].clearAtPoint?.target).toContain('clear');
    expect(rows[1]).toMatchObject({ clearInArea: 0.1, cloudy: true, clearAtPoint: null });
  });

  it('ticks months for short ranges and years for long ones', () => {
    expect(timelineTicks(Date.UTC(2024, 0, 1), Date.UTC(2024, 11, 31)).map((t) => t.label)).toEqual(
      ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'].map((m) => `2024-${m}`),
    );
    expect(timelineTicks(Date.UTC(2013, 3, 11), Date.UTC(2026, 10, 22)).map((t) => t.label)).toEqual(['2015', '2017', '2019', '2021', '2023', '2025']);
  });

  it('thins the ticks to what the axis has room for (a phone: about five), never fewer than two', () => {
    // A year on a 330 px axis (5 labels of 60 px): quarters, not twelve overlapping months.
    expect(timelineTicks(Date.UTC(2024, 0, 1), Date.UTC(2024, 11, 31), 5).map((t) => t.label)).toEqual(['2024-01', '2024-04', '2024-07', '2024-10']);
    // Forty years in five labels: every ten years, on round years.
    expect(timelineTicks(Date.UTC(1984, 0, 1), Date.UTC(2024, 11, 31), 5).map((t) => t.label)).toEqual(['1990', '2000', '2010', '2020']);
    // No room given: the span's own step.
    expect(timelineTicks(Date.UTC(1984, 0, 1), Date.UTC(2024, 11, 31)).length).toBe(21);
  });
});
