// Whole DEFLATE tiles inflated by libdeflate through native/deflate's binding, where npm's postinstall
// built it (scripts/buildNative.mjs): about twice as fast as node's zlib on the tiles an area
// decodes, which were most of its CPU (docs/areas-and-first-load.md, ninth round). Plain JS: the tile
// decode worker loads it without tsx. Without the binding, or with LANDSAT_INFLATE=zlib, every
// inflate goes through node's zlib as before (tileSamples.mjs).
import { createRequire } from 'node:module';

/** The binding, or why there is none (loaded once per thread: each worker thread loads its own instance). */
function loadBinding() {
  if (process.env.LANDSAT_INFLATE === 'zlib') return { binding: null, why: 'LANDSAT_INFLATE=zlib' };
  try {
    return { binding: createRequire(import.meta.url)('../../../native/deflate/build/Release/landsat_inflate.node'), why: null };
  } catch (err) {
    return { binding: null, why: `native/deflate is not built (${err instanceof Error ? err.message.split('\n')[0] : String(err)})` };
  }
}
const { binding, why } = loadBinding();

/** What inflates whole DEFLATE tiles on this thread, and why not libdeflate when it is not (/api/health, the server's start log). */
export function inflateEngine() {
  return binding ? { engine: 'libdeflate' } : { engine: 'zlib', reason: why };
}

/**
 * The zlib stream `bytes` inflated whole into `into` (when it holds `maxBytes`) or a new buffer of at most `maxBytes`, or null when libdeflate
 * is not at hand or the stream is not one it reads whole (truncated, corrupt, or larger): the caller
 * then uses node's zlib, which reads prefixes and says what is wrong with a stream.
 */
export function inflateWhole(bytes, maxBytes, into) {
  if (!binding) return null;
  // A caller's own buffer when it has one (one per file of a counted piece, tileCounts.mjs): a fresh
  // half-megabyte buffer per tile cost its page faults on every tile.
  // A Buffer either way: the caller may swap its byte order in place (Buffer#swap16).
  const out = into && into.byteLength >= maxBytes ? Buffer.from(into.buffer, into.byteOffset, maxBytes) : Buffer.allocUnsafe(maxBytes);
  const written = binding.inflateZlibInto(bytes, out);
  return written >= 0 ? out.subarray(0, written) : null;
}
