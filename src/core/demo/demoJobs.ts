/**
 * One demo synthesis job, as the synthesis worker runs it (demoSynthWorker.mjs) and as the event loop
 * runs it when it helps the worker through a backlog (threadPool.ts' `helper`): the same code either
 * way, so the bytes and counts are the same wherever a job ran.
 */
import type { InsideRuns, TileSamplePiece } from '../raster/byteSource.js';
import { preloadLandMask } from '../geo/landMask.js';
import { cloudPercentsOfSceneIds, knownCloudPercent } from './demoCloudPercents.js';
import { adoptSceneClouds, synthesizeDemoTileSet } from './demoScenes.js';
import { sceneCloudsRecord } from './demoClouds.js';
import { withBlockBits } from './cloudFieldBuffers.js';
import { countDemoSamples } from './demoSampleCounts.js';
import type { SceneClouds } from './sceneClouds.js';

/** A job's payload: a warm-up, a count of samples, a batch of cloud percents, or a tile's nine bands. */
export interface DemoJob {
  warmUp?: boolean;
  countSamples?: {
    sceneId: string;
    level: number;
    tilesAcross: number;
    pieces: TileSamplePiece[];
    bands: number[];
    qaBand: number;
    maskBits: number;
    outWidth: number;
    inside?: InsideRuns;
    /** The scene's cloud field built on the event loop (demoScenes.ts' cloudsToHandOver). */
    clouds?: SceneClouds;
  };
  cloudPercentsOf?: string[];
  /** With cloudPercentsOf: send back the whole fields of the scenes at most this cloudy, for their counts (keptCloudFields.ts). */
  keepUpTo?: number;
  sceneId?: string;
  level?: number;
  index?: number;
  tilesAcross?: number;
  rows?: Int32Array;
  cols?: Int32Array;
}

/** A job's answer, and the buffers a worker transfers with it. */
export function runDemoJob(job: DemoJob): { result: unknown; transfer: ArrayBuffer[] } {
  if (job.warmUp) {
    // The coastline index, before the first tile needs it.
    preloadLandMask();
    return { result: null, transfer: [] };
  }
  if (job.countSamples) {
    const c = job.countSamples;
    // The posted copy rebuilt as this thread builds its own (sceneCloudsRecord: one hidden class), with block bits of this thread's.
    if (c.clouds) adoptSceneClouds(c.sceneId, withBlockBits(sceneCloudsRecord(c.clouds)));
    const counts = countDemoSamples(c.sceneId, c.level, c.tilesAcross, c.pieces, c.bands, c.qaBand, c.maskBits, c.outWidth, c.inside);
    const transfer = counts.flatMap((k) => [k.clearDns.buffer, k.clearCounts.buffer, k.maskedDns.buffer, k.maskedCounts.buffer]) as ArrayBuffer[];
    // The scene's cloud percent goes back with its counts when the counting built its whole cloud
    // field (it then knows it for free), so the event loop need not build it again for `cloudCover`.
    return { result: { counts, cloudPercent: knownCloudPercent(c.sceneId) }, transfer };
  }
  if (job.cloudPercentsOf) {
    // The fields of the scenes that pass go back with the percents (without the grid's block lattice, which each thread looks up).
    const fields: Array<[string, SceneClouds]> = [];
    const keeper = job.keepUpTo === undefined ? undefined : { upTo: job.keepUpTo, keep: (id: string, clouds: SceneClouds) => fields.push([id, { ...clouds, blockLattice: undefined }]) };
    const percents = Float64Array.from(cloudPercentsOfSceneIds(job.cloudPercentsOf, keeper));
    const transfer = [percents.buffer, ...fields.flatMap(([, c]) => [c.amount.buffer, c.count.buffer])] as ArrayBuffer[];
    return { result: { percents: percents.buffer, fields }, transfer };
  }
  const bands = synthesizeDemoTileSet(job.sceneId!, job.level!, job.index!, job.tilesAcross!, job.rows, job.cols);
  // The bands (all of one length) in one buffer: one transfer a message rather than nine, each of
  // which the profile of the five-year journey showed as the worker's message cost. The synthesizer
  // makes them as views on one buffer in this order already (demoTileSynth.ts); else they are copied.
  const n = bands[0].length;
  const buffer = bands[0].buffer as ArrayBuffer;
  const inPlace = buffer.byteLength === bands.length * n * 2 && bands.every((b, k) => b.buffer === buffer && b.byteOffset === k * n * 2);
  const packed = inPlace ? buffer : new Uint16Array(bands.length * n).buffer;
  if (!inPlace) bands.forEach((b, k) => new Uint16Array(packed).set(b, k * n));
  return { result: packed, transfer: [packed] };
}
