/**
 * The decode worker's share of an area on the real-shaped COGs, on one thread, without the server, the
 * HTTP range server or the machine's other load in the way: one scene's window of the bench's area
 * (areaVersusGdal.ts: a ~2,500 km² square; here a slightly rotated square so that runs start and stop
 * mid-tile) counted by tileCounts.mjs countDeflatePieces, against node's inflate of the same tiles
 * alone. Prints the best of BENCH_RUNS (default 20) CPU times per scene: inflate, and counting minus
 * inflate (the worker's JS). `npx tsx scripts/benchAreaCounting.ts`; COUNTING_IMPLS (comma-separated
 * paths of other copies of tileCounts.mjs, e.g. an older commit's) are timed in the same process,
 * turn about, and must give the same counts (the bands' masked DNs aside: the jobs count the bands over
 * clear pixels only, as an area does, which an older copy may not know).
 * Each level twice: the scene's own QA_PIXEL (12 % masked, in fields of 48 px: every tile has clear
 * pixels), and `overcast`, its tiles replaced by QA_PIXEL all cloud (22280), where the bands' tiles are
 * never inflated (tileCounts.mjs clearBandsOnly); `countMsPerScene` is the whole call, inflate included.
 */
import path from 'node:path';
import { deflateSync, inflateSync } from 'node:zlib';
import { insideRunsOf } from '../src/core/geo/polygonOnGrid.js';
import type { DnCounts } from '../src/core/landsat/dnCounts.mjs';
import { createBlockCache } from '../src/core/raster/blockCache.js';
import { createByteSourceForHref } from '../src/core/raster/byteSource.js';
import { createCogReader } from '../src/core/raster/cogReader.js';
import { insideJobs } from '../src/core/raster/insideJobs.js';
import { countDeflatePieces, type CountPiecesJob } from '../src/core/raster/tileCounts.mjs';
import { windowPlan } from '../src/core/raster/windowPlan.js';
import { ensureScene } from './benchRealShaped.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
/** The area's side in pixels on each level the bench measures: 49.9 km at 30 m and at 60 m. */
const SIDES = [
  { level: 0, pixelSizeM: 30, side: 1664 },
  { level: 1, pixelSizeM: 60, side: 832 },
];

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** The counts, sorted; the bands' (not QA_PIXEL's, file 0) masked DNs left out. */
const signature = (counts: DnCounts[]) =>
  JSON.stringify(counts.map((c, k) => [c.fill, [...c.clearDns].map((d, i) => [d, c.clearCounts[i]]).sort((a, b) => a[0] - b[0]), k === 0 ? [...c.maskedDns].map((d, i) => [d, c.maskedCounts[i]]).sort((a, b) => a[0] - b[0]) : []]));

/** A DEFLATE (zlib) tile of QA_PIXEL all `value`, with the horizontal predictor: each row the value, then differences of 0. */
function uniformQaTile(tileWidth: number, tileHeight: number, value: number, littleEndian: boolean): Uint8Array {
  const words = Buffer.alloc(tileWidth * tileHeight * 2);
  for (let y = 0; y < tileHeight; y++) {
    if (littleEndian) words.writeUInt16LE(value, y * tileWidth * 2);
    else words.writeUInt16BE(value, y * tileWidth * 2);
  }
  return deflateSync(words);
}

async function main() {
  const { baseDir } = await ensureScene();
  const others = await Promise.all(
    (process.env.COUNTING_IMPLS ?? '')
      .split(',')
      .filter(Boolean)
      .map(async (file) => ({ name: file, count: ((await import(path.resolve(file))) as { countDeflatePieces: typeof countDeflatePieces }).countDeflatePieces })),
  );
  const impls = [{ name: 'this checkout', count: countDeflatePieces }, ...others];
  const cache = createBlockCache({ maxBytes: 512 << 20 });
  const readers = await Promise.all(['qa_pixel', 'red', 'nir08'].map((f) => createCogReader(createByteSourceForHref(path.join(baseDir, `${f}.TIF`)), { cache })));
  const rows = [];
  for (const { level, pixelSizeM, side } of SIDES) {
    const lvl = readers[0].levels[level];
    const [cx, cy] = [Math.floor(lvl.width / 2), Math.floor(lvl.height / 2)];
    const window: [number, number, number, number] = [cx - side / 2, cy - side / 2, cx + side / 2, cy + side / 2];
    const mask = new Uint8Array(side * side);
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        const [u, v] = [(x - side / 2) * 0.998 + (y - side / 2) * 0.06, -(x - side / 2) * 0.06 + (y - side / 2) * 0.998];
        mask[y * side + x] = Math.abs(u) < side * 0.47 && Math.abs(v) < side * 0.47 ? 1 : 0;
      }
    }
    const inside = insideRunsOf(mask, side, side);
    const pieces = insideJobs(windowPlan(readers[0].header, lvl, window).tiles, inside).jobs.flat();
    const tiles = await Promise.all(readers.map((r) => Promise.all(r.compressedTiles(level, pieces.map((p) => p.index)))));
    const clearJob: CountPiecesJob = {
      tileWidth: lvl.tileWidth,
      tileHeight: lvl.tileHeight,
      files: readers.map((r) => ({ littleEndian: r.header.littleEndian, predictor: r.levels[level].predictor })),
      pieces: pieces.map((p, k) => ({ ...p, tiles: tiles.map((t) => t[k]) })),
      bands: [0, 1, 2],
      qaFile: 0,
      maskBits: 0b1_1110,
      inside,
      clearBandsOnly: true,
    };
    if (clearJob.files[0].predictor !== 2) throw new Error('the overcast QA_PIXEL tile is written with the predictor the scene uses: 2');
    const overcastTile = uniformQaTile(lvl.tileWidth, lvl.tileHeight, 22280, clearJob.files[0].littleEndian);
    const overcastJob: CountPiecesJob = { ...clearJob, pieces: clearJob.pieces.map((p) => ({ ...p, tiles: [overcastTile, ...p.tiles.slice(1)] })) };
    for (const [sky, job] of [['clear', clearJob], ['overcast', overcastJob]] as const) {
      const best = new Map<string, number>();
      const note = (name: string, ms: number) => best.set(name, Math.min(best.get(name) ?? Infinity, ms));
      const signatures = new Set<string>();
      for (let run = 0; run < RUNS; run++) {
        let t = cpuMs();
        for (const p of job.pieces) for (const bytes of p.tiles) if (bytes && bytes.byteLength > 0) inflateSync(bytes, { chunkSize: lvl.tileWidth * lvl.tileHeight * 2 + 1 });
        note('inflate', cpuMs() - t);
        for (const { name, count } of impls) {
          t = cpuMs();
          const counts = count(job);
          note(name, cpuMs() - t);
          if (run === 0) signatures.add(signature(counts));
        }
      }
      if (signatures.size !== 1) throw new Error(`the implementations counted differently at ${pixelSizeM} m (${sky})`);
      const inflateMs = best.get('inflate')!;
      const round1 = (ms: number) => Math.round(ms * 10) / 10;
      rows.push({
        pixelSizeM,
        qaPixel: sky,
        piecePixels: pieces.reduce((s, p) => s + p.rows.length * p.cols.length, 0),
        inflateMsPerScene: round1(inflateMs),
        countMsPerScene: Object.fromEntries(impls.map(({ name }) => [name, round1(best.get(name)!)])),
        countingJsMsPerScene: Object.fromEntries(impls.map(({ name }) => [name, round1(best.get(name)! - inflateMs)])),
      });
    }
  }
  process.stdout.write(`${JSON.stringify({ runs: RUNS, note: 'best CPU time of the runs, one thread; countMsPerScene: the whole countDeflatePieces call; counting JS: that minus node\'s inflate of every tile alone (for the clear rows; the overcast rows inflate the bands of no tile)', rows }, null, 2)}\n`);
}

await main();
