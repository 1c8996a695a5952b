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
import type { InsideRuns, TileSamplePiece } from './byteSourceInterface.js';
import { planTileRuns, type CogReader } from './cogReader.js';
import { countDeflatePiecesInWorker, pieceClearRowsInWorker } from './decodeWorkerPool.js';
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
 * `readers[qaFile]` under `maskBits`. `readers` must pass countsInDecodeWorkers. `clearBandsOnly`: the
 * files other than QA_PIXEL counted over clear pixels only, their masked DNs not listed; their tiles
 * under no clear pixel are then never inflated (tileCounts.mjs). `qaFirst` (with `clearBandsOnly`):
 * QA_PIXEL's tiles are fetched and classed first, and the other files' tiles only where QA_PIXEL shows
 * a clear pixel: fewer bytes on a cloudy scene, one more round trip on any.
 */
export async function countCogWindow(
  readers: readonly CogReader[],
  {
    level,
    window,
    inside,
    bands,
    qaFile,
    maskBits,
    clearBandsOnly = false,
    qaFirst = false,
  }: { level: number; window: [number, number, number, number]; inside: InsideRuns; bands: number[]; qaFile: number; maskBits: number; clearBandsOnly?: boolean; qaFirst?: boolean },
  signal?: AbortSignal,
): Promise<DnCounts[]> {
  const [c0, r0, c1, r1] = window;
  const width = Math.max(0, c1 - c0);
  const height = Math.max(0, r1 - r0);
  const first = readers[0];
  const lvl = first.levels[level];
  if (!lvl) throw new RangeError(`no overview level ${level}`);
  const plan = windowPlan(first.header, lvl, window);
  const { jobs: groups, covered } = insideJobs(plan.tiles, inside);
  const pieces = groups.flat();
  signal?.throwIfAborted();
  // Every file's tiles of the strip asked at once: adjacent ones come in one request per file.
  const indexes = pieces.map((p) => p.index);
  const files = readers.map((r) => ({ littleEndian: r.header.littleEndian, predictor: r.levels[level].predictor }));
  const qaTiles = readers[qaFile].compressedTiles(level, indexes, signal);
  // A rejected tile is awaited by its job; the others must not surface as unhandled once one job failed.
  for (const p of qaTiles) p.catch(() => {});
  // Per piece, whether the other files' tiles are needed: always, or (QA_PIXEL first) where it shows a clear pixel.
  const needed = qaFirst && clearBandsOnly && readers.length > 1 ? await piecesWithClearPixels(qaTiles, pieces, { tileWidth: lvl.tileWidth, tileHeight: lvl.tileHeight, files, qaFile, maskBits, inside }) : indexes.map(() => true);
  signal?.throwIfAborted();
  const compressed = readers.map((r, f) => (f === qaFile ? qaTiles : neededTiles(r, level, indexes, needed, signal)));
  for (const perFile of compressed) for (const p of perFile) p.catch(() => {});
  const sum = createDnSum(bands.length);
  await Promise.all(
    jobsByRequest(readers, level, indexes, (f, k) => f === qaFile || needed[k]).map(async (job) => {
      const jobPieces = await Promise.all(
        job.map(async (k) => {
          const { rows, cols, rowFirstY, rowRepeat, x0, index } = pieces[k];
          const tiles = await Promise.all(compressed.map((perFile) => perFile[k]));
          // A buffer handed to another job already would read as empty here: say so rather than count a sparse tile.
          tiles.forEach((t, f) => {
            const l = readers[f].levels[level];
            if (t && t.byteLength < (l.tileOffsets[index] ? l.tileByteCounts[index] : 0)) throw new Error(`tile ${index} of ${readers[f].source.id} was handed to another counting job`);
          });
          return { rows, cols, rowFirstY, rowRepeat, x0, tiles };
        }),
      );
      signal?.throwIfAborted();
      sum.add(await countDeflatePiecesInWorker({ tileWidth: lvl.tileWidth, tileHeight: lvl.tileHeight, files, pieces: jobPieces, bands, qaFile, maskBits, inside, clearBandsOnly }));
    }),
  );
  // Pixels of no piece (outside the polygon, the raster, or sparse tiles) are fill, as outside `inside` in countWindowDns.
  return sum.finish(width * height - covered);
}

/**
 * Which pieces have a clear pixel inside the polygon, from their QA_PIXEL tiles (copies: the tiles
 * themselves go to the counting jobs after), classed in a decode worker as countDeflatePieces classes them.
 */
async function piecesWithClearPixels(
  qaTiles: Promise<Uint8Array>[],
  pieces: readonly TileSamplePiece[],
  job: Omit<Parameters<typeof pieceClearRowsInWorker>[0], 'pieces'>,
): Promise<boolean[]> {
  const bytes = await Promise.all(qaTiles);
  const rows = await pieceClearRowsInWorker({
    ...job,
    pieces: pieces.map(({ rows, cols, rowFirstY, rowRepeat, x0 }, k) => ({ rows, cols, rowFirstY, rowRepeat, x0, tiles: job.files.map((_, f) => (f === job.qaFile ? bytes[k].slice() : null)) })),
  });
  return Array.from(rows, (last) => last >= 0);
}

/** A file's tiles at `indexes` where `needed`, fetched together (adjacent ones in one request); null for the others. */
function neededTiles(reader: CogReader, level: number, indexes: readonly number[], needed: readonly boolean[], signal?: AbortSignal): Promise<Uint8Array | null>[] {
  const fetched = reader.compressedTiles(level, indexes.filter((_, k) => needed[k]), signal);
  let next = 0;
  return indexes.map((_, k) => (needed[k] ? fetched[next++] : Promise.resolve(null)));
}

/**
 * The strip's tiles (positions in `indexes`) grouped into counting jobs: the tiles one request of any
 * file fetches together (the reader's run merging, planTileRuns, over the tiles `fetched` says that file
 * asked for) go to one job, so that the request's buffer is transferred to that job whole, never copied per tile.
 */
function jobsByRequest(readers: readonly CogReader[], level: number, indexes: readonly number[], fetched: (file: number, k: number) => boolean): number[][] {
  const parent = indexes.map((_, k) => k);
  const root = (k: number): number => (parent[k] === k ? k : (parent[k] = root(parent[k])));
  for (const [f, r] of readers.entries()) {
    const l = r.levels[level];
    const present = indexes.map((index, k) => ({ index, k })).filter(({ index, k }) => fetched(f, k) && l.tileOffsets[index] && l.tileByteCounts[index]);
    for (const run of planTileRuns(l, present)) for (const t of run.tiles) parent[root(t.k)] = root(run.tiles[0].k);
  }
  const jobs = new Map<number, number[]>();
  indexes.forEach((_, k) => {
    const job = jobs.get(root(k));
    if (job) job.push(k);
    else jobs.set(root(k), [k]);
  });
  return [...jobs.values()];
}
