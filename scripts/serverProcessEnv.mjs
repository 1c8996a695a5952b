// The server process's environment, set by `npm start` and `npm run load` (docs/benchmarks.md, "Load"): settings the
// C library and libuv read once, at process start, so they cannot be set from inside the server.
import os from 'node:os';

// glibc malloc. A burst of full-scene images allocates and frees tens of megabytes of tile and window
// buffers a second across the event loop, libuv's pool (zlib) and worker threads. With glibc's defaults
// every thread gets its own arena (up to 8 x cores), and after a large buffer is freed the mmap threshold
// rises (up to 32 MB), so later buffers of that size come from the heap, whose freed middle is never
// given back: measured under `npm run load`, peak resident memory 715 MB with the defaults against
// ~660 MB with these two settings, at the same speed. The threshold is 16 KB, not 64 KB: buffers of 16-64
// KB (the demo's 32 KB tile bands, COG tile tables) then get their own mapping, given back when freed,
// instead of leaving free holes in the arenas that stay resident. In the 3-minute mixed soak
// (`LOAD_SOAK_MINUTES=3 npm run load`, 2026-11-23, glibc's malloc_info read with gdb) at 64 KB the two
// arenas held 420 MB, 121 MB of it free; at 16 KB 266 MB, 74 MB free, and the soak's peak resident
// memory was 792 MB against 843 MB, with the same work done (49 against 52 images, 97 against 104 series).
// On an archive of COGs the server itself raises the threshold to 32 MB and trims the arenas once a
// second (native/malloc, src/server/ops/mallocTuning.ts): at 16 KB every 64 KB socket read and range
// answer got a mapping of its own, and an area took 1.4x GDAL's time against 0.81-0.92x
// (docs/performance.md, nineteenth round). The demo keeps 16 KB: at 1 MB with the trims its 10-minute
// mixed soak peaked at 730 MB, against 698 MB at 16 KB in the same hour.
// https://sourceware.org/glibc/manual/latest/html_node/Memory-Allocation-Tunables.html
// Ignored where the C library is not glibc (musl, macOS).
export const SERVER_GLIBC_TUNABLES = 'glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=16384';

// libuv's pool inflates the DEFLATE tiles (node's zlib). Its default of 4 threads on a 2-core machine
// oversubscribes the cores and starves the event loop: on the real-shaped archive's image burst, 2
// threads answered the 30 images sooner (6.3 s against 7.0 s) with event-loop delay p99 80-108 ms
// against 105-126 ms. One thread per core, at least 2 (the pool also does DNS and file reads), at most 8.
// https://docs.libuv.org/en/v1.x/threadpool.html
export function serverThreadPoolSize(cores = os.availableParallelism?.() ?? os.cpus().length) {
  return Math.max(2, Math.min(8, cores));
}

/** The environment with the server's settings added where the caller chose none. */
export function withServerProcessEnv(env) {
  return {
    ...env,
    GLIBC_TUNABLES: env.GLIBC_TUNABLES ?? SERVER_GLIBC_TUNABLES,
    UV_THREADPOOL_SIZE: env.UV_THREADPOOL_SIZE ?? String(serverThreadPoolSize()),
  };
}
