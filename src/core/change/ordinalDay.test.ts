import { describe, expect, it } from 'vitest';
import { dateToOrdinal, ordinalToDate } from './ordinalDay.js';

describe('ordinal days (Python date.toordinal)', () => {
  it('matches values Python gives', () => {
    // python3 -c "import datetime as d; print([d.date(*t).toordinal() for t in [(1,1,1),(1970,1,1),(1985,4,15),(2000,2,29),(2024,12,31)]])"
    expect(['0001-01-01', '1970-01-01', '1985-04-15', '2000-02-29', '2024-12-31'].map(dateToOrdinal)).toEqual([1, 719163, 724746, 730179, 739251]);
  });

  it('round-trips every day from 1982 to 2030', () => {
    for (let t = dateToOrdinal('1982-01-01'); t <= dateToOrdinal('2030-12-31'); t += 1) expect(dateToOrdinal(ordinalToDate(t))).toBe(t);
  });
});
