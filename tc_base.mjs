// An area's strip counted where its tiles are decoded: per piece (a tile's rows x columns inside the
// strip, insideJobs.ts), each file's DEFLATE tile inflated and picked (tileSamples.mjs), then every
// pixel classed by QA_PIXEL and counted per DN by the same tally the demo's synthesis worker uses
// (dnCounts.mjs' createDnTally), so only counts leave the thread. Plain JS: the tile decode worker
// (tileDecodeWorker.mjs) loads it without tsx, and the demo's counting imports pieceInside from here.
import { createDnTally } from '../landsat/dnCounts.mjs';
import { pickDeflateSamples } from './ts_base.mjs';

let insideScratch = new Uint8Array(0);

/**
 * 1 per pixel of the piece inside the runs (its row ri is window row rowFirstY[ri], its column ci
 * window column x0 + ci). Overwritten by the next call on the thread.
 */
export function pieceInside(p, runs) {
  const nRows = p.rows.length;
  const nCols = p.cols.length;
  if (insideScratch.length < nRows * nCols) insideScratch = new Uint8Array(nRows * nCols);
  const inside = insideScratch.fill(0, 0, nRows * nCols);
  for (let ri = 0; ri < nRows; ri++) {
    const y = p.rowFirstY[ri];
    for (let k = runs.rowStart[y]; k < runs.rowStart[y + 1]; k++) {
      const from = Math.max(runs.spans[2 * k], p.x0) - p.x0;
      const to = Math.min(runs.spans[2 * k + 1], p.x0 + nCols) - p.x0;
      if (to > from) inside.fill(1, ri * nCols + from, ri * nCols + to);
    }
  }
  return inside;
}

/**
 * Counts per DN of files `bands` (indexes into `files`) over the pieces, each pixel classed by file
 * `qaFile` (QA_PIXEL) under `maskBits`, pixels outside `inside`'s runs as fill; the DNs in the order
 * met (an area's statistics sort by value). Each piece carries one compressed DEFLATE tile per file
 * (`tiles[f]`, a view, empty where that file's tile is sparse), all of the same tile size; `files[f]` says its byte order and predictor.
 */
export function countDeflatePieces({ tileWidth, tileHeight, files, pieces, bands, qaFile, maskBits, outWidth, inside }) {
  const tally = createDnTally(bands.length, maskBits, false);
  for (const p of pieces) {
    // An empty buffer: the file's tile is sparse (offset and byte count 0), all 0 as a read window has it.
    const samples = p.tiles.map((bytes, f) =>
      bytes.byteLength === 0
        ? new Uint16Array(p.rows.length * p.cols.length)
        : pickDeflateSamples({ buffer: bytes, tileWidth, tileHeight, littleEndian: files[f].littleEndian, predictor: files[f].predictor, rows: p.rows, cols: p.cols }),
    );
    tally.add(samples[qaFile], bands.map((f) => samples[f]), p.rows.length, p.cols.length, p.rowFirstY, p.rowRepeat, p.x0, outWidth, pieceInside(p, inside));
  }
  return tally.finish();
}
