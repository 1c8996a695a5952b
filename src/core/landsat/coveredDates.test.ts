import { describe, expect, it } from 'vitest';
import { coveredDates } from './coveredDates.js';

const range = { startDate: '2024-11-22', endDate: '2026-11-22' };

describe('coveredDates', () => {
  it('is the requested range when nothing was cut', () => {
    expect(coveredDates({ scenes: [{ datetime: '2025-01-03T15:50:00Z' }], truncated: false }, range)).toEqual({ coveredStartDate: '2024-11-22', coveredEndDate: '2026-11-22' });
  });

  it("starts at the oldest kept scene's day when older scenes were cut", () => {
    const scenes = [{ datetime: '2025-10-04T15:50:00Z' }, { datetime: '2025-10-02T15:44:00Z' }, { datetime: '2026-11-20T15:50:00Z' }];
    expect(coveredDates({ scenes, truncated: true }, range)).toEqual({ coveredStartDate: '2025-10-02', coveredEndDate: '2026-11-22' });
  });
});
