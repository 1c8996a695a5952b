import { describe, expect, it } from 'vitest';
import { dateRangeProblem } from './dateRangeProblem.js';
import { formatInputDate, initialDateRange, lastTwelveMonths, localizeIsoDates } from './dateWords.js';

describe('date words', () => {
  it('writes a day as a date input shows it in the locale', () => {
    expect(formatInputDate('2019-01-31', 'en-US')).toBe('01/31/2019');
    expect(formatInputDate('2019-01-31', 'en-GB')).toBe('31/01/2019');
    expect(formatInputDate('2019-01-31', 'de-DE')).toBe('31.01.2019');
  });

  it("rewrites the ISO days of a server message", () => {
    expect(localizeIsoDates('No Landsat scene covers (1, 2) between 2019-01-01 and 2019-01-31 with at most 0% cloud cover.', 'en-US')).toBe(
      'No Landsat scene covers (1, 2) between 01/01/2019 and 01/31/2019 with at most 0% cloud cover.',
    );
  });

  it('starts with the last 12 months; a link’s dates win', () => {
    const today = new Date(2026, 10, 22); // 22 November 2026, local
    expect(lastTwelveMonths(today)).toEqual({ startDate: '2025-11-22', endDate: '2026-11-22' });
    expect(initialDateRange({}, today)).toEqual({ startDate: '2025-11-22', endDate: '2026-11-22' });
    expect(initialDateRange({ startDate: '2020-01-01', endDate: '2020-02-01' }, today)).toEqual({ startDate: '2020-01-01', endDate: '2020-02-01' });
    expect(initialDateRange({ startDate: '2026-01-01' }, today)).toEqual({ startDate: '2026-01-01', endDate: '2026-11-22' });
  });
});

describe('dateRangeProblem', () => {
  it('needs both dates and a start on or before the end, written in the locale', () => {
    expect(dateRangeProblem('', '2020-01-01')).toBe('Start Date and End Date are both required.');
    expect(dateRangeProblem('2020-02-01', '2020-01-01', 'en-US')).toBe('Start Date (02/01/2020) is after End Date (01/01/2020); pick a start on or before the end.');
    expect(dateRangeProblem('2020-01-01', '2020-02-01')).toBeNull();
  });

  it('searches a range before Landsat 8 on every archive, the demo included: Landsat 4-9 are searched', () => {
    expect(dateRangeProblem('2010-01-01', '2012-12-31', 'en-US')).toBeNull();
    expect(dateRangeProblem('2012-01-01', '2013-06-30')).toBeNull();
  });

  it('searches Landsat 4-9 back to the first Level-2 day, 1982-08-22', () => {
    expect(dateRangeProblem('1990-01-01', '1990-12-31', 'en-US')).toBeNull();
    expect(dateRangeProblem('1980-01-01', '1982-08-21', 'en-US')).toBe(
      'The range 01/01/1980 to 08/21/1982 ends before the first Landsat Level-2 scenes (Landsat 4 TM, 08/22/1982). Pick an End Date on or after 08/22/1982.',
    );
  });
});
