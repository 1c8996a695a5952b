// Per-row work on decoded tile words, shared by tileDecoder.ts and its worker (tileDecodeWorker.mjs).
// Plain JS so that the worker, which loads without tsx, can import it too.

/**
 * Undoes TIFF horizontal differencing (predictor 2) on one row, in place, up to column `lastCol`:
 * each sample is the sum of the row so far, modulo 2^bits as the TIFF spec asks (typed-array stores
 * wrap). TIFF 6.0, section 14: https://www.itu.int/itudoc/itu-t/com16/tiff-fx/docs/tiff6.pdf
 */
export function undoHorizontalDifferencing(words, tileWidth, row, lastCol = tileWidth - 1) {
  const start = row * tileWidth;
  for (let i = start + 1; i <= start + lastCol; i++) words[i] += words[i - 1];
}

/** Copies the samples at rows x cols (ascending rows) into `out`, row-major; rows past `usableRows` stay 0. */
export function pickSamples(words, tileWidth, usableRows, rows, cols, out) {
  for (let k = 0; k < rows.length && rows[k] < usableRows; k++) {
    const start = rows[k] * tileWidth;
    const o = k * cols.length;
    for (let x = 0; x < cols.length; x++) out[o + x] = words[start + cols[x]];
  }
  return out;
}
