/**
 * malloc_trim through native/malloc (mallocTrim.ts): in a process run as `npm start` runs the server
 * (its GLIBC_TUNABLES), heap left free between live buffers stays resident until a trim gives it back.
 * The resident sizes are the kernel's (/proc/self/statm), not the binding's word.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_GLIBC_TUNABLES } from '../../../scripts/serverProcessEnv.mjs';
import { createMallocTrim } from './mallocTrim.js';

const BINDING = new URL('../../../native/malloc/build/Release/landsat_malloc.node', import.meta.url);
const BUILT = existsSync(BINDING);

/**
 * A child process that fills the heap with 400 buffers of 256 KB (under the 1 MB mmap threshold, so from
 * malloc's arenas), frees every other one, collects, then trims: the resident MB after the frees and
 * after the trim. The buffers are written so their pages are resident.
 */
const CHILD = `
const binding = require(${JSON.stringify(BINDING.pathname)});
const pageKb = 4;
const rssMb = () => (Number(require('node:fs').readFileSync('/proc/self/statm', 'utf8').split(' ')[1]) * pageKb) / 1024;
let kept = [];
for (let i = 0; i < 400; i++) kept.push(Buffer.allocUnsafeSlow(256 * 1024).fill(i & 255));
kept = kept.filter((_, i) => i % 2 === 0);
globalThis.gc();
setTimeout(async () => {
  globalThis.gc();
  const afterFree = rssMb();
  const released = await binding.trim();
  const afterTrim = rssMb();
  process.stdout.write(JSON.stringify({ afterFree, afterTrim, released, kept: kept.length }));
}, 200);
`;

describe('createMallocTrim', () => {
  it('trims nothing with LANDSAT_MALLOC_TRIM=off, and says why', () => {
    const trim = createMallocTrim({ LANDSAT_MALLOC_TRIM: 'off' });
    expect(trim.unavailable).toBe('LANDSAT_MALLOC_TRIM=off');
    expect(() => trim.trim()).not.toThrow();
  });

  it.runIf(process.platform === 'linux')('is built by the install on this Linux machine (scripts/buildNative.mjs needs only a C compiler)', () => {
    expect(BUILT).toBe(true);
    expect(createMallocTrim({}).unavailable).toBeNull();
  });

  it.runIf(BUILT)('gives back the free heap between live buffers, which stays resident without it', () => {
    const out = execFileSync(process.execPath, ['--expose-gc', '-e', CHILD], { env: { ...process.env, GLIBC_TUNABLES: SERVER_GLIBC_TUNABLES }, encoding: 'utf8' });
    const { afterFree, afterTrim, released, kept } = JSON.parse(out) as { afterFree: number; afterTrim: number; released: boolean; kept: number };
    expect(kept).toBe(200);
    expect(released).toBe(true);
    // 200 freed buffers of 256 KB are 50 MB of free heap, resident until the trim.
    expect(afterFree - afterTrim).toBeGreaterThan(30);
  });
});
