import { describe, expect, it } from 'vitest';
import { upcomingPassProblem } from './upcomingPassProblem.js';

const now = new Date('2026-06-01T00:00:00Z');

describe('upcomingPassProblem', () => {
  it('accepts a point Landsat passes over within 32 days', () => {
    expect(upcomingPassProblem([-79.2165, 45.3267], now)).toBeNull();
  });

  it('refuses a point no scene covers, saying why', () => {
    const problem = upcomingPassProblem([10, 85], now);
    expect(problem).toMatch(/^No Landsat 8 or 9 daytime scene covers 85\.0000, 10\.0000 in the next 32 days/);
  });
});
