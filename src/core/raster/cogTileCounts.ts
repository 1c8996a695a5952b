/**
 * An area's strip of archive COGs counted where its tiles are decoded (sceneReader countFullWindow):
 * the event loop fetches each file's compressed tiles and hands them to a decode worker
 * (decodeWorkerPool.ts, tileCounts.mjs), which inflates them, applies the polygon's runs and the mask
 * and counts per DN; only the counts come back, and are added up here. Reading the strip's windows
 * and posting them to the counting worker kept the event loop busy copying decoded rows into the
 * window and the window again for the worker (and collecting the garbage), at 1.6x GDAL's time
 * (docs/areas-and-first-load.md, sixth and seventh rounds).
 */
import { createDnSum, type DnCounts } from '../landsat/dnCounts.mjs';
import type { InsideRuns } from './byteSourceInterface.js';
import type { CogReader } from './cogReader.js';
import { countDeflatePiecesInWorker } from './decodeWorkerPool.js';
import { insideJobs } from './insideJobs.js';
import { decodesInWorker } from './tileDecoder.js';
import { windowPlan } from './windowPlan.js';

/**
 * Whether `readers` (one scene's files) can be counted in the decode workers: DEFLATE tiles of 16-bit
 * words on every level, every file tiled as the first on each level (the pieces are planned once).
 * Not for computed rasters (the demo counts where it makes its samples).
 */
export function countsInDecodeWorkers(readers: readonly CogReader[]): boolean {
  const first = readers[0];
  if (!first) return false;
  return readers.every(
    (r) =>
      !r.source.readTileSamples &&
      !r.source.sampleCounter &&
      r.levels.length === first.levels.length &&
      r.levels.every((l, i) => {
        const f = first.levels[i];
        return decodesInWorker(l) && l.width === f.width && l.height === f.height && l.tileWidth === f.tileWidth && l.tileHeight === f.tileHeight;
      }),
  );
}

/**
 * Counts per DN of `readers[bands[k]]` over `window` of `level` (countWindowDns' result over the read
 * window with `inside` as its mask, the DNs in another order), each pixel classed by
 * `readers[qaFile]` under `maskBits`. `readers` must pass countsInDecodeWorkers.
 */
export async function countCogWindow(
  readers: readonly CogReader[],
  { level, window, inside, bands, qaFile, maskBits }: { level: number; window: [number, number, number, number]; inside: InsideRuns; bands: number[]; qaFile: number; maskBits: number },
  signal?: AbortSignal,
): Promise<DnCounts[]> {
  const [c0, r0, c1, r1] = window;
  const width = Math.max(0, c1 - c0);
  const height = Math.max(0, r1 - r0);
  const first = readers[0];
  const lvl = first.levels[level];
  if (!lvl) throw new RangeError(`no overview level ${level}`);
  const plan = windowPlan(first.header, lvl, window);
  const { jobs, covered } = insideJobs(plan.tiles, inside);
  signal?.throwIfAborted();
  // Every file's tiles of the strip asked at once: adjacent ones come in one request per file.
  const indexes = jobs.flatMap((job) => job.map((p) => p.index));
  const compressed = readers.map((r) => r.compressedTiles(level, indexes, signal));
  // A rejected tile is awaited by its job; the others must not surface as unhandled once one job failed.
  for (const perFile of compressed) for (const p of perFile) p.catch(() => {});
  const files = readers.map((r) => ({ littleEndian: r.header.littleEndian, predictor: r.levels[level].predictor }));
  const sum = createDnSum(bands.length);
  let at = 0;
  await Promise.all(
    jobs.map(async (job) => {
      const from = at;
      at += job.length;
      const pieces = await Promise.all(
        job.map(async ({ rows, cols, rowFirstY, rowRepeat, x0 }, k) => ({
          rows,
          cols,
          rowFirstY,
          rowRepeat,
          x0,
          // Our own (compressedTiles): the worker gets them by transfer.
          buffers: await Promise.all(compressed.map((perFile) => perFile[from + k])),
        })),
      );
      signal?.throwIfAborted();
      sum.add(await countDeflatePiecesInWorker({ tileWidth: lvl.tileWidth, tileHeight: lvl.tileHeight, files, pieces, bands, qaFile, maskBits, outWidth: width, inside }));
    }),
  );
  // Pixels of no piece (outside the polygon, the raster, or sparse tiles) are fill, as outside `inside` in countWindowDns.
  return sum.finish(width * height - covered);
}
