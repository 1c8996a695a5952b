import { describe, expect, it } from 'vitest';
import { mapWithConcurrency } from './mapWithConcurrency.js';

describe('mapWithConcurrency', () => {
  it('keeps order with at most `limit` in flight', async () => {
    let inFlight = 0;
    let peak = 0;
    const out = await mapWithConcurrency([5, 1, 3, 2], 2, async (n) => {
      peak = Math.max(peak, ++inFlight);
      await new Promise((r) => setTimeout(r, n));
      inFlight--;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 30, 20]);
    expect(peak).toBe(2);
  });

  it('starts no further item once the signal aborts', async () => {
    const controller = new AbortController();
    const started: number[] = [];
    const run = mapWithConcurrency(Array.from({ length: 20 }, (_, i) => i), 2, async (i) => {
      started.push(i);
      if (i === 3) controller.abort(new DOMException('gone', 'AbortError'));
      await new Promise((r) => setTimeout(r, 5));
      return i;
    }, controller.signal);
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    await new Promise((r) => setTimeout(r, 30));
    expect(started.length).toBeLessThanOrEqual(5);
  });

  it('starts no further item once one fails', async () => {
    const started: number[] = [];
    const run = mapWithConcurrency(Array.from({ length: 20 }, (_, i) => i), 2, async (i) => {
      started.push(i);
      await new Promise((r) => setTimeout(r, 5));
      if (i === 1) throw new Error('archive gone');
      return i;
    });
    await expect(run).rejects.toThrow('archive gone');
    await new Promise((r) => setTimeout(r, 30));
    expect(started.length).toBeLessThanOrEqual(3);
  });

  it('settles only when every call already started has settled, so a queue slot is held as long as the work runs', async () => {
    const ended: number[] = [];
    const run = mapWithConcurrency([0, 1, 2], 3, async (i) => {
      await new Promise((r) => setTimeout(r, i === 0 ? 5 : 40));
      if (i === 0) throw new Error('archive gone');
      ended.push(i);
      return i;
    });
    await expect(run).rejects.toThrow('archive gone');
    expect(ended.sort()).toEqual([1, 2]);
  });
});
