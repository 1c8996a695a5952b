/**
 * The buffers of whole cloud fields that their keeper let go (demoScenes.ts' LRU of fields evicts
 * one), kept for the next builds of the same grid size. A field's amounts and block bits are 60-125 KB
 * each; allocated anew for each of the ~930-1,840 fields a 40-year statistics builds, every one came
 * from a memory mapping of its own (the server's malloc maps buffers from 16 KB up:
 * scripts/serverProcessEnv.mjs), zero-filled, faulted in page by page and unmapped again. With this
 * (and hand-overs without block bits, demoClouds.ts' createSceneCloudsToHandOver) the 40-year journey
 * in the page at cloud 100 % used 0.5-0.7 s less server CPU (docs/performance.md, thirteenth round).
 * One pool per thread (module state).
 */
import type { SceneClouds } from './sceneClouds.js';

/**
 * Buffers kept per kind: a field is let go as the next is built, so a few cover the grids in use (a
 * scene box's statistics interleave the 2-4 path/rows it overlaps, each grid its own sizes).
 */
const KEPT_PER_KIND = 8;
const released = { amount: [] as Float32Array[], count: [] as Uint8Array[], bits: [] as Uint32Array[], known: [] as Uint8Array[] };

function take<T extends Float32Array | Uint8Array | Uint32Array>(list: T[], length: number): T | undefined {
  const i = list.findIndex((a) => a.length === length);
  return i < 0 ? undefined : list.splice(i, 1)[0];
}

function keep<T extends Float32Array | Uint8Array | Uint32Array>(list: T[], a: T | null): void {
  // A buffer transferred to another thread has length 0 here: nothing to keep.
  if (!a || a.length === 0) return;
  list.push(a);
  // The oldest goes: a list full of another grid's sizes would otherwise keep none of the sizes in use.
  if (list.length > KEPT_PER_KIND) list.shift();
}

/** A whole field's amounts (the build writes every entry): a released one of this length, else new. */
export function fieldAmounts(length: number): Float32Array {
  return take(released.amount, length) ?? new Float32Array(length);
}

/** A whole field's cloud counts (the build writes every entry). */
export function fieldCounts(length: number): Uint8Array {
  return take(released.count, length) ?? new Uint8Array(length);
}

/** A whole field's block bits: read only where `cellKnown` says a cell's are written, so not cleared. */
export function fieldBits(length: number): Uint32Array {
  return take(released.bits, length) ?? new Uint32Array(length);
}

/** A whole field's `cellKnown`: all 0. */
export function fieldKnown(length: number): Uint8Array {
  return take(released.known, length)?.fill(0) ?? new Uint8Array(length);
}

/** A whole field that came without block bits (createSceneCloudsToHandOver) given this thread's own, none known yet. */
export function withBlockBits(clouds: SceneClouds): SceneClouds {
  if (!clouds.cellBits && !clouds.cells) {
    const cellCount = clouds.cellsAcross * clouds.cellsDown;
    clouds.cellBits = fieldBits(2 * cellCount);
    clouds.cellKnown = fieldKnown(cellCount);
  }
  return clouds;
}

/**
 * Hands a whole field's buffers back for later builds. Only for a field nothing reads any more: its
 * keeper's (the LRU's) reference was the last. The demo reads fields synchronously within one
 * synthesis, so a field the LRU evicts between two syntheses has no other reader.
 */
export function releaseCloudField(clouds: SceneClouds): void {
  // Percent-only and window builds hold this thread's scratch buffers, never released here.
  if (!clouds.cellBits || !clouds.cellKnown || clouds.cells) return;
  keep(released.amount, clouds.amount);
  keep(released.count, clouds.count);
  keep(released.bits, clouds.cellBits);
  keep(released.known, clouds.cellKnown);
}

/**
 * Hands back the amounts and counts of a whole field built without block bits
 * (createSceneCloudsToHandOver) that nothing reads any more: one a search kept and nobody took
 * (keptCloudFields.ts), or one it built for a percent and did not keep.
 */
export function releaseHandOverField(clouds: SceneClouds): void {
  if (clouds.cellBits || clouds.cells) return;
  keep(released.amount, clouds.amount);
  keep(released.count, clouds.count);
}
