import type { ByteSource } from '../src/core/raster/byteSource.js';

/** Range requests and bytes a bench scenario made. */
export interface ByteCounter {
  requests: number;
  bytes: number;
}

/** Wraps a byte source so that every range read is counted: the bench reports requests and bytes. */
export function createCountingByteSource(inner: ByteSource, counter: ByteCounter): ByteSource {
  return {
    id: inner.id,
    get stats() {
      return inner.stats;
    },
    // The reader treats free-to-reread sources (the demo's computed files) differently: counting must not hide it.
    rereadIsFree: inner.rereadIsFree,
    async fetch(ranges, signal) {
      const buffers = await inner.fetch(ranges, signal);
      counter.requests += ranges.length;
      counter.bytes += buffers.reduce((sum, b) => sum + b.byteLength, 0);
      return buffers;
    },
    // Nor hide that a computed file answers samples rather than bytes (one call counted as one request).
    ...(inner.readTileSamples
      ? {
          async readTileSamples(level: number, tileIndex: number, rows: Int32Array, cols: Int32Array, signal?: AbortSignal) {
            const samples = await inner.readTileSamples!(level, tileIndex, rows, cols, signal);
            counter.requests += 1;
            counter.bytes += samples.byteLength;
            return samples;
          },
        }
      : {}),
  };
}
