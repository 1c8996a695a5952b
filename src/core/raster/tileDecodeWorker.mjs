// Worker thread of the tile decoder pool, off the event loop. Plain JS so it loads the same way under
// node, tsx and Vitest.
// - `decode`: geotiff.js' decoders for the compressions node's zlib does not cover (LZW, ZSTD, PackBits,
//   ...); the predictor is undone by the caller (tileDecoder.ts), in host byte order.
// - `pick`: a DEFLATE tile of 16-bit words for a decimating read: inflate (node's zlib), byte order,
//   horizontal predictor on the picked rows only, then only the picked samples go back, so the event
//   loop never touches the tile's quarter-million words (the image burst of `npm run load`).
import { parentPort } from 'node:worker_threads';
import { inflateSync } from 'node:zlib';
import { pickSamples, undoHorizontalDifferencing } from './tileSamples.mjs';

// geotiff.js' public entry: it loads `web-worker`, which reads this thread's workerData (threadPool.ts
// gives one without `mod`, so web-worker leaves the thread alone).
import { getDecoder } from 'geotiff';

const HOST_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** The samples at rows x cols of the tile, row-major, rows.length x cols.length; 0 where the tile data ends early. */
function pick({ buffer, tileWidth, littleEndian, predictor, rows, cols }) {
  const raw = inflateSync(new Uint8Array(buffer));
  const usableRows = Math.floor(raw.byteLength / 2 / tileWidth);
  // Whole rows only (a truncated tile may end mid-word, which swap16 refuses), as tileDecoder.ts does;
  // a private, aligned copy only when zlib's output sits at an odd offset.
  const whole = raw.subarray(0, usableRows * tileWidth * 2);
  const bytes = whole.byteOffset % 2 === 0 ? whole : Buffer.from(whole);
  if (littleEndian !== HOST_LITTLE_ENDIAN) bytes.swap16();
  const words = new Uint16Array(bytes.buffer, bytes.byteOffset, usableRows * tileWidth);
  if (predictor === 2) {
    // As far as the last picked column: the samples past it are never read.
    const lastCol = cols.length > 0 ? cols[cols.length - 1] : 0;
    for (let k = 0; k < rows.length && rows[k] < usableRows; k++) undoHorizontalDifferencing(words, tileWidth, rows[k], lastCol);
  }
  return pickSamples(words, tileWidth, usableRows, rows, cols, new Uint16Array(rows.length * cols.length)).buffer;
}

parentPort.on('message', async ({ id, kind = 'decode', ...job }) => {
  try {
    if (kind === 'pick') {
      const out = pick(job);
      parentPort.postMessage({ id, result: out }, [out]);
      return;
    }
    const { compression, tileWidth, tileHeight, bitsPerSample, buffer } = job;
    const decoder = await getDecoder(compression, { tileWidth, tileHeight, predictor: 1, bitsPerSample: [bitsPerSample], planarConfiguration: 1, samplesPerPixel: 1 });
    const out = await decoder.decode(buffer);
    parentPort.postMessage({ id, result: out }, [out]);
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
