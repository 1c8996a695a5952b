import { describe, expect, it } from 'vitest';
import { isCalendarDate, isCalendarDateTime } from './calendarDate.js';

describe('isCalendarDate', () => {
  it('accepts real days, leap days in leap years only', () => {
    expect(isCalendarDate('2023-01-31')).toBe(true);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2000-02-29')).toBe(true); // divisible by 400
    expect(isCalendarDate('1900-02-29')).toBe(false); // divisible by 100 only
    expect(isCalendarDate('2023-02-29')).toBe(false);
  });
  it('refuses days a Date would roll over, and malformed text', () => {
    for (const bad of ['2023-02-31', '2023-04-31', '2023-13-01', '2023-00-10', '2023-01-00', '2023-1-01', '20230101', '']) {
      expect(isCalendarDate(bad), bad).toBe(false);
    }
  });
});

describe('isCalendarDateTime', () => {
  it('accepts ISO 8601 with a zone', () => {
    expect(isCalendarDateTime('2019-01-14T14:30:00Z')).toBe(true);
    expect(isCalendarDateTime('2019-01-14T14:30Z')).toBe(true);
    expect(isCalendarDateTime('2019-01-14T14:30:00.250+05:30')).toBe(true);
    expect(isCalendarDateTime('2019-01-14T23:59:59-0300')).toBe(true);
  });
  it('refuses impossible days, hours, minutes and zones', () => {
    for (const bad of ['2023-02-31T10:00:00Z', '2019-01-14T24:00:00Z', '2019-01-14T12:60:00Z', '2019-01-14T12:00:61Z', '2019-01-14T12:00:00+15:00', '2019-01-14T12:00:00']) {
      expect(isCalendarDateTime(bad), bad).toBe(false);
    }
  });
});
