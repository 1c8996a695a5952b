// Worker thread of the tile decoder pool: runs geotiff.js' decoders for the compressions node's zlib
// does not cover (LZW, ZSTD, PackBits, ...), off the event loop. Plain JS so it loads the same way
// under node, tsx and Vitest. The predictor is undone by the caller (tileDecoder.ts), in host byte order.
import { parentPort } from 'node:worker_threads';

// Only geotiff.js' decoder registry, not its entry: the entry pulls in `web-worker`, which inside a
// worker thread takes itself for one of its own workers and fails (it reads workerData.mod).
const { getDecoder } = await import(new URL('./compression/index.js', import.meta.resolve('geotiff')).href);

parentPort.on('message', async ({ id, compression, tileWidth, tileHeight, bitsPerSample, buffer }) => {
  try {
    const decoder = await getDecoder(compression, { tileWidth, tileHeight, predictor: 1, bitsPerSample: [bitsPerSample], planarConfiguration: 1, samplesPerPixel: 1 });
    const out = await decoder.decode(buffer);
    parentPort.postMessage({ id, result: out }, [out]);
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
