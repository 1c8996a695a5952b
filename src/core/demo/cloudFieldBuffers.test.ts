import { describe, expect, it } from 'vitest';
import { fieldAmounts, fieldBits, fieldCounts, fieldKnown, releaseCloudField, withBlockBits } from './cloudFieldBuffers.js';
import { createSceneClouds, createSceneCloudsToHandOver } from './demoClouds.js';
import { fillCloudMap } from './demoCloudBlocks.js';
import { parseDemoSceneId, type DemoScene } from './demoSceneIds.js';
import type { SceneClouds } from './sceneClouds.js';

// Two scenes of one path/row (one grid: buffers of the same sizes), a week apart.
const A = parseDemoSceneId('LC09_L2SP_018029_20250708_SYNTHETIC')!;
const B = parseDemoSceneId('LC08_L2SP_018029_20250716_SYNTHETIC')!;
const sunOf = (s: DemoScene) => ({ elevationDeg: s.sunElevationDeg, azimuthDeg: s.sunAzimuthDeg });
const build = (s: DemoScene) => createSceneClouds(s.grid, s.datetime, sunOf(s));
/** Every block's cloud state (which computes every partly cloudy cell's block bits). */
function cloudMapOf(c: SceneClouds): Uint8Array {
  const across = c.cellsAcross * 8;
  const down = c.cellsDown * 8;
  const out = new Uint8Array(across * down);
  fillCloudMap(c, 0, across - 1, 0, down - 1, out);
  return out;
}
/** A field with only the buffers this module keeps (the other fields are not read by it). */
function fieldOf(amount: Float32Array, count: Uint8Array, cellBits: Uint32Array | null, cellKnown: Uint8Array | null, windowed = false): SceneClouds {
  return { amount, count, cellBits, cellKnown, ...(windowed ? { cells: { x0: 0, x1: 0, y0: 0, y1: 0 } } : {}) } as SceneClouds;
}

describe('cloud field buffers kept for the next builds', () => {
  // The reference: B built first, on new buffers (nothing released yet in this file's module state).
  const fresh = build(B);
  const freshMap = cloudMapOf(fresh);

  it('builds a field on a released one\'s buffers, block bits and all, exactly as on new ones', () => {
    const a = build(A);
    cloudMapOf(a); // a's block bits computed: the buffers go back dirty
    releaseCloudField(a);
    const b = build(B);
    expect(b.amount.buffer).toBe(a.amount.buffer);
    expect(b.cellBits!.buffer).toBe(a.cellBits!.buffer);
    expect(Array.from(b.amount)).toEqual(Array.from(fresh.amount));
    expect(Array.from(b.count)).toEqual(Array.from(fresh.count));
    expect(b.cloudPercent).toBe(fresh.cloudPercent);
    expect(cloudMapOf(b)).toEqual(freshMap);
  });

  it('hands a field over without block bits, which the receiver gives it: the same field', () => {
    const h = createSceneCloudsToHandOver(B.grid, B.datetime, sunOf(B));
    expect(h.cellBits).toBeNull();
    expect(h.cellKnown).toBeNull();
    expect(Array.from(h.amount)).toEqual(Array.from(fresh.amount));
    expect(Array.from(h.count)).toEqual(Array.from(fresh.count));
    expect(h.cloudPercent).toBe(fresh.cloudPercent);
    expect(cloudMapOf(withBlockBits(h))).toEqual(freshMap);
  });

  it('clears a reused cellKnown, and keeps the newest buffers of each kind, nothing of window builds or transferred buffers', () => {
    const known = fieldKnown(100).fill(1);
    releaseCloudField(fieldOf(fieldAmounts(10), fieldCounts(100), fieldBits(200), known));
    const again = fieldKnown(100);
    expect(again).toBe(known);
    expect(again.every((v) => v === 0)).toBe(true);

    // Nine amounts of lengths 1..9 released: the oldest (1) is dropped, the others kept.
    const released = Array.from({ length: 9 }, (_, i) => fieldAmounts(i + 1));
    for (const amount of released) releaseCloudField(fieldOf(amount, new Uint8Array(1), new Uint32Array(2), new Uint8Array(1)));
    expect(fieldAmounts(1)).not.toBe(released[0]);
    expect(fieldAmounts(9)).toBe(released[8]);
    expect(fieldAmounts(2)).toBe(released[1]);

    // A window build's buffers are the builds' scratch: never kept.
    const windowAmount = new Float32Array(33);
    releaseCloudField(fieldOf(windowAmount, new Uint8Array(1), new Uint32Array(2), new Uint8Array(1), true));
    expect(fieldAmounts(33)).not.toBe(windowAmount);

    // A buffer transferred to another thread (length 0 here) is not kept either.
    const moved = new Float32Array(44);
    structuredClone(moved.buffer, { transfer: [moved.buffer] });
    releaseCloudField(fieldOf(moved, new Uint8Array(1), new Uint32Array(2), new Uint8Array(1)));
    expect(fieldAmounts(0) === moved).toBe(false);
  });
});
