/**
 * The grid cache's bound (issue 27: memory bounded): the path/rows asked lately are kept, one not asked
 * for 128 others is dropped (with the WeakMap caches keyed by it) and rebuilt the same when asked again.
 */
import { describe, expect, it } from 'vitest';
import { demoSceneGrid } from './demoSceneGrid.js';

describe('demo scene grids', () => {
  it('keeps the last 128 path/rows asked, drops older ones and rebuilds them equal', () => {
    const first = demoSceneGrid(1, 30);
    const kept = demoSceneGrid(2, 30);
    // 127 other path/rows, asking `kept` again in between: it is the most recently used, `first` the least.
    for (let path = 3; path <= 129; path++) {
      demoSceneGrid(path, 30);
      if (path === 100) expect(demoSceneGrid(2, 30)).toBe(kept);
    }
    expect(demoSceneGrid(2, 30)).toBe(kept);
    const rebuilt = demoSceneGrid(1, 30);
    expect(rebuilt).not.toBe(first);
    const { toLngLat: _a, ...firstData } = first;
    const { toLngLat: _b, ...rebuiltData } = rebuilt;
    expect(rebuiltData).toEqual(firstData);
    expect(rebuilt.toLngLat(first.cornerX + 1000, first.cornerY - 1000)).toEqual(first.toLngLat(first.cornerX + 1000, first.cornerY - 1000));
  });
});
