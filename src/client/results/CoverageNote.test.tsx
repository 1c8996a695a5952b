// @vitest-environment jsdom
// Partial answers: CoverageNote reads only the count, `truncated`, `limit` and the covered dates.
import type { LandsatDataSoFar } from '../../shared/api/landsatData.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { CoverageNote, dayBefore } from './CoverageNote.js';

afterEach(cleanup);

describe('CoverageNote', () => {
  it('says all scenes are summarised when nothing was left out', () => {
    render(<CoverageNote data={{ data: [{}, {}], truncated: false } as unknown as LandsatDataSoFar} startDate="2024-01-01" endDate="2024-12-31" />);
    expect(screen.getByRole('status').textContent).toBe('2 scenes matched from 2024-01-01 to 2024-12-31; all of them are summarised.');
  });

  it('names the covered dates, the missing ones, and moves End Date to reach them', () => {
    const onShowOlder = vi.fn();
    const data = { data: Array.from({ length: 100 }, () => ({})), truncated: true, limit: 100, coveredStartDate: '2025-10-02', coveredEndDate: '2026-11-22' } as unknown as LandsatDataSoFar;
    render(<CoverageNote data={data} startDate="2024-11-22" endDate="2026-11-22" onShowOlder={onShowOlder} />);
    const text = screen.getByRole('status').textContent;
    expect(text).toContain('These results cover 2025-10-02 to 2026-11-22: the newest 100 scenes.');
    expect(text).toContain('Scenes from 2024-11-22 to 2025-10-01 are not included.');
    expect(text).not.toMatch(/first/);
    fireEvent.click(screen.getByRole('button', { name: 'Set End Date to 2025-10-01' }));
    expect(onShowOlder).toHaveBeenCalledWith('2025-10-01');
  });

  it('dayBefore crosses month and year ends', () => {
    expect(dayBefore('2025-01-01')).toBe('2024-12-31');
    expect(dayBefore('2024-03-01')).toBe('2024-02-29');
  });
});
