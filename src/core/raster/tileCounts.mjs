// An area's strip counted where its tiles are decoded: per piece (a tile's rows x columns inside the
// strip, insideJobs.ts), QA_PIXEL's DEFLATE tile inflated (tileSamples.mjs) and the pixels inside the
// polygon's runs classed by it, then the bands' tiles inflated (those under no clear pixel not at all,
// when only clear pixels are counted) and counted per DN straight from the inflated tiles, so only
// counts leave the thread. Plain JS: the tile decode worker (tileDecodeWorker.mjs) loads it without tsx, and the
// demo's counting imports pieceInside from here.
//
// Written by hand rather than through dnCounts.mjs' createDnTally (which the demo's synthesis worker
// uses): that tally takes picked copies of every file's samples and a mask per piece pixel, and
// counted QA_PIXEL per pixel like a band; here each row's runs are read in place in the inflated tiles
// (the predictor undone only as far as the row's last inside column), the pixels outside the runs never
// touched, and QA_PIXEL, which changes rarely along a row, classed and counted once per stretch of
// equal values. Same counts (cogTileCounts.test.ts checks them against geotiff.js' reads).
import { PIXEL_CLEAR, PIXEL_FILL, PIXEL_MASKED, pixelClass } from '../landsat/dnCounts.mjs';
import { inflateTileWords } from './tileSamples.mjs';

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

const DN_VALUES = 65_536;

/** QA_PIXEL's counts per value over a job: clear and masked pixels, and the values seen of each (few: counted per stretch of equal values, classQaRow). */
function qaSlot() {
  return {
    clearCount: new Uint32Array(DN_VALUES),
    clearSeen: new Uint16Array(DN_VALUES),
    clearDistinct: 0,
    maskedCount: new Uint32Array(DN_VALUES),
    maskedSeen: new Uint16Array(DN_VALUES),
    maskedDistinct: 0,
  };
}
/** A band's counts over a job at (class << 16) | DN (countRun), and the range of the DNs it met. */
function bandSlot() {
  return { counts: new Uint32Array(3 * DN_VALUES), lo: DN_VALUES, hi: -1 };
}
// Reused across jobs (a job is counted synchronously, so one set serves the thread).
const qa = qaSlot();
const bandSlots = [];
// Per pixel of the piece being counted (row ri at ri * tileWidth): its class, written by QA_PIXEL's pass
// (only the runs' columns), read by the bands' pass; classAt is where the row being classed or counted starts.
let pieceClasses = new Uint8Array(0);
let classAt = 0;
// Whether QA_PIXEL's pass over a row met a clear pixel inside the runs (classStretch sets it).
let sawClear = false;
// Per file of a job (QA_PIXEL first): where its tile of the piece being counted is inflated.
const tileScratch = [];
// The words of a sparse tile (or of rows past a tile's end): 0, as a read window has them.
let zeros = new Uint16Array(0);

/** QA_PIXEL's values and counts, its counts back to 0. */
function qaCounts(slot, fill) {
  const clearDns = slot.clearSeen.slice(0, slot.clearDistinct);
  const clearCounts = new Uint32Array(slot.clearDistinct);
  for (let k = 0; k < clearDns.length; k++) {
    clearCounts[k] = slot.clearCount[clearDns[k]];
    slot.clearCount[clearDns[k]] = 0;
  }
  const maskedDns = slot.maskedSeen.slice(0, slot.maskedDistinct);
  const maskedCounts = new Uint32Array(slot.maskedDistinct);
  for (let k = 0; k < maskedDns.length; k++) {
    maskedCounts[k] = slot.maskedCount[maskedDns[k]];
    slot.maskedCount[maskedDns[k]] = 0;
  }
  slot.clearDistinct = 0;
  slot.maskedDistinct = 0;
  return { fill, clearDns, clearCounts, maskedDns, maskedCounts };
}

/** A band's DNs (ascending) and counts, its counts back to 0; `clearOnly`: no masked DNs listed. */
function bandCounts(slot, fill, clearOnly) {
  const { counts, lo, hi } = slot;
  let clearDistinct = 0;
  let maskedDistinct = 0;
  for (let d = lo; d <= hi; d++) {
    if (counts[(PIXEL_CLEAR << 16) | d] !== 0) clearDistinct++;
    if (!clearOnly && counts[(PIXEL_MASKED << 16) | d] !== 0) maskedDistinct++;
  }
  const out = { fill, clearDns: new Uint16Array(clearDistinct), clearCounts: new Uint32Array(clearDistinct), maskedDns: new Uint16Array(maskedDistinct), maskedCounts: new Uint32Array(maskedDistinct) };
  for (let d = lo, c = 0, m = 0; d <= hi; d++) {
    const clear = counts[(PIXEL_CLEAR << 16) | d];
    if (clear !== 0) {
      out.clearDns[c] = d;
      out.clearCounts[c++] = clear;
    }
    const masked = clearOnly ? 0 : counts[(PIXEL_MASKED << 16) | d];
    if (masked !== 0) {
      out.maskedDns[m] = d;
      out.maskedCounts[m++] = masked;
    }
  }
  resetBand(slot);
  return out;
}

/** Counts back to 0 (also those a job that threw left behind). */
function resetBand(slot) {
  if (slot.hi >= slot.lo) for (const kind of [PIXEL_FILL, PIXEL_MASKED, PIXEL_CLEAR]) slot.counts.fill(0, (kind << 16) | slot.lo, ((kind << 16) | slot.hi) + 1);
  slot.lo = DN_VALUES;
  slot.hi = -1;
}
function resetQa(slot) {
  for (let k = 0; k < slot.clearDistinct; k++) slot.clearCount[slot.clearSeen[k]] = 0;
  for (let k = 0; k < slot.maskedDistinct; k++) slot.maskedCount[slot.maskedSeen[k]] = 0;
  slot.clearDistinct = 0;
  slot.maskedDistinct = 0;
}

/**
 * A stretch of `n` pixels of QA_PIXEL value `q` from tile column `col`: classed into pieceClasses' row (fill: QA 0
 * or the fill bit; masked: any of `maskBits`; else clear) and counted into `slot`. Returns the pixels not fill.
 */
function classStretch(slot, q, n, col, maskBits) {
  const kind = pixelClass(q, maskBits);
  pieceClasses.fill(kind, classAt + col, classAt + col + n);
  if (kind === PIXEL_CLEAR) {
    sawClear = true;
    if (slot.clearCount[q] === 0) slot.clearSeen[slot.clearDistinct++] = q;
    slot.clearCount[q] += n;
    return n;
  }
  if (kind === PIXEL_MASKED) {
    if (slot.maskedCount[q] === 0) slot.maskedSeen[slot.maskedDistinct++] = q;
    slot.maskedCount[q] += n;
    return n;
  }
  return 0;
}

/**
 * QA_PIXEL's row (its words from `rowAt`) over the row's runs (runFrom/runTo), classed and counted once
 * per stretch of equal values (QA_PIXEL changes rarely along a row). `predicted`: the words are
 * horizontal differences, summed as they are read (a stretch of equal values is a stretch of zeros).
 * Returns the pixels not fill.
 */
function classQaRow(slot, words, rowAt, nRuns, predicted, maskBits) {
  let imaged = 0;
  let sum = 0;
  let i = rowAt;
  for (let r = 0; r < nRuns; r++) {
    const end = rowAt + runTo[r];
    if (predicted) for (const start = rowAt + runFrom[r]; i < start; i++) sum = (sum + words[i]) & 0xffff;
    else i = rowAt + runFrom[r];
    while (i < end) {
      const q = predicted ? (sum = (sum + words[i]) & 0xffff) : words[i];
      let j = i + 1;
      if (predicted) while (j < end && words[j] === 0) j++;
      else while (j < end && words[j] === q) j++;
      imaged += classStretch(slot, q, j - i, i - rowAt, maskBits);
      i = j;
    }
  }
  return imaged;
}

/**
 * A band's words [from, to) of a row counted into `slot.counts` at (class << 16) | DN by the classes at
 * pieceClasses' row from col0: no branch per pixel (fill pixels land in the first 65,536, never read), and the
 * DNs seen bounded by `lo` and `hi` instead of listed (bandCounts scans that range once per job).
 */
function countRun(slot, dn, from, to, col0) {
  const counts = slot.counts;
  const classes = pieceClasses;
  let { lo, hi } = slot;
  for (let i = from, c = classAt + col0; i < to; i++, c++) {
    const d = dn[i];
    counts[(classes[c] << 16) | d]++;
    if (d < lo) lo = d;
    if (d > hi) hi = d;
  }
  slot.lo = lo;
  slot.hi = hi;
}

let runFrom = new Int32Array(0);
let runTo = new Int32Array(0);

/** countRun over a row's runs (runFrom/runTo) of a band whose words are horizontal differences: summed as they are read, never written back. */
function countRowPredicted(slot, words, rowAt, nRuns) {
  const counts = slot.counts;
  const classes = pieceClasses;
  let { lo, hi } = slot;
  let sum = 0;
  let i = rowAt;
  for (let r = 0; r < nRuns; r++) {
    const start = rowAt + runFrom[r];
    const end = rowAt + runTo[r];
    for (; i < start; i++) sum = (sum + words[i]) & 0xffff;
    for (let c = classAt + runFrom[r]; i < end; i++, c++) {
      sum = (sum + words[i]) & 0xffff;
      counts[(classes[c] << 16) | sum]++;
      if (sum < lo) lo = sum;
      if (sum > hi) hi = sum;
    }
  }
  slot.lo = lo;
  slot.hi = hi;
}

/**
 * The piece's row ri clipped to the piece as tile columns, into runFrom/runTo (ascending and apart, as
 * insideRunsOf makes them); returns how many.
 */
function pieceRowRuns(p, ri, inside, col0, nCols) {
  const y = p.rowFirstY[ri];
  let nRuns = 0;
  for (let k = inside.rowStart[y]; k < inside.rowStart[y + 1]; k++) {
    const from = Math.max(inside.spans[2 * k], p.x0) - p.x0;
    const to = Math.min(inside.spans[2 * k + 1], p.x0 + nCols) - p.x0;
    if (to <= from) continue;
    if (nRuns > 0 && col0 + from < runTo[nRuns - 1]) throw new RangeError('inside runs out of order');
    runFrom[nRuns] = col0 + from;
    runTo[nRuns++] = col0 + to;
  }
  return nRuns;
}

/**
 * File f's tile of piece p inflated as far as the piece's last row into this thread's buffer `u` (an
 * empty buffer: a sparse tile, all 0).
 */
function inflatePieceTile(p, f, u, { tileWidth, tileHeight, files }, lastRow = p.rows[p.rows.length - 1]) {
  const bytes = p.tiles[f];
  // null: a band's tile the caller did not fetch, QA_PIXEL having shown no clear pixel under it (pieceClearRows).
  if (bytes === null) throw new Error('a tile was not fetched although QA_PIXEL shows a clear pixel in its piece');
  if (bytes.byteLength === 0) return { words: zeros, usableRows: tileHeight, predictor: 1 };
  if (!(tileScratch[u]?.byteLength >= tileWidth * tileHeight * 2)) tileScratch[u] = new Uint8Array(tileWidth * tileHeight * 2);
  const { words, usableRows } = inflateTileWords({ buffer: bytes, tileWidth, tileHeight, littleEndian: files[f].littleEndian, lastRow, into: tileScratch[u] });
  return { words, usableRows, predictor: files[f].predictor };
}

/**
 * Counts per DN of files `bands` (indexes into `files`) over the pieces, each pixel classed by file
 * `qaFile` (QA_PIXEL) under `maskBits`, pixels outside `inside`'s runs as fill; the DNs in the order
 * met (an area's statistics sort by value). Each piece carries one compressed DEFLATE tile per file
 * (`tiles[f]`, a view, empty where that file's tile is sparse), all of the same tile size; `files[f]`
 * says its byte order and predictor. Pieces are full resolution (insideJobs.ts: each row once, the
 * columns a contiguous range); others throw.
 *
 * `clearBandsOnly`: the bands (not QA_PIXEL) are counted over clear pixels only, their masked DNs not
 * listed (an area's statistics use the clear ones alone), so a piece in which QA_PIXEL shows no clear
 * pixel inside the runs (overcast, shadowed, or outside the imaged footprint) has its band tiles
 * neither inflated nor read: on a cloudy scene most of the work. QA_PIXEL is classed first for every
 * piece, then the bands are counted by its classes.
 */
export function countDeflatePieces(job) {
  const { tileWidth, pieces, bands, qaFile, inside, clearBandsOnly = false } = job;
  const bandFiles = bands.filter((f) => f !== qaFile);
  const qaSlot = qa;
  const slots = bandFiles.map((_, b) => (bandSlots[b] ??= bandSlot()));
  resetQa(qaSlot);
  for (const slot of slots) resetBand(slot);
  ensureScratch(job);
  let covered = 0;
  let imaged = 0;
  for (const p of pieces) {
    const nRows = p.rows.length;
    const nCols = p.cols.length;
    if (nRows === 0 || nCols === 0) continue;
    checkPiece(p);
    covered += nRows * nCols;
    const qaPass = classPieceQa(p, job, qaSlot);
    imaged += qaPass.imaged;
    // Over clear pixels only, the bands' rows after the last clear one are neither counted nor inflated
    // (a DEFLATE stream is read from its start, so the rows before it are).
    const bandRows = clearBandsOnly ? qaPass.lastClear + 1 : nRows;
    if (slots.length === 0 || bandRows === 0) continue;
    // The bands' pass: each file's tile inflated into a buffer of its own (read before the next piece's), its rows' runs counted by their classes.
    const decoded = bandFiles.map((f, b) => inflatePieceTile(p, f, b + 1, job, p.rows[bandRows - 1]));
    const col0 = p.cols[0];
    for (let ri = 0; ri < bandRows; ri++) {
      const nRuns = pieceRowRuns(p, ri, inside, col0, nCols);
      if (nRuns === 0) continue;
      classAt = ri * tileWidth;
      for (let b = 0; b < slots.length; b++) {
        const d = decoded[b];
        const present = p.rows[ri] < d.usableRows;
        const words = present ? d.words : zeros;
        const rowAt = present ? p.rows[ri] * tileWidth : 0;
        if (present && d.predictor === 2) countRowPredicted(slots[b], words, rowAt, nRuns);
        else for (let r = 0; r < nRuns; r++) countRun(slots[b], words, rowAt + runFrom[r], rowAt + runTo[r], runFrom[r]);
      }
    }
  }
  // Every band's pixels are classed alike: the pieces' pixels not imaged inside the runs, or outside them, are fill.
  const fill = covered - imaged;
  const qaOut = qaCounts(qaSlot, fill);
  const bandOut = slots.map((slot) => bandCounts(slot, fill, clearBandsOnly));
  let b = 0;
  return bands.map((f) => (f === qaFile ? copyCounts(qaOut) : bandOut[b++]));
}

/**
 * Per piece of the job (only `tiles[qaFile]` is read), the last of its rows (index into `rows`) with a
 * clear pixel inside the runs under `maskBits`, or -1: what countDeflatePieces' QA_PIXEL pass finds, so
 * that a caller fetches the bands' tiles of the pieces that countDeflatePieces with `clearBandsOnly` will read.
 */
export function pieceClearRows(job) {
  ensureScratch(job);
  const out = new Int32Array(job.pieces.length).fill(-1);
  resetQa(qa);
  job.pieces.forEach((p, k) => {
    if (p.rows.length === 0 || p.cols.length === 0) return;
    checkPiece(p);
    out[k] = classPieceQa(p, job, qa).lastClear;
  });
  resetQa(qa);
  return out;
}

/** The thread's buffers at least the job's tile size. */
function ensureScratch({ tileWidth, tileHeight }) {
  if (pieceClasses.length < tileWidth * tileHeight) pieceClasses = new Uint8Array(tileWidth * tileHeight);
  if (zeros.length < tileWidth * tileHeight) zeros = new Uint16Array(tileWidth * tileHeight);
  if (runFrom.length < tileWidth) {
    runFrom = new Int32Array(tileWidth);
    runTo = new Int32Array(tileWidth);
  }
}

function checkPiece(p) {
  const nCols = p.cols.length;
  for (let ri = 0; ri < p.rows.length; ri++) if (p.rowRepeat[ri] !== 1 || (ri > 0 && p.rows[ri] <= p.rows[ri - 1])) throw new RangeError('countDeflatePieces counts full-resolution pieces only (each tile row once, ascending)');
  if (p.cols[nCols - 1] - p.cols[0] !== nCols - 1) throw new RangeError('countDeflatePieces counts full-resolution pieces only (contiguous columns)');
}

/**
 * QA_PIXEL's pass over a piece: its tile inflated, each row's runs classed (into pieceClasses) and
 * counted into `slot`. Returns the pixels not fill and the last row with a clear pixel (-1: none).
 */
function classPieceQa(p, job, slot) {
  const { tileWidth, inside, maskBits, qaFile } = job;
  const qaTile = inflatePieceTile(p, qaFile, 0, job);
  let lastClear = -1;
  let imaged = 0;
  for (let ri = 0; ri < p.rows.length; ri++) {
    const nRuns = pieceRowRuns(p, ri, inside, p.cols[0], p.cols.length);
    if (nRuns === 0) continue;
    // Rows past a truncated tile's end read as 0.
    const present = p.rows[ri] < qaTile.usableRows;
    classAt = ri * tileWidth;
    sawClear = false;
    imaged += classQaRow(slot, present ? qaTile.words : zeros, present ? p.rows[ri] * tileWidth : 0, nRuns, present && qaTile.predictor === 2, maskBits);
    if (sawClear) lastClear = ri;
  }
  return { imaged, lastClear };
}

/** A copy (each band's counts are transferred back on their own buffers). */
const copyCounts = (c) => ({ fill: c.fill, clearDns: c.clearDns.slice(), clearCounts: c.clearCounts.slice(), maskedDns: c.maskedDns.slice(), maskedCounts: c.maskedCounts.slice() });
