// glibc malloc settings for the server process, set by `npm start` and `npm run load` (README "Load").
//
// Why: a burst of full-scene images allocates and frees tens of megabytes of tile and window buffers a
// second across the event loop, libuv's pool (zlib) and worker threads. With glibc's defaults every
// thread gets its own arena (up to 8 x cores, 64 MB address space each), and after a large buffer is
// freed the mmap threshold rises (up to 32 MB), so later buffers of that size come from the heap, whose
// freed middle is never given back: measured under `npm run load`, peak resident memory 715 MB with the
// defaults against ~660 MB with these two settings, at the same speed.
// https://sourceware.org/glibc/manual/latest/html_node/Memory-Allocation-Tunables.html
//
// Ignored where the C library is not glibc (musl, macOS). A GLIBC_TUNABLES already set is kept as is.
export const SERVER_GLIBC_TUNABLES = 'glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=65536';

/** The environment with the server's malloc tunables added unless the caller chose some. */
export function withMallocTunables(env) {
  return env.GLIBC_TUNABLES === undefined ? { ...env, GLIBC_TUNABLES: SERVER_GLIBC_TUNABLES } : env;
}
