/**
 * glibc's malloc_trim(0) through native/malloc's binding, where npm's postinstall built it
 * (scripts/buildNative.mjs). The server lets glibc serve buffers under 1 MB from its two arenas
 * (scripts/serverProcessEnv.mjs): with a 16 KB mmap threshold every socket read and tile buffer was
 * mapped, zero-filled and unmapped on its own, which made an area on real-shaped COGs 1.4x GDAL's time
 * instead of ~0.9x (docs/performance.md, nineteenth round). What the arenas then hold free, between and
 * below live buffers, is given back by this call, once a second with the memory budget's check
 * (memoryBudget.ts), on libuv's pool. Without the binding (no C compiler at install) or with
 * LANDSAT_MALLOC_TRIM=off nothing is trimmed; the memory budget still sizes the block cache.
 */
import { createRequire } from 'node:module';

interface MallocBinding {
  /** Resolves true when memory was given back; runs on libuv's pool. */
  trim(): Promise<boolean>;
  glibc: boolean;
}

export interface MallocTrim {
  /** Starts a trim unless one is still running; a no-op where trims do not run. */
  trim(): void;
  /** Why nothing is trimmed, or null when trims run (the server's start log). */
  unavailable: string | null;
}

/** Loads the binding (once per process: worker threads free into the same arenas). */
export function createMallocTrim(env: Record<string, string | undefined> = process.env): MallocTrim {
  const none = (why: string): MallocTrim => ({ trim: () => {}, unavailable: why });
  if (env.LANDSAT_MALLOC_TRIM === 'off') return none('LANDSAT_MALLOC_TRIM=off');
  let binding: MallocBinding;
  try {
    binding = createRequire(import.meta.url)('../../../native/malloc/build/Release/landsat_malloc.node') as MallocBinding;
  } catch (err) {
    return none(`native/malloc is not built (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`);
  }
  if (!binding.glibc) return none('the C library is not glibc');
  let running = false;
  return {
    trim() {
      if (running) return;
      running = true;
      void binding.trim().finally(() => (running = false));
    },
    unavailable: null,
  };
}
