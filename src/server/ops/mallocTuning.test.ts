/**
 * malloc set for an archive through native/malloc (mallocTuning.ts), in child processes run with npm
 * start's GLIBC_TUNABLES: with the archive's threshold, buffers under it come from the arenas, and what
 * they leave free stays resident until a trim gives it back; with npm start's own 16 KB threshold each
 * buffer is a mapping, gone when freed. The resident sizes are the kernel's (/proc/self/status, VmRSS).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_GLIBC_TUNABLES } from '../../../scripts/serverProcessEnv.mjs';
import { ARCHIVE_MMAP_THRESHOLD_BYTES, tuneMallocForArchive } from './mallocTuning.js';

const BINDING = new URL('../../../native/malloc/build/Release/landsat_malloc.node', import.meta.url);
const BUILT = existsSync(BINDING);

/**
 * A child process that (with `archive`) sets the archive's threshold, fills the heap with 400 buffers of
 * 256 KB (written, so their pages are resident), frees every other one, collects, then trims: the
 * resident MB after the frees and after the trim.
 */
const child = (archive: boolean) => `
const binding = require(${JSON.stringify(BINDING.pathname)});
const rssMb = () => Number(/VmRSS:\\s+(\\d+) kB/.exec(require('node:fs').readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
const threshold = ${archive} ? binding.setMmapThreshold(${ARCHIVE_MMAP_THRESHOLD_BYTES}) : null;
let kept = [];
for (let i = 0; i < 400; i++) kept.push(Buffer.allocUnsafeSlow(256 * 1024).fill(i & 255));
kept = kept.filter((_, i) => i % 2 === 0);
globalThis.gc();
setTimeout(async () => {
  globalThis.gc();
  const afterFree = rssMb();
  const released = await binding.trim();
  const afterTrim = rssMb();
  process.stdout.write(JSON.stringify({ threshold, afterFree, afterTrim, released, kept: kept.length }));
}, 200);
`;

/** `--single-threaded-gc`: V8 frees the dead buffers within gc(), not later on a helper thread, so a busy machine cannot delay the frees past the measure. */
function runChild(archive: boolean) {
  const out = execFileSync(process.execPath, ['--expose-gc', '--single-threaded-gc', '-e', child(archive)], { env: { ...process.env, GLIBC_TUNABLES: SERVER_GLIBC_TUNABLES }, encoding: 'utf8' });
  return JSON.parse(out) as { threshold: boolean | null; afterFree: number; afterTrim: number; released: boolean; kept: number };
}

describe('tuneMallocForArchive', () => {
  it('leaves malloc alone with LANDSAT_MALLOC_TUNING=off, and says why', () => {
    const tuning = tuneMallocForArchive({ LANDSAT_MALLOC_TUNING: 'off' });
    expect(tuning.unavailable).toBe('LANDSAT_MALLOC_TUNING=off');
    expect(() => tuning.trim()).not.toThrow();
  });

  it.runIf(process.platform === 'linux')('is built by the install on this Linux machine (scripts/buildNative.mjs needs only a C compiler)', () => {
    expect(BUILT).toBe(true);
  });

  it.runIf(BUILT)("with the archive's threshold, the free heap between live buffers stays resident until a trim gives it back", () => {
    const { threshold, afterFree, afterTrim, released, kept } = runChild(true);
    expect(threshold).toBe(true);
    expect(kept).toBe(200);
    expect(released).toBe(true);
    // 200 freed buffers of 256 KB are 50 MB of free heap, resident until the trim.
    expect(afterFree - afterTrim).toBeGreaterThan(30);
  });

  it.runIf(BUILT)("with npm start's 16 KB threshold, the same buffers are given back as they are freed", () => {
    const arenas = runChild(true);
    const mapped = runChild(false);
    expect(mapped.afterFree - mapped.afterTrim).toBeLessThan(10);
    // Both end with the same live buffers; only the archive's threshold held the freed ones until the trim.
    expect(arenas.afterFree - mapped.afterFree).toBeGreaterThan(30);
  });
});
