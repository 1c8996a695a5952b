// Worker thread of the tile decoder pool, off the event loop. Plain JS so it loads the same way under
// node, tsx and Vitest.
// - `decode`: geotiff.js' decoders for the compressions node's zlib does not cover (LZW, ZSTD, PackBits,
//   ...); the predictor is undone by the caller (tileDecoder.ts), in host byte order.
// - `pick`: a DEFLATE tile of 16-bit words for a decimating read: inflate (node's zlib), byte order,
//   horizontal predictor on the picked rows only, then only the picked samples go back, so the event
//   loop never touches the tile's quarter-million words (the image burst of `npm run load`); or a
//   prefix of such a tile for a point's few samples (`complete` false).
// - `count`: an area's strip counted here (tileCounts.mjs): each file's DEFLATE tiles decoded, the
//   polygon's pixels classed by QA_PIXEL and counted per DN, and only the counts go back.
// - `clearRows`: which of an area's pieces have a clear pixel (tileCounts.mjs pieceClearRows), from their
//   QA_PIXEL tiles alone, so that the bands' tiles of the others are never fetched.
import { parentPort } from 'node:worker_threads';
import { countDeflatePieces, pieceClearRows } from './tileCounts.mjs';
import { pickDeflateSamples } from './tileSamples.mjs';

// geotiff.js' public entry: it loads `web-worker`, which reads this thread's workerData (threadPool.ts
// gives one without `mod`, so web-worker leaves the thread alone). Loaded on the first `decode` only:
// a server's first point series starts these workers for `pick` alone, and compiling geotiff.js in
// each of them was CPU taken from that first answer.
let geotiff = null;

parentPort.on('message', async ({ id, kind = 'decode', ...job }) => {
  try {
    if (kind === 'count') {
      const counts = countDeflatePieces(job);
      const out = counts.flatMap((c) => [c.clearDns.buffer, c.clearCounts.buffer, c.maskedDns.buffer, c.maskedCounts.buffer]);
      parentPort.postMessage({ id, result: counts }, out);
      return;
    }
    if (kind === 'clearRows') {
      const rows = pieceClearRows(job);
      parentPort.postMessage({ id, result: rows }, [rows.buffer]);
      return;
    }
    if (kind === 'pick') {
      // null: a tile prefix (`complete` false) that ended before the last row picked.
      const out = pickDeflateSamples(job)?.buffer ?? null;
      parentPort.postMessage({ id, result: out }, out ? [out] : []);
      return;
    }
    const { compression, tileWidth, tileHeight, bitsPerSample, buffer } = job;
    geotiff ??= import('geotiff');
    const decoder = await (await geotiff).getDecoder(compression, { tileWidth, tileHeight, predictor: 1, bitsPerSample: [bitsPerSample], planarConfiguration: 1, samplesPerPixel: 1 });
    const out = await decoder.decode(buffer);
    parentPort.postMessage({ id, result: out }, [out]);
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
