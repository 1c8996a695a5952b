/**
 * Demo tiles synthesized in worker threads: one 128 px tile of nine bands is a few milliseconds of
 * pure JS, and a full-scene image or a scene-box statistic needs hundreds of them, which on the main
 * thread held the event loop for seconds under a burst of images. Each worker keeps its own bounded
 * caches (land mask cells, land cover tiles, cloud fields), so the pool stays small: one worker per
 * core beside the main thread's, at most two.
 */
import { createThreadPool, workersBesideEventLoop, type ThreadPool } from '../raster/threadPool.js';
import { DEMO_ASSET_KEYS } from './demoTileSynth.js';
import type { InsideRuns, TileSamplePiece } from '../raster/byteSource.js';
import type { DnCounts } from '../landsat/dnCounts.mjs';
import type { SceneClouds } from './sceneClouds.js';

const WORKER_URL = new URL('./demoSynthWorker.mjs', import.meta.url);

/**
 * Workers of the pool: the cores minus the one the event loop needs, at least 1, at most 2 (the other
 * pools' rule). Two workers on 2 cores were tried in the fifth round, now that a scene-box statistic
 * comes back as counts (demoSampleCounts.ts): the 40-year statistics stream took 20-29 % less wall time
 * at load 3-10, but each worker keeps its own caches (land cover, cloud fields, tile sets) and young
 * generation, and the 10-minute mixed soak (`LOAD_SOAK_MINUTES=10 npm run load`) peaked at 794 MB
 * resident against its 700 MB budget, with less work done (442 series and 217 images against 543 and
 * 267 with one worker, which peaked at 673 MB, same hour). See docs/performance.md.
 */
export const demoSynthPoolSize = workersBesideEventLoop;

/**
 * Each worker's V8 old generation, MB: its count-bounded caches (cloud percents, weathers, land-cover
 * tile records; their pixels are typed arrays, outside this heap), with room for garbage between
 * collections. Under the mixed soak (`LOAD_SOAK_MINUTES=5 npm run load`, 2026-11-23, a full collection
 * forced every 30 s) the worker's heap held 23 MB live after the first minute and 30-32 MB from the
 * third to the fifth (its total 47-48 MB).
 */
const WORKER_OLD_GENERATION_MB = 96;

/**
 * Each worker's V8 young generation, MB: the synthesizer's garbage is small JS objects (boxed numbers
 * between its noise functions, ~2 MB a 128 px tile), and at the pools' default of 8 MB a scavenge ran
 * every tile or two. Synthesizing 120 overview tiles of a scene (2026-11-25, busy 2-core machine, CPU
 * time a tile): 14.0 ms at 2 MB semi-spaces (the default's), 12.9 at 4, 12.4 at 8, 12.0 at 16. 24 MB
 * (8 MB semi-spaces) takes most of the gain for 16 MB more per worker (at most two).
 */
const WORKER_YOUNG_GENERATION_MB = 24;

let pool: ThreadPool | null = null;
/** How the event loop runs a job itself when it helps the worker (demoJobs.ts' runDemoJob, given by helpDemoSynthesisOnEventLoop). */
let runHere: ((payload: Record<string, unknown>) => unknown) | undefined;
const synthPool = () =>
  (pool ??= createThreadPool(WORKER_URL, 'demo tile synthesis', {
    size: demoSynthPoolSize(),
    maxOldGenerationMb: WORKER_OLD_GENERATION_MB,
    maxYoungGenerationMb: WORKER_YOUNG_GENERATION_MB,
    // Only a statistics scene's count (not an area's: those are the bulk lane's, never helped): a
    // whole tile's synthesis for an image needs land-cover tiles the event loop does not keep (demoScenes.ts).
    helper: (payload) => (runHere && payload.countSamples !== undefined ? helpHere : undefined),
  }));
/** Jobs the event loop ran itself (for tests). */
let helped = 0;
const helpHere = (payload: Record<string, unknown>) => {
  helped += 1;
  return runHere!(payload);
};

/** How many synthesis jobs the event loop has run itself (helpDemoSynthesisOnEventLoop), for tests. */
export function demoSynthJobsHelped(): number {
  return helped;
}

/**
 * Lets the event loop run waiting synthesis jobs itself while the worker is behind (threadPool.ts'
 * `helper`), with `run`: the worker's own code (demoJobs.ts), given here by the demo catalogue because
 * demoJobs.ts imports demoScenes.ts, which imports this module. Without it (a test that synthesizes
 * without a server's catalogue) every job goes to the worker.
 */
export function helpDemoSynthesisOnEventLoop(run: (payload: Record<string, unknown>) => unknown): void {
  runHere = run;
}
/** Whether a worker has loaded the synthesizer (its warm-up or any job came back): until then a job waits seconds for module loading. */
let loaded = false;

/** True once a worker has loaded the synthesizer, so that work sent there starts at once. */
export function demoSynthWorkerLoaded(): boolean {
  return loaded;
}

/** The nine bands (DEMO_ASSET_KEYS order) of tile `index` of `level` of the scene (or of its pixels `rows` x `cols`), synthesized in a worker. */
export async function synthesizeTileSetInWorker(sceneId: string, level: number, index: number, tilesAcross: number, rows?: Int32Array, cols?: Int32Array): Promise<Uint16Array[]> {
  const packed = await synthPool().run<ArrayBuffer>({ sceneId, level, index, tilesAcross, rows, cols }, []);
  loaded = true;
  // The nine bands, packed one after another (demoSynthWorker.mjs).
  const length = packed.byteLength / 2 / DEMO_ASSET_KEYS.length;
  return DEMO_ASSET_KEYS.map((_, k) => new Uint16Array(packed, k * length * 2, length));
}

/** Jobs the synthesis workers hold or have waiting, of every kind (0 before the pool starts). */
export function demoSynthBacklog(): number {
  return pool?.backlog() ?? 0;
}

/** What a worker's counting gives back: the counts, and the scene's cloud percent when the worker knows it (it built the scene's whole cloud field for them). */
export interface WorkerSampleCounts {
  counts: DnCounts[];
  cloudPercent?: number;
}

/**
 * A scene's window samples counted per DN in a worker (demoSampleCounts.ts): counts come back, not
 * pixels. `clouds`: the scene's whole cloud field built on this thread (demoScenes.ts' cloudsToHandOver),
 * its buffers transferred: the worker counts with it rather than build it.
 */
export async function countSamplesInWorker(sceneId: string, level: number, tilesAcross: number, pieces: TileSamplePiece[], bands: number[], qaBand: number, maskBits: number, outWidth: number, inside?: InsideRuns, clouds?: SceneClouds): Promise<WorkerSampleCounts> {
  const transfer = clouds ? [clouds.amount.buffer, clouds.count.buffer, ...(clouds.cellBits ? [clouds.cellBits.buffer] : []), ...(clouds.cellKnown ? [clouds.cellKnown.buffer] : [])] : [];
  const counted = await synthPool().run<WorkerSampleCounts>({ countSamples: { sceneId, level, tilesAcross, pieces, bands, qaBand, maskBits, outWidth, ...(inside ? { inside } : {}), ...(clouds ? { clouds } : {}) } }, transfer as ArrayBuffer[]);
  loaded = true;
  return counted;
}

/** What a worker's percents give back: one per scene, and the whole fields of those at most `keepUpTo` cloudy, by scene id. */
export interface WorkerPercents {
  percents: Float64Array;
  fields: Array<[string, SceneClouds]>;
}

/**
 * Each scene's cloud percent (sceneCloudPercent), computed in a worker: a cold search needs thousands.
 * With `keepUpTo`, the whole fields of the scenes at most that cloudy come back too (their buffers
 * transferred), for the counts that follow the search (keptCloudFields.ts).
 */
export async function cloudPercentsInWorker(sceneIds: readonly string[], keepUpTo?: number): Promise<WorkerPercents> {
  const answer = await synthPool().run<{ percents: ArrayBuffer; fields: Array<[string, SceneClouds]> }>({ cloudPercentsOf: [...sceneIds], ...(keepUpTo !== undefined ? { keepUpTo } : {}) }, []);
  loaded = true;
  return { percents: new Float64Array(answer.percents), fields: answer.fields };
}

/**
 * Starts the workers and has each load the synthesizer and the coastline index (seconds of module loading
 * and ~0.5 s of indexing): called at server start, so that the first Fetch does not wait for them.
 */
export async function warmDemoSynthPool(): Promise<void> {
  // One warm-up per worker: jobs posted while every worker is busy start the next one (threadPool.ts),
  // so each worker loads before a request needs it, not the first only.
  await Promise.all(Array.from({ length: demoSynthPoolSize() }, () => synthPool().run<null>({ warmUp: true }, [])));
  loaded = true;
}
