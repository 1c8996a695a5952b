import { describe, expect, it } from 'vitest';
import { createCircuitBreaker } from './createCircuitBreaker.js';

describe('createCircuitBreaker', () => {
  it('opens after N consecutive failures, refuses while open, lets one trial through when half-open', () => {
    let nowMs = 0;
    const breaker = createCircuitBreaker({ failureThreshold: 3, openMs: 10_000, now: () => nowMs });
    breaker.onFailure();
    breaker.onFailure();
    breaker.onSuccess(); // a success resets the run of failures
    breaker.onFailure();
    breaker.onFailure();
    expect(breaker.snapshot.state).toBe('closed');
    breaker.onFailure();
    expect(breaker.snapshot).toMatchObject({ state: 'open', retryInSeconds: 10 });
    expect(breaker.tryAcquire()).toBe(false);
    nowMs = 9_500;
    expect(breaker.retryInSeconds()).toBe(1);
    nowMs = 10_000;
    expect(breaker.snapshot.state).toBe('half_open');
    expect(breaker.tryAcquire()).toBe(true);
    expect(breaker.tryAcquire()).toBe(false); // one trial at a time
    breaker.onFailure();
    expect(breaker.snapshot.state).toBe('open'); // the trial failed: pause again
    nowMs = 20_000;
    expect(breaker.tryAcquire()).toBe(true);
    breaker.onSuccess();
    expect(breaker.snapshot).toMatchObject({ state: 'closed', consecutiveFailures: 0 });
  });
});
