import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRenderThrottle } from './renderThrottle.js';

afterEach(() => vi.useRealTimers());

describe('createRenderThrottle', () => {
  it('delivers the first request at once, gathers the next ones until the interval has passed, and flushes the last', () => {
    vi.useFakeTimers();
    let clock = 0;
    const deliveries: number[] = [];
    const throttle = createRenderThrottle(300, () => deliveries.push(clock), () => clock);
    throttle.request();
    expect(deliveries).toEqual([0]);
    for (const t of [10, 100, 250]) {
      clock = t;
      throttle.request();
    }
    expect(deliveries).toEqual([0]);
    clock = 300;
    vi.advanceTimersByTime(300);
    expect(deliveries).toEqual([0, 300]);
    clock = 350;
    throttle.request();
    expect(deliveries).toEqual([0, 300]);
    throttle.flush();
    expect(deliveries).toEqual([0, 300, 350]);
    // Nothing waits: flush delivers nothing, and no timer is left.
    throttle.flush();
    vi.advanceTimersByTime(1000);
    expect(deliveries).toEqual([0, 300, 350]);
  });

  it('delivers nothing after cancel', () => {
    vi.useFakeTimers();
    let clock = 0;
    const deliveries: number[] = [];
    const throttle = createRenderThrottle(300, () => deliveries.push(clock), () => clock);
    throttle.request();
    clock = 50;
    throttle.request();
    throttle.cancel();
    vi.advanceTimersByTime(1000);
    throttle.flush();
    expect(deliveries).toEqual([0]);
  });
});
