import { describe, expect, it } from 'vitest';
import { latestClearSceneId } from './useChosenScene.js';

const grid = (target: boolean | null) => [
  [true, true, true],
  [true, target, true],
  [true, true, true],
];
const scene = (id: string, datetime: string, target: boolean | null) => ({ id, datetime, clear: grid(target) });

describe('latestClearSceneId', () => {
  const scenes = [scene('A', '2024-06-11T16:01:59Z', true), scene('B', '2024-07-13T16:02:23Z', true), scene('C', '2024-08-30T16:01:59Z', false), scene('D', '2024-08-22T16:03:15Z', null)];

  it('is the newest scene whose target (centre) pixel is clear, whatever its neighbours', () => {
    expect(latestClearSceneId({ scenes } as never)).toBe('B');
  });

  it('keeps to the listed scenes, and is null when none is clear', () => {
    expect(latestClearSceneId({ scenes } as never, new Set(['A', 'C']))).toBe('A');
    expect(latestClearSceneId({ scenes: [scenes[2], scenes[3]] } as never)).toBeNull();
    expect(latestClearSceneId(null)).toBeNull();
  });
});
