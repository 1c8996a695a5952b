// The server process's environment, set by `npm start` and `npm run load` (docs/benchmarks.md, "Load"): settings the
// C library and libuv read once, at process start, so they cannot be set from inside the server.
import os from 'node:os';

// glibc malloc. A burst of full-scene images allocates and frees tens of megabytes of tile and window
// buffers a second across the event loop, libuv's pool and worker threads. With glibc's defaults every
// thread gets its own arena (up to 8 x cores), and after a large buffer is freed the mmap threshold rises
// (up to 32 MB), so later buffers of that size come from the heap, whose freed middle is never given
// back: measured under `npm run load`, peak resident memory 715 MB with the defaults against ~660 MB
// with 2 arenas and a fixed threshold, at the same speed.
// The fixed threshold is 1 MB. It was 16 KB until the nineteenth round (docs/performance.md): every
// buffer from 16 KB up, each 64 KB socket read and each range answer among them, got a mapping of its
// own, zero-filled page by page and unmapped when freed, and an area on real-shaped COGs took 1.4x
// GDAL's time against ~0.9x with buffers under 1 MB from the arenas (its event loop's CPU 1.8-1.9 s
// against 0.8-1.0 s). What the arenas then hold free is given back once a second by malloc_trim
// (native/malloc, src/server/ops/mallocTrim.ts): in the 3-minute mixed soak (`LOAD_SOAK_MINUTES=3 npm run
// load`) peak resident memory was 684 MB at 1 MB with the trims, 713 MB with glibc's rising threshold
// and the trims, 763 MB with neither, and 679 MB at 16 KB, which did ~15 % less work in those minutes.
// https://sourceware.org/glibc/manual/latest/html_node/Memory-Allocation-Tunables.html
// Ignored where the C library is not glibc (musl, macOS).
export const SERVER_GLIBC_TUNABLES = 'glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=1048576';

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
