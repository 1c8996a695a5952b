/**
 * glibc's malloc set for an archive of COGs, through native/malloc's binding where npm's postinstall
 * built it (scripts/buildNative.mjs). `npm start` gives the server a fixed 16 KB mmap threshold
 * (scripts/serverProcessEnv.mjs), which keeps the demo archive's many mid-size buffers out of the arenas
 * (its 10-minute mixed soak peaked at 698 MB, against 730 MB at 1 MB with trims). On an archive of COGs
 * that threshold gave every 64 KB socket read and every range answer a mapping of its own, zero-filled
 * page by page and unmapped when freed: an area on real-shaped COGs took 1.4x GDAL's time, its event
 * loop's CPU 1.8-1.9 s. With buffers under 1 MB from the arenas it took 0.81-0.97x, the event loop
 * 0.8 s; under 32 MB (every range answer) 0.81-0.92x against 0.89-1.05x at 1 MB, in four
 * interleaved pairs (docs/performance.md, nineteenth round). What the arenas then hold free is given
 * back by a trim once a second (the memory budget's check, memoryBudget.ts), on libuv's pool.
 */
import { createRequire } from 'node:module';

/**
 * Buffers from this size up get mappings of their own on an archive of COGs: the most glibc's own rising
 * threshold reaches on 64-bit (DEFAULT_MMAP_THRESHOLD_MAX), well above an area's range answers (630 KB
 * on average in the area bench).
 */
export const ARCHIVE_MMAP_THRESHOLD_BYTES = 32 * 1024 * 1024;

interface MallocBinding {
  /** Resolves true when memory was given back; runs on libuv's pool. */
  trim(): Promise<boolean>;
  setMmapThreshold(bytes: number): boolean;
  glibc: boolean;
}

export interface MallocTuning {
  /** Starts a trim unless one is still running; a no-op when malloc was left as it was. */
  trim(): void;
  /** Why malloc was left as it was (the server's start log), or null when it is set for the archive. */
  unavailable: string | null;
  /** What an operator can do about it, where something can be done (the binding is not built). */
  remedy?: string;
}

/**
 * Sets the archive's mmap threshold and returns its trim; LANDSAT_MALLOC_TUNING=off leaves malloc as
 * the environment (GLIBC_TUNABLES) set it. The threshold is the whole process's (worker threads allocate
 * from the same arenas), so setting it again, for another server context, changes nothing.
 */
export function tuneMallocForArchive(env: Record<string, string | undefined> = process.env): MallocTuning {
  const none = (why: string, remedy?: string): MallocTuning => ({ trim: () => {}, unavailable: why, ...(remedy ? { remedy } : {}) });
  if (env.LANDSAT_MALLOC_TUNING === 'off') return none('LANDSAT_MALLOC_TUNING=off');
  let binding: MallocBinding;
  try {
    binding = createRequire(import.meta.url)('../../../native/malloc/build/Release/landsat_malloc.node') as MallocBinding;
  } catch (err) {
    return none(`native/malloc is not built (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`, 'install a C compiler, then run `npm rebuild`');
  }
  if (!binding.glibc) return none('the C library is not glibc');
  if (!binding.setMmapThreshold(ARCHIVE_MMAP_THRESHOLD_BYTES)) return none('glibc refused the mmap threshold');
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
