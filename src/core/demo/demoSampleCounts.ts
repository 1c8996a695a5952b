/**
 * A scene-box statistic's per-pixel half, done where the demo's samples are made (the synthesis
 * worker): the picked pixels of each tile are synthesized and counted per DN at once, and only the
 * counts go back. Posting every scene's ~64,000 picked pixels of nine bands to the event loop, which
 * then assembled the window and posted it again to be counted, was most of a 40-year record's
 * main-thread time (its garbage collection, messages and copies; docs/performance.md).
 */
import type { InsideRuns, TileSamplePiece } from '../raster/byteSource.js';
import { createDnTally, type DnCounts } from '../landsat/dnCounts.mjs';
import { synthesizeDemoTileSet } from './demoScenes.js';
import { DEMO_ASSET_KEYS } from './demoTileSynth.js';
import { pieceInside } from '../raster/tileCounts.mjs';

/** The synthesized samples of one piece at a time: counted, then overwritten by the next (no garbage per tile). */
let scratch = new Uint16Array(0);

/**
 * What the worker runs: bands `bands` of the pieces of IFD `level`, counted per DN as countWindowDns
 * counts the assembled window (less the pixels no piece covers); with `inside` (an area's polygon as
 * runs along the window's rows) as countWindowDns with that mask, the DNs in the order met.
 */
export function countDemoSamples(sceneId: string, level: number, tilesAcross: number, pieces: readonly TileSamplePiece[], bands: readonly number[], qaBand: number, maskBits: number, outWidth: number, inside?: InsideRuns): DnCounts[] {
  // An area's counts (with `inside`) feed statistics that sort by value: the DNs' order is not kept.
  const tally = createDnTally(bands.length, maskBits, !inside);
  for (const p of pieces) {
    const size = DEMO_ASSET_KEYS.length * p.rows.length * p.cols.length;
    if (scratch.length < size) scratch = new Uint16Array(size);
    const set = synthesizeDemoTileSet(sceneId, level, p.index, tilesAcross, p.rows, p.cols, scratch);
    tally.add(set[qaBand], bands.map((b) => set[b]), p.rows.length, p.cols.length, p.rowFirstY, p.rowRepeat, p.x0, outWidth, inside ? pieceInside(p, inside) : undefined);
  }
  return tally.finish();
}
