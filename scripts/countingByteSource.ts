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
  };
}
