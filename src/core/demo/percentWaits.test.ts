import { describe, expect, it } from 'vitest';
import { COUNTING_IDLE_MS, createPercentWaits } from './percentWaits.js';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('percentWaits', () => {
  it('a path/row is being counted until COUNTING_IDLE_MS after its last count', () => {
    let now = 5_000;
    const waits = createPercentWaits(() => now);
    expect(waits.isCounting('18/28')).toBe(false);
    waits.counting('18/28');
    now += COUNTING_IDLE_MS - 1;
    expect(waits.isCounting('18/28')).toBe(true);
    expect(waits.isCounting('18/29')).toBe(false);
    now += 1;
    expect(waits.isCounting('18/28')).toBe(false);
  });

  it('any path/row is being counted while one of them is', () => {
    let now = 5_000;
    const waits = createPercentWaits(() => now);
    expect(waits.anyCounting()).toBe(false);
    waits.counting('18/28');
    now += 600;
    waits.counting('18/29');
    now += COUNTING_IDLE_MS - 600;
    expect(waits.anyCounting()).toBe(true);
    now += 600;
    expect(waits.anyCounting()).toBe(false);
  });

  it('a wait ends when the percent is learned or when it is needed, and not before', async () => {
    const waits = createPercentWaits();
    const ended: string[] = [];
    let needNow!: () => void;
    const needed = new Promise<void>((resolve) => (needNow = resolve));
    let failNow!: (err: Error) => void;
    const failed = new Promise<void>((_, reject) => (failNow = reject));
    void waits.wait('a', needed).then(() => ended.push('a'));
    void waits.wait('a', needed).then(() => ended.push('a again'));
    void waits.wait('b', needed).then(() => ended.push('b'));
    void waits.wait('c', failed).then(() => ended.push('c'));
    await turn();
    expect(ended).toEqual([]);
    waits.learned('a');
    waits.learned('x');
    await turn();
    expect(ended).toEqual(['a', 'a again']);
    // The caller's work failed (a client that left): the wait ends too.
    failNow(new Error('aborted'));
    await turn();
    expect(ended).toEqual(['a', 'a again', 'c']);
    needNow();
    await turn();
    expect(ended).toEqual(['a', 'a again', 'c', 'b']);
  });
});
