/**
 * The synthetic scenes' cloud percents (what a search filters on and a scene's `cloudCover` says):
 * computed once per scene and thread, kept (100,000 of them), computed in slices on the event loop and
 * shared with the synthesis worker, and learned from the counts that build a scene's whole cloud field.
 */
import { createSceneCloudsToHandOver, sceneCloudPercentOf, sceneCloudsRecord } from './demoClouds.js';
import type { SceneClouds } from './sceneClouds.js';
import { releaseHandOverField } from './cloudFieldBuffers.js';
import { keepCloudField } from './keptCloudFields.js';
import { parseDemoSceneId, type DemoScene } from './demoSceneIds.js';
import { cloudPercentsInWorker, demoSynthWorkerLoaded, type WorkerPercents } from './demoSynthPool.js';
import { Lru } from './lruMap.js';
import { createPercentWaits } from './percentWaits.js';
import { ownTurn } from '../ownTurn.js';

const cloudPercents = new Lru<number>(100_000);

/** Percent rounded to 2 decimals, as eo:cloud_cover is published (and as a search compares it with its limit). */
export function roundPercent(v: number): number {
  return Math.round(v * 100) / 100;
}

/** Where a search's percents put the whole fields of the scenes it lets through (rounded percent at most `upTo`). */
export interface FieldKeeper {
  upTo: number;
  keep: (sceneId: string, clouds: SceneClouds) => void;
}

/**
 * Percent of the scene's valid pixels that QA_PIXEL flags cloud (exact, full resolution). On Landsat 7
 * SLC-off scenes it is the cloud field's percent before the scan-line gaps, which cut clear and cloudy
 * ground alike. With `keeper` (a search whose caller counts the scenes it finds: SceneQuery's
 * `readsScenesWhole`), a scene the search lets through gives the keeper the whole field its percent was
 * built from, for its count (keptCloudFields.ts).
 */
export function sceneCloudPercent(scene: DemoScene, keeper?: FieldKeeper): number {
  let percent = cloudPercents.get(scene.id);
  if (percent === undefined) {
    const sun = { elevationDeg: scene.sunElevationDeg, azimuthDeg: scene.sunAzimuthDeg };
    if (!keeper) {
      percent = sceneCloudPercentOf(scene.grid, scene.datetime, sun);
    } else {
      // The whole field, by the same arithmetic as the percent alone (and on buffers handed back by earlier builds).
      const clouds = createSceneCloudsToHandOver(scene.grid, scene.datetime, sun);
      percent = clouds.cloudPercent;
      if (roundPercent(percent) <= keeper.upTo) keeper.keep(scene.id, clouds);
      else releaseHandOverField(clouds);
    }
    cloudPercents.set(scene.id, percent);
  }
  return percent;
}

/** The scene's cloud percent if this thread knows it already (a full cloud build or a percent-only one ran here), else undefined: nothing is computed. */
export function knownCloudPercent(sceneId: string): number | undefined {
  return cloudPercents.get(sceneId);
}

/**
 * Keeps a scene's percent that a whole cloud field brought (built on this thread, handed over with a
 * count, or answered by the worker with its counts); who waits for it (knowCloudPercentSoon) goes on.
 */
export function rememberCloudPercent(sceneId: string, percent: number): void {
  cloudPercents.set(sceneId, percent);
  percentWaits.learned(sceneId);
}

/** Path/rows being counted and waiters for the percents their counts bring (percentWaits.ts). */
const percentWaits = createPercentWaits();
const pathRowKey = (scene: DemoScene) => `${scene.grid.path}/${scene.grid.row}`;

/** A scene-box count of this scene's path/row was posted or answered: its percents will come with the counts. */
export function noteCounting(scene: DemoScene): void {
  percentWaits.counting(pathRowKey(scene));
}

/**
 * Makes one scene's cloud percent known on this thread before its `cloudCover` is read (a series that
 * found its scenes with `cloudCoverOnRead`, createDemoCatalog.ts). At once if known; by waiting if a
 * search is computing it. If a scene-box series is counting the scene's path/row, the count will bring
 * the percent (its worker builds the scene's whole cloud field): waited for until `needed` resolves
 * (the caller needs the value now), so the percent is built once, not twice. Else, or if still unknown
 * then, computed here in slices of at most ~8 ms, each in a turn of the event loop of its own, so that
 * the replies of many scenes' reads arriving together do not compute theirs in one block.
 */
export async function knowCloudPercentSoon(scene: DemoScene, signal?: AbortSignal, needed?: Promise<void>): Promise<void> {
  if (cloudPercents.get(scene.id) !== undefined) return;
  const pending = pendingCloudPercents.get(scene.id);
  if (pending) return pending;
  if (needed && percentWaits.isCounting(pathRowKey(scene))) {
    await percentWaits.wait(scene.id, needed);
    if (cloudPercents.get(scene.id) !== undefined) return;
  }
  signal?.throwIfAborted();
  await new Promise<void>((resolve) => {
    percentQueue.push({ scene, signal, resolve });
    if (percentQueue.length === 1) void drainPercentQueue();
  });
}

/** Longest slice of queued percents this thread computes in one turn of the event loop. */
const PERCENT_SLICE_MS = 8;
type QueuedPercent = { scene: DemoScene; signal?: AbortSignal; resolve: () => void };
const percentQueue: QueuedPercent[] = [];
/**
 * While no scene-box series counts (a pixel series alone, whose reads need the worker only for their
 * 3 x 3 syntheses), the synthesis worker takes half the queue's percents, at most this many at a time
 * (~0.6 ms each: a batch holds it ~20 ms, so the series' own syntheses wait no longer), one batch at a
 * time. The queue stays short (a percent is queued as its scene's read starts, at most the reads in
 * flight), so the batches are small and many. With the percents on the event loop alone, the 40-year
 * pixel stream alone took 4.1 s against 3.3-3.5 s when its search shared them with the worker (seventh
 * round); with this share 3.4-3.5 s (docs/performance.md, eighth round).
 */
const WORKER_PERCENT_BATCH = 32;
/** Fewer queued percents than this stay on this thread: a message to the worker costs more than they do. */
const WORKER_PERCENT_MIN_QUEUE = 8;
let workerPercents: Promise<void> | null = null;

/** Sends half the queue's last percents to the worker when it is free of scene-box counts. */
function shareQueueWithWorker(): void {
  if (workerPercents || percentQueue.length < WORKER_PERCENT_MIN_QUEUE || !demoSynthWorkerLoaded() || percentWaits.anyCounting()) return;
  const take = Math.min(WORKER_PERCENT_BATCH, Math.floor(percentQueue.length / 2));
  const batch = percentQueue.splice(percentQueue.length - take, take);
  const settle = (answer: WorkerPercents | null) =>
    batch.forEach(({ scene, signal, resolve }, i) => {
      // The same numbers from the same code; if the worker failed, computed here.
      if (answer) cloudPercents.set(scene.id, answer.percents[i]);
      else if (!signal?.aborted) sceneCloudPercent(scene);
      resolve();
    });
  workerPercents = cloudPercentsInWorker(batch.map((b) => b.scene.id))
    .then(settle, () => settle(null))
    .finally(() => (workerPercents = null));
}

async function drainPercentQueue(): Promise<void> {
  while (percentQueue.length > 0) {
    await ownTurn();
    shareQueueWithWorker();
    const sliceStart = performance.now();
    while (percentQueue.length > 0 && performance.now() - sliceStart < PERCENT_SLICE_MS) {
      const { scene, signal, resolve } = percentQueue[0];
      // A client that left gets no percent computed (it stops at its signal's next check).
      if (!signal?.aborted) sceneCloudPercent(scene);
      percentQueue.shift();
      resolve();
    }
  }
}

/** What the worker thread runs for `knowCloudPercents`: each scene's percent, in the same code as here. */
export function cloudPercentsOfSceneIds(sceneIds: readonly string[], keeper?: FieldKeeper): number[] {
  return sceneIds.map((id) => {
    const scene = parseDemoSceneId(id);
    if (!scene) throw new Error(`not a synthetic demo scene: ${id}`);
    return sceneCloudPercent(scene, keeper);
  });
}

/** Longest stretch of cloud percents this thread computes before it gives the event loop a turn. */
const MAIN_THREAD_SLICE_MS = 10;
/**
 * Fewer unknown percents than this are computed here: a few milliseconds of work, where the worker's
 * share would wait behind the tiles queued there (a day's footprints waited 1.7 s so in a profile).
 */
const WORKER_MIN_SCENES = 32;

/** Cloud percents a search is computing, by scene id: a concurrent search over the same scenes waits for those instead of computing them again. */
const pendingCloudPercents = new Map<string, Promise<void>>();

/**
 * Makes the cloud percents of these scenes known: a cold five-year search at a point needs a few
 * hundred (about a millisecond each), all before the series' first read. Half of the unknown ones
 * are computed in a worker thread (once it is loaded, and for batches worth sending) while the other
 * half is computed here, so the search takes half the time on two cores, the event loop held ~10 ms
 * at a time. Same code, same numbers (deterministic); if the worker cannot run, its half is computed
 * here too. Scenes another search is computing are waited for, not computed again: four streams over
 * one box opened at once computed every percent four times (issue 27's load scenario).
 */
export async function knowCloudPercents(scenes: readonly DemoScene[], keepUpTo?: number): Promise<void> {
  const unknown: DemoScene[] = [];
  const others = new Set<Promise<void>>();
  for (const s of scenes) {
    if (cloudPercents.get(s.id) !== undefined) continue;
    const pending = pendingCloudPercents.get(s.id);
    if (pending) others.add(pending);
    else unknown.push(s);
  }
  if (unknown.length === 0) {
    await Promise.all(others);
    return;
  }
  const mine = computeCloudPercents(unknown, keepUpTo === undefined ? undefined : { upTo: keepUpTo, keep: keepCloudField });
  for (const s of unknown) pendingCloudPercents.set(s.id, mine);
  try {
    await Promise.all([mine, ...others]);
  } finally {
    for (const s of unknown) if (pendingCloudPercents.get(s.id) === mine) pendingCloudPercents.delete(s.id);
  }
}

async function computeCloudPercents(unknown: readonly DemoScene[], keeper?: FieldKeeper): Promise<void> {
  // The worker's half only once the worker has loaded the synthesizer: right after start, waiting for
  // its module loading took longer than computing everything here.
  const shareWithWorker = unknown.length >= WORKER_MIN_SCENES && demoSynthWorkerLoaded();
  const inWorker = shareWithWorker ? unknown.slice(0, Math.floor(unknown.length / 2)) : [];
  const fromWorker = inWorker.length > 0 ? cloudPercentsInWorker(inWorker.map((s) => s.id), keeper?.upTo).catch(() => null) : Promise.resolve(null);
  // This thread's half in slices of at most ~10 ms, so health checks and other requests are answered between them.
  let sliceStart = performance.now();
  for (const s of unknown.slice(inWorker.length)) {
    if (performance.now() - sliceStart > MAIN_THREAD_SLICE_MS) {
      await ownTurn();
      sliceStart = performance.now();
    }
    sceneCloudPercent(s, keeper);
  }
  const answer = await fromWorker;
  inWorker.forEach((s, i) => (answer ? cloudPercents.set(s.id, answer.percents[i]) : sceneCloudPercent(s, keeper)));
  // The fields the worker built for the scenes that pass came back with the percents: kept here, as this thread's own.
  if (answer && keeper) for (const [id, clouds] of answer.fields) keeper.keep(id, sceneCloudsRecord(clouds));
}
