import { afterEach, describe, expect, it, vi } from 'vitest';
import { chartRenderIntervalMs, createRenderThrottle } from './renderThrottle.js';

afterEach(() => vi.useRealTimers());

/** A 300 ms throttle on a clock the test sets; each delivery records the clock's time. */
function throttleAt(signal?: AbortSignal) {
  vi.useFakeTimers();
  const clock = { t: 0 };
  const deliveries: number[] = [];
  const throttle = createRenderThrottle(300, () => deliveries.push(clock.t), { signal, now: () => clock.t });
  return { clock, deliveries, throttle };
}

describe('createRenderThrottle', () => {
  it('delivers a milestone at once, inside the interval, and the gathered news with it', () => {
    const { clock, deliveries, throttle } = throttleAt();
    throttle.request();
    clock.t = 50;
    throttle.request();
    expect(deliveries).toEqual([0]);
    clock.t = 120;
    throttle.request({ now: true });
    expect(deliveries).toEqual([0, 120]);
    // The timer of the gathered request went with it: nothing more at 300.
    vi.advanceTimersByTime(300);
    expect(deliveries).toEqual([0, 120]);
    clock.t = 200;
    throttle.request();
    expect(deliveries).toEqual([0, 120]);
    clock.t = 420;
    vi.advanceTimersByTime(220);
    expect(deliveries).toEqual([0, 120, 420]);
  });

  it('delivers the first request at once, gathers the next ones until the interval has passed, and flushes the last', () => {
    const { clock, deliveries, throttle } = throttleAt();
    throttle.request();
    expect(deliveries).toEqual([0]);
    for (const t of [10, 100, 250]) {
      clock.t = t;
      throttle.request();
    }
    expect(deliveries).toEqual([0]);
    clock.t = 300;
    vi.advanceTimersByTime(300);
    expect(deliveries).toEqual([0, 300]);
    clock.t = 350;
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
    const { clock, deliveries, throttle } = throttleAt();
    throttle.request();
    clock.t = 50;
    throttle.request();
    throttle.cancel();
    vi.advanceTimersByTime(1000);
    throttle.flush();
    expect(deliveries).toEqual([0]);
  });

  it('delivers nothing once its signal is aborted, waiting or asked later', () => {
    const controller = new AbortController();
    const { clock, deliveries, throttle } = throttleAt(controller.signal);
    throttle.request();
    clock.t = 50;
    throttle.request();
    controller.abort();
    vi.advanceTimersByTime(1000);
    clock.t = 2000;
    throttle.request();
    throttle.flush();
    expect(deliveries).toEqual([0]);
  });
});

describe('chartRenderIntervalMs', () => {
  it.each([
    [0, 500],
    [199, 500],
    [200, 3000],
    [999, 3000],
    [1000, 3000],
    [1842, 3000],
  ])('%i scenes shown: the charts get news every %i ms', (shown, ms) => {
    expect(chartRenderIntervalMs(shown)).toBe(ms);
  });

  it('a throttle with a growing interval asks for it at each request', () => {
    vi.useFakeTimers();
    const clock = { t: 0 };
    const deliveries: number[] = [];
    let shown = 0;
    const throttle = createRenderThrottle(() => chartRenderIntervalMs(shown), () => deliveries.push(clock.t), { now: () => clock.t });
    throttle.request();
    shown = 500;
    clock.t = 600; // past 500 ms, but 500 scenes shown ask 3,000
    throttle.request();
    expect(deliveries).toEqual([0]);
    clock.t = 3000;
    vi.advanceTimersByTime(2400);
    expect(deliveries).toEqual([0, 3000]);
  });
});
