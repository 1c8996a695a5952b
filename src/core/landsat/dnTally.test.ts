import { describe, expect, it } from 'vitest';
import { countWindowDns, createDnTally } from './dnCounts.mjs';

/** A deterministic pseudo-random sequence (LCG) for the windows below. */
function randomOf(seed: number) {
  return () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

describe('createDnTally', () => {
  it('fed a window tile by tile, in any order and with repeated rows, gives countWindowDns of the assembled window', () => {
    const random = randomOf(7);
    const outW = 50;
    const outH = 37;
    const tile = 16;
    // The source level: each window row picks a level row, some twice (as an upsampling pick would).
    const rowAt = Int32Array.from({ length: outH }, (_, y) => Math.floor(y * 0.8));
    const levelH = rowAt[outH - 1] + 1;
    const qaLevel = Uint16Array.from({ length: levelH * outW }, () => {
      const r = random();
      return r < 0.05 ? 1 : r < 0.1 ? 0 : r < 0.4 ? 22280 : 21824;
    });
    const bandLevels = [0, 1].map(() => Uint16Array.from({ length: levelH * outW }, () => (random() < 0.03 ? 0 : 7000 + Math.floor(random() * 60))));
    // The expected side: the assembled window, counted as statistics.ts counts it, with the last 3 columns outside every tile.
    const covered = outW - 3;
    const assembled = (level: Uint16Array) => Uint16Array.from({ length: outW * outH }, (_, i) => (i % outW < covered ? level[rowAt[Math.floor(i / outW)] * outW + (i % outW)] : 0));
    const expected = countWindowDns(assembled(qaLevel), 8 | 16, bandLevels.map(assembled));

    const pieces: { x0: number; x1: number; r0: number; r1: number }[] = [];
    for (let r0 = 0; r0 < levelH; r0 += tile) for (let x0 = 0; x0 < covered; x0 += tile) pieces.push({ x0, x1: Math.min(covered, x0 + tile), r0, r1: Math.min(levelH, r0 + tile) });
    pieces.reverse();
    const tally = createDnTally(2, 8 | 16);
    for (const p of pieces) {
      const rows = Int32Array.from({ length: p.r1 - p.r0 }, (_, k) => p.r0 + k);
      const rowFirstY = rows.map((r) => rowAt.indexOf(r));
      const rowRepeat = rows.map((r) => rowAt.filter((v) => v === r).length);
      const pick = (level: Uint16Array) => Uint16Array.from({ length: rows.length * (p.x1 - p.x0) }, (_, i) => level[rows[Math.floor(i / (p.x1 - p.x0))] * outW + p.x0 + (i % (p.x1 - p.x0))]);
      tally.add(pick(qaLevel), bandLevels.map(pick), rows.length, p.x1 - p.x0, rowFirstY, rowRepeat, p.x0, outW);
    }
    const actual = tally.finish(3 * outH);
    expect(actual).toEqual(expected);
    // A second tally on the same thread starts from nothing.
    const again = createDnTally(1, 0);
    again.add(Uint16Array.of(21824, 21824), [Uint16Array.of(9, 9)], 1, 2, Int32Array.of(0), Int32Array.of(1), 0, 2);
    expect(again.finish()).toEqual(countWindowDns(Uint16Array.of(21824, 21824), 0, [Uint16Array.of(9, 9)]));
  });
});
