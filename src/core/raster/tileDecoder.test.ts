import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeTile, pickTileSamples } from './tileDecoder.js';
import { planTileRuns } from './cogReader.js';

const W = 8;
const H = 4;
const values = Uint16Array.from({ length: W * H }, (_, i) => (i * 4099 + 65000) & 0xffff);

/** Horizontal differencing of each row, then bytes in the chosen order, then zlib. */
function encode(littleEndian: boolean, predictor: 1 | 2): ArrayBuffer {
  const diff = Uint16Array.from(values);
  if (predictor === 2) for (let r = 0; r < H; r++) for (let c = W - 1; c > 0; c--) diff[r * W + c] = (values[r * W + c] - values[r * W + c - 1]) & 0xffff;
  const bytes = Buffer.alloc(diff.length * 2);
  diff.forEach((v, i) => (littleEndian ? bytes.writeUInt16LE(v, 2 * i) : bytes.writeUInt16BE(v, 2 * i)));
  const z = deflateSync(bytes);
  return z.buffer.slice(z.byteOffset, z.byteOffset + z.byteLength) as ArrayBuffer;
}

const layout = { tileWidth: W, tileHeight: H, compression: 8, bitsPerSample: 16 };

describe('decodeTile', () => {
  for (const littleEndian of [true, false]) {
    for (const predictor of [1, 2] as const) {
      it(`undoes DEFLATE and predictor ${predictor} on ${littleEndian ? 'little' : 'big'}-endian words, wrapping modulo 2^16`, async () => {
        const out = await decodeTile({ ...layout, predictor }, littleEndian, encode(littleEndian, predictor));
        expect(Array.from(out)).toEqual(Array.from(values));
      });
    }
  }

  it('decodes at least the rows asked for', async () => {
    const out = await decodeTile({ ...layout, predictor: 2 }, false, encode(false, 2), 2);
    expect(Array.from(out)).toEqual(Array.from(values.subarray(0, 2 * W)));
  });

  it('un-predicts only the rows a decimating reader picks, exactly', async () => {
    const out = await decodeTile({ ...layout, predictor: 2 }, false, encode(false, 2), H, [1, 3]);
    for (const r of [1, 3]) expect(Array.from(out.subarray(r * W, (r + 1) * W))).toEqual(Array.from(values.subarray(r * W, (r + 1) * W)));
    // Row 0 was skipped: still the differences, not the values.
    expect(Array.from(out.subarray(1, W))).not.toEqual(Array.from(values.subarray(1, W)));
  });

  for (const littleEndian of [true, false]) {
    it(`picks samples of a ${littleEndian ? 'little' : 'big'}-endian predictor-2 DEFLATE tile in a worker, equal to the full decode`, async () => {
      const rows = Int32Array.from([0, 2, 3]);
      const cols = Int32Array.from([1, 4, 7]);
      const picked = await pickTileSamples({ ...layout, predictor: 2 }, littleEndian, encode(littleEndian, 2), rows, cols);
      const expected = Array.from(rows).flatMap((r) => Array.from(cols).map((c) => values[r * W + c]));
      expect(Array.from(picked)).toEqual(expected);
      // The uncompressed path (decodeTile on the calling thread) picks the same.
      const bytes = Buffer.alloc(values.length * 2);
      values.forEach((v, i) => bytes.writeUInt16LE(v, 2 * i));
      const raw = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      expect(Array.from(await pickTileSamples({ ...layout, compression: 1, predictor: 1 }, true, raw, rows, cols))).toEqual(expected);
    });
  }

  it('picks from a big-endian tile whose data ends mid-row and mid-word: whole rows picked, the rest 0', async () => {
    const bytes = Buffer.alloc(values.length * 2);
    values.forEach((v, i) => bytes.writeUInt16BE(v, 2 * i));
    const z = deflateSync(bytes.subarray(0, (2 * W + 3) * 2 + 1)); // two rows, three words and a byte
    const picked = await pickTileSamples({ ...layout, predictor: 1 }, false, z.buffer.slice(z.byteOffset, z.byteOffset + z.byteLength) as ArrayBuffer, Int32Array.from([1, 2]), Int32Array.from([0, 5]));
    expect(Array.from(picked)).toEqual([values[W], values[W + 5], 0, 0]);
  });

  it('refuses the floating-point predictor in words', async () => {
    await expect(decodeTile({ ...layout, predictor: 3 }, true, encode(true, 1))).rejects.toThrow(/predictor 3 is not supported/);
  });
});

describe('planTileRuns', () => {
  it('merges tiles that are adjacent or close in the file into one range, in file order', () => {
    const level = { tileOffsets: Float64Array.from([1000, 2000, 3000, 10_000_000]), tileByteCounts: Float64Array.from([1000, 1000, 500, 100]) };
    const runs = planTileRuns(level, [{ index: 2 }, { index: 0 }, { index: 3 }, { index: 1 }]);
    expect(runs.map((r) => [r.offset, r.length, r.tiles.map((t) => t.index)])).toEqual([
      [1000, 2500, [0, 1, 2]],
      [10_000_000, 100, [3]],
    ]);
  });
});
