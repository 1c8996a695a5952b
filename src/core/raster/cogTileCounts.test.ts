import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fromFile } from 'geotiff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_SCENE_DIR, FIXTURE_SCENE_ID } from '../../../test/support/fixturePaths.js';
import { fixtureCogCatalog } from '../../../test/support/fixtureCogCatalog.js';
import { insideRunsOf } from '../geo/polygonOnGrid.js';
import { countWindowDns, type DnCounts } from '../landsat/dnCounts.mjs';
import { laneJobCounts, runInBulkLane } from '../workLane.js';
import { createBlockCache } from './blockCache.js';
import { startRangeFileServer } from '../../../test/support/rangeFileServer.js';
import { createByteSourceForHref, createHttpByteSource } from './byteSource.js';
import { DEFAULT_MASK, maskBits } from './clearPixel.js';
import { countCogWindow, countsInDecodeWorkers } from './cogTileCounts.js';
import { createCogReader } from './cogReader.js';

/**
 * An area's strip counted where its tiles are decoded (the decode worker's `count` task) against the
 * reference path: the same window read by geotiff.js (not this project's reader) and counted by
 * countWindowDns with the polygon's mask, as areaCounts.ts counts a read window. The fixture scene's
 * QA_PIXEL, SR_B4 and SR_B5 are rewritten by gdal_translate as DEFLATE + predictor COGs of 128 px tiles
 * (fixtureCogCatalog), so windows cross tiles and cut them.
 */
let dir: string;
let sceneDir: string;
// The same files as DEFLATE COGs without a predictor (the decode worker reads their words as they are).
let plainDir: string;
let plainSceneDir: string;
const FILES = ['QA_PIXEL', 'SR_B4', 'SR_B5'];
const BITS = maskBits(DEFAULT_MASK);

beforeAll(() => {
  ({ dir, sceneDir } = fixtureCogCatalog('cog-counts-', /_(SR_B4|SR_B5|QA_PIXEL)\.TIF$/, ['PREDICTOR=2']));
  ({ dir: plainDir, sceneDir: plainSceneDir } = fixtureCogCatalog('cog-counts-plain-', /_(SR_B4|SR_B5|QA_PIXEL)\.TIF$/, ['PREDICTOR=NO']));
}, 120_000);
afterAll(() => {
  for (const d of [dir, plainDir, edgeDir]) if (d) rmSync(d, { recursive: true, force: true });
});

// Files made for the edge cases the fixture scene lacks: QA_PIXEL values one apart side by side (21824
// clear and 21825 with the fill bit, 0 and 1 and 2 and 3) in stretches of 1 to 7 pixels, and a band whose
// DNs span 0 to 65535 (its horizontal differences wrap around). Written as 16-bit PGM (big-endian words,
// a format GDAL reads) and turned by gdal_translate into DEFLATE + predictor COGs of 128 px tiles.
let edgeDir = '';
const EDGE_SIZE = 300;
const EDGE_QA = [21824, 21825, 21824, 22280, 22281, 0, 1, 2, 3, 21824, 23888, 21826, 1];
function edgeCog(name: string, value: (x: number, y: number) => number, predictor: number): string {
  const words = Buffer.alloc(EDGE_SIZE * EDGE_SIZE * 2);
  for (let y = 0; y < EDGE_SIZE; y++) for (let x = 0; x < EDGE_SIZE; x++) words.writeUInt16BE(value(x, y), 2 * (y * EDGE_SIZE + x));
  const pgm = path.join(edgeDir, `${name}.pgm`);
  writeFileSync(pgm, Buffer.concat([Buffer.from(`P5\n${EDGE_SIZE} ${EDGE_SIZE}\n65535\n`), words]));
  const tif = path.join(edgeDir, `${name}.tif`);
  const co = ['BLOCKSIZE=128', 'COMPRESS=DEFLATE', `PREDICTOR=${predictor === 2 ? 2 : 'NO'}`].flatMap((o) => ['-co', o]);
  execFileSync('gdal_translate', ['-q', '-of', 'COG', '-a_srs', 'EPSG:32617', '-a_ullr', '500000', '4000000', '509000', '3991000', ...co, pgm, tif]);
  return tif;
}
/** QA_PIXEL: along each row, stretches of 1 + (x + y) % 7 pixels cycling through EDGE_QA. */
function edgeQa(x: number, y: number): number {
  let at = 0;
  let k = y;
  for (let len = 1 + (y % 7); at + len <= x; len = 1 + ((++k) % 7)) at += len;
  return EDGE_QA[k % EDGE_QA.length];
}
const edgeBand = (x: number, y: number) => (x * 4099 + y * 257 + (x * y) % 13) % 65536;

const fileOf = (folder: string, band: string) => path.join(folder, `${FIXTURE_SCENE_ID}_${band}.TIF`);

/** A window of the file read by geotiff.js, 0 outside the raster (the reader's rule). */
async function geotiffWindow(file: string, [c0, r0, c1, r1]: number[]): Promise<Uint16Array> {
  const image = await (await fromFile(file)).getImage();
  const [w, h] = [image.getWidth(), image.getHeight()];
  const out = new Uint16Array((c1 - c0) * (r1 - r0));
  const [x0, y0, x1, y1] = [Math.max(0, c0), Math.max(0, r0), Math.min(w, c1), Math.min(h, r1)];
  const inner = (await image.readRasters({ window: [x0, y0, x1, y1] }))[0] as Uint16Array;
  for (let y = y0; y < y1; y++) out.set(inner.subarray((y - y0) * (x1 - x0), (y - y0 + 1) * (x1 - x0)), (y - r0) * (c1 - c0) + (x0 - c0));
  return out;
}

/** Counts as sorted [dn, count] pairs: the two paths meet the DNs in different orders. */
const asPairs = (c: DnCounts) => ({
  fill: c.fill,
  clear: Array.from(c.clearDns, (dn, i) => [dn, c.clearCounts[i]]).sort((a, b) => a[0] - b[0]),
  masked: Array.from(c.maskedDns, (dn, i) => [dn, c.maskedCounts[i]]).sort((a, b) => a[0] - b[0]),
});

/** The counts without their masked DNs (a band counted over clear pixels only). */
const withoutMasked = (c: DnCounts): DnCounts => ({ ...c, maskedDns: new Uint16Array(0), maskedCounts: new Uint32Array(0) });

/** A disc with a hole: pixels whose centre lies inside (runs that start and stop mid-tile). */
function discMask(width: number, height: number): Uint8Array {
  const mask = new Uint8Array(width * height);
  const [cx, cy, r] = [width * 0.55, height * 0.45, Math.min(width, height) * 0.48];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
      mask[y * width + x] = d < r && d > r / 4 ? 1 : 0;
    }
  }
  return mask;
}

/** A band of pixels along the window's diagonal, a few pixels wide: many short runs, each row's in another tile column. */
function diagonalMask(width: number, height: number): Uint8Array {
  const mask = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const x = Math.floor((y * width) / height);
    mask.fill(1, y * width + Math.max(0, x - 3), y * width + Math.min(width, x + 4));
  }
  return mask;
}

/** Two squares side by side in each row (two runs a row, a gap between them inside a tile). */
function twoSquaresMask(width: number, height: number): Uint8Array {
  const mask = new Uint8Array(width * height);
  for (let y = Math.floor(height / 5); y < Math.floor((4 * height) / 5); y++) {
    mask.fill(1, y * width + Math.floor(width / 10), y * width + Math.floor((4 * width) / 10));
    mask.fill(1, y * width + Math.floor((5 * width) / 10), y * width + Math.floor((9 * width) / 10));
  }
  return mask;
}

// Table of cases: the files (QA_PIXEL anywhere among them), the bands asked (QA_PIXEL among them or
// not, any order), the mask's bits, the polygon and the window. Each is compared with geotiff.js'
// read of the same window counted with the same mask and polygon (countWindowDns), fill, clear and
// masked counts per DN.
const CLOUD_BIT = 1 << 3;
const CASES: { name: string; plain?: boolean; files: string[]; bands: number[]; qaFile: number; bits: number; mask: (w: number, h: number) => Uint8Array; window: [number, number, number, number] }[] = [
  { name: 'predictor 2, QA_PIXEL and both bands, a disc with a hole', files: FILES, bands: [0, 1, 2], qaFile: 0, bits: BITS, mask: discMask, window: [37, 61, 421, 300] },
  { name: 'predictor 2, the bands alone in another order, past the raster edge', files: FILES, bands: [2, 1], qaFile: 0, bits: BITS, mask: discMask, window: [300, 380, 560, 540] },
  { name: 'predictor 2, QA_PIXEL not the first file', files: ['SR_B5', 'QA_PIXEL', 'SR_B4'], bands: [2, 1, 0], qaFile: 1, bits: BITS, mask: twoSquaresMask, window: [10, 5, 500, 470] },
  { name: 'predictor 2, only the cloud bit masked', files: FILES, bands: [1, 0], qaFile: 0, bits: CLOUD_BIT, mask: diagonalMask, window: [0, 0, 512, 512] },
  { name: 'predictor 2, no mask bits (every imaged pixel clear)', files: FILES, bands: [0, 2], qaFile: 0, bits: 0, mask: twoSquaresMask, window: [100, 200, 380, 450] },
  { name: 'no predictor, QA_PIXEL and both bands', plain: true, files: FILES, bands: [0, 1, 2], qaFile: 0, bits: BITS, mask: discMask, window: [37, 61, 421, 300] },
  { name: 'no predictor, one band, runs along the diagonal', plain: true, files: FILES, bands: [2], qaFile: 0, bits: BITS, mask: diagonalMask, window: [64, 64, 448, 448] },
];

describe('counting an area where its tiles are decoded', () => {
  it.each(CASES)('equals geotiff.js\' read of the window counted: $name', { timeout: 120_000 }, async ({ plain, files, bands, qaFile, bits, mask: maskOf, window }) => {
    const folder = plain ? plainSceneDir : sceneDir;
    const cache = createBlockCache({ maxBytes: 64 << 20 });
    const readers = await Promise.all(files.map((b) => createCogReader(createByteSourceForHref(fileOf(folder, b)), { cache })));
    expect(countsInDecodeWorkers(readers)).toBe(true);
    expect(readers.map((r) => r.levels[0].predictor)).toEqual(files.map(() => (plain ? 1 : 2)));
    const [c0, r0, c1, r1] = window;
    const mask = maskOf(c1 - c0, r1 - r0);
    const counted = await countCogWindow(readers, { level: 0, window, inside: insideRunsOf(mask, c1 - c0, r1 - r0), bands, qaFile, maskBits: bits });
    const words = await Promise.all(files.map((b) => geotiffWindow(fileOf(folder, b), window)));
    const expected = countWindowDns(words[qaFile], bits, bands.map((f) => words[f]), mask);
    // The case counts something of each kind it is about.
    expect(expected.some((c) => c.clearDns.length > 10)).toBe(true);
    if (bits !== 0) expect(expected.some((c) => c.maskedDns.length > 0)).toBe(true);
    expect(counted.map(asPairs)).toEqual(expected.map(asPairs));
    // The bands over clear pixels only (an area's statistics): the same but for their masked DNs.
    const clearOnly = await countCogWindow(readers, { level: 0, window, inside: insideRunsOf(mask, c1 - c0, r1 - r0), bands, qaFile, maskBits: bits, clearBandsOnly: true });
    expect(clearOnly.map(asPairs)).toEqual(expected.map((c, k) => (bands[k] === qaFile ? c : withoutMasked(c))).map(asPairs));
  });

  it('equals reading the window and counting it, on DEFLATE + predictor COGs (windows across and past tiles)', { timeout: 120_000 }, async () => {
    const cache = createBlockCache({ maxBytes: 64 << 20 });
    const readers = await Promise.all(FILES.map((b) => createCogReader(createByteSourceForHref(fileOf(sceneDir, b)), { cache })));
    expect(countsInDecodeWorkers(readers)).toBe(true);
    // Across several 128 px tiles, cut mid-tile; one reaching past the raster's 512 px edge (fill there).
    for (const window of [[37, 61, 421, 300], [300, 380, 560, 540], [128, 0, 256, 128]] as [number, number, number, number][]) {
      const [c0, r0, c1, r1] = window;
      const mask = discMask(c1 - c0, r1 - r0);
      const counted = await countCogWindow(readers, { level: 0, window, inside: insideRunsOf(mask, c1 - c0, r1 - r0), bands: [0, 1, 2], qaFile: 0, maskBits: BITS });
      const [qa, b4, b5] = await Promise.all(FILES.map((b) => geotiffWindow(fileOf(sceneDir, b), window)));
      const expected = countWindowDns(qa, BITS, [qa, b4, b5], mask);
      expect(expected[1].clearDns.length).toBeGreaterThan(10);
      expect(counted.map(asPairs)).toEqual(expected.map(asPairs));
    }
  });

  it.each([2, 1])('QA_PIXEL values one apart in short stretches, DNs across the whole 16-bit range (predictor %i): as geotiff.js reads them', { timeout: 120_000 }, async (predictor) => {
    edgeDir ||= mkdtempSync(path.join(os.tmpdir(), 'cog-counts-edge-'));
    const files = [edgeCog(`qa${predictor}`, edgeQa, predictor), edgeCog(`band${predictor}`, edgeBand, predictor)];
    const cache = createBlockCache({ maxBytes: 16 << 20 });
    const readers = await Promise.all(files.map((f) => createCogReader(createByteSourceForHref(f), { cache })));
    expect(countsInDecodeWorkers(readers)).toBe(true);
    expect(readers.map((r) => r.levels[0].predictor)).toEqual([predictor, predictor]);
    const window: [number, number, number, number] = [3, 5, 290, 299];
    const mask = twoSquaresMask(287, 294);
    const counted = await countCogWindow(readers, { level: 0, window, inside: insideRunsOf(mask, 287, 294), bands: [0, 1], qaFile: 0, maskBits: BITS });
    const [qa, band] = await Promise.all(files.map((f) => geotiffWindow(f, window)));
    const expected = countWindowDns(qa, BITS, [qa, band], mask);
    // What the case is about: values one apart next to each other, every class, DNs near both ends.
    expect(qa.some((q, i) => i > 0 && Math.abs(q - qa[i - 1]) === 1)).toBe(true);
    expect(expected[0].fill).toBeGreaterThan(0);
    expect(expected[0].maskedDns.length).toBeGreaterThan(2);
    expect(Math.min(...expected[1].clearDns)).toBeLessThan(1000);
    expect(Math.max(...expected[1].clearDns)).toBeGreaterThan(64_000);
    expect(counted.map(asPairs)).toEqual(expected.map(asPairs));
  });

  it('bands over clear pixels only: a tile under no clear pixel is never inflated (a corrupt one there does not fail), the counts as geotiff.js reads them', { timeout: 120_000 }, async () => {
    edgeDir ||= mkdtempSync(path.join(os.tmpdir(), 'cog-counts-edge-'));
    // QA_PIXEL over the first tile column (x < 128) cloudy (22280: the cloud bit) but for the first 40
    // rows of its second tile (the bands' tile there is inflated and counted as far as its row 39 only);
    // clear (21824) beyond.
    const qaFile = edgeCog('qa-overcast-left', (x, y) => (x >= 128 || (y >= 128 && y < 168) ? 21824 : 22280), 2);
    const bandFile = edgeCog('band-overcast-left', edgeBand, 2);
    const cache = createBlockCache({ maxBytes: 16 << 20 });
    const intact = await createCogReader(createByteSourceForHref(bandFile), { cache });
    const level = intact.levels[0];
    expect(level.tileWidth).toBe(128);
    // The band's first tile (under the cloud) overwritten in its middle: not a DEFLATE stream any more.
    const corruptFile = path.join(edgeDir, 'band-overcast-left-corrupt.tif');
    const bytes = readFileSync(bandFile);
    const [at, length] = [Number(level.tileOffsets[0]), Number(level.tileByteCounts[0])];
    bytes.fill(0xff, at + Math.floor(length / 4), at + Math.floor((3 * length) / 4));
    writeFileSync(corruptFile, bytes);
    const window: [number, number, number, number] = [0, 0, 300, 300];
    const mask = twoSquaresMask(300, 300);
    const inside = insideRunsOf(mask, 300, 300);
    const [qa, band] = await Promise.all([qaFile, bandFile].map((f) => geotiffWindow(f, window)));
    const expected = countWindowDns(qa, BITS, [qa, band], mask);
    // What the case is about: the first square lies under the cloud, the second is clear.
    expect(expected[0].maskedCounts.reduce((n, v) => n + v, 0)).toBeGreaterThan(10_000);
    expect(expected[1].clearDns.length).toBeGreaterThan(1000);
    const readers = await Promise.all([qaFile, corruptFile].map((f) => createCogReader(createByteSourceForHref(f), { cache: createBlockCache({ maxBytes: 16 << 20 }) })));
    const counted = await countCogWindow(readers, { level: 0, window, inside, bands: [0, 1], qaFile: 0, maskBits: BITS, clearBandsOnly: true });
    expect(counted.map(asPairs)).toEqual([expected[0], withoutMasked(expected[1])].map(asPairs));
    // Counting the band's masked pixels too needs that tile: the corruption is met and said.
    await expect(countCogWindow(readers, { level: 0, window, inside, bands: [0, 1], qaFile: 0, maskBits: BITS })).rejects.toThrow();
  });

  it('QA_PIXEL first over HTTP: a band\'s tile under no clear pixel is never fetched; the counts as geotiff.js reads them', { timeout: 120_000 }, async () => {
    edgeDir ||= mkdtempSync(path.join(os.tmpdir(), 'cog-counts-edge-'));
    // 512 px of 256 px tiles; the band's words a hash (they do not compress: 128 KB a tile, more than
    // the 64 KB gap the reader bridges between tiles), QA_PIXEL cloudy over the first tile only.
    const big = (name: string, value: (x: number, y: number) => number) => {
      const words = Buffer.alloc(512 * 512 * 2);
      for (let y = 0; y < 512; y++) for (let x = 0; x < 512; x++) words.writeUInt16BE(value(x, y), 2 * (y * 512 + x));
      const pgm = path.join(edgeDir, `${name}.pgm`);
      writeFileSync(pgm, Buffer.concat([Buffer.from('P5\n512 512\n65535\n'), words]));
      const co = ['BLOCKSIZE=256', 'COMPRESS=DEFLATE', 'PREDICTOR=2', 'OVERVIEWS=NONE'].flatMap((o) => ['-co', o]);
      execFileSync('gdal_translate', ['-q', '-of', 'COG', '-a_srs', 'EPSG:32617', '-a_ullr', '500000', '4000000', '515360', '3984640', ...co, pgm, path.join(edgeDir, `${name}.tif`)]);
    };
    big('qa-first-tile-cloudy', (x, y) => (x < 256 && y < 256 ? 22280 : 21824));
    big('band-hash', (x, y) => {
      let h = Math.imul((x * 1_000_003) ^ y, 0x9e3779b1);
      h = Math.imul(h ^ (h >>> 15), 0x85ebca77);
      return (h ^ (h >>> 13)) & 0xffff;
    });
    const server = await startRangeFileServer(edgeDir);
    try {
      const open = () => Promise.all(['qa-first-tile-cloudy', 'band-hash'].map((n) => createCogReader(createHttpByteSource(`${server.url}/${n}.tif`), { cache: createBlockCache({ maxBytes: 16 << 20 }) })));
      const window: [number, number, number, number] = [0, 0, 512, 512];
      const mask = discMask(512, 512);
      const inside = insideRunsOf(mask, 512, 512);
      const [qa, band] = await Promise.all(['qa-first-tile-cloudy', 'band-hash'].map((n) => geotiffWindow(path.join(edgeDir, `${n}.tif`), window)));
      const expected = [...countWindowDns(qa, BITS, [qa, band], mask)];
      expected[1] = withoutMasked(expected[1]);
      const readers = await open();
      const tile0 = readers[1].levels[0];
      expect(tile0.tileByteCounts[0]).toBeGreaterThan(100_000);
      const [from, to] = [Number(tile0.tileOffsets[0]), Number(tile0.tileOffsets[0]) + Number(tile0.tileByteCounts[0])];
      /** Whether a band request of the log so far read any byte of its first tile. */
      const readTile0 = () =>
        server.requests.some((r) => {
          const m = /^bytes=(\d+)-(\d+)$/.exec(r.range ?? '');
          return r.path.endsWith('band-hash.tif') && m !== null && Number(m[1]) < to && Number(m[2]) >= from;
        });
      server.requests.length = 0;
      const counted = await countCogWindow(readers, { level: 0, window, inside, bands: [0, 1], qaFile: 0, maskBits: BITS, clearBandsOnly: true, qaFirst: true });
      expect(counted.map(asPairs)).toEqual(expected.map(asPairs));
      expect(readTile0()).toBe(false);
      // The same without QA_PIXEL first: the tile is fetched with the others (and only not inflated).
      const again = await open();
      server.requests.length = 0;
      const plain = await countCogWindow(again, { level: 0, window, inside, bands: [0, 1], qaFile: 0, maskBits: BITS, clearBandsOnly: true });
      expect(plain.map(asPairs)).toEqual(expected.map(asPairs));
      expect(readTile0()).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('on an overview level too, and an aborted signal stops it', { timeout: 120_000 }, async () => {
    const cache = createBlockCache({ maxBytes: 64 << 20 });
    const readers = await Promise.all(FILES.map((b) => createCogReader(createByteSourceForHref(fileOf(sceneDir, b)), { cache })));
    const window: [number, number, number, number] = [20, 30, 200, 230];
    const mask = discMask(180, 200);
    const inside = insideRunsOf(mask, 180, 200);
    const counted = await countCogWindow(readers, { level: 1, window, inside, bands: [1, 0], qaFile: 0, maskBits: BITS });
    // The reference: this reader's window read of overview 1 (the path areas took before), counted.
    const [qa, b4] = await Promise.all(readers.slice(0, 2).map((r) => r.readWindow(window, { level: 1 }).then((w) => w.data)));
    expect(counted.map(asPairs)).toEqual(countWindowDns(qa, BITS, [b4, qa], mask).map(asPairs));
    const controller = new AbortController();
    controller.abort();
    await expect(countCogWindow(readers, { level: 0, window, inside, bands: [0], qaFile: 0, maskBits: BITS }, controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('over HTTP (adjacent tiles fetched in one request, its buffer handed whole to one job): the same counts, each tile read once', { timeout: 120_000 }, async () => {
    const server = await startRangeFileServer(sceneDir);
    try {
      const cache = createBlockCache({ maxBytes: 64 << 20 });
      const readers = await Promise.all(FILES.map((b) => createCogReader(createHttpByteSource(`${server.url}/${FIXTURE_SCENE_ID}_${b}.TIF`), { cache })));
      // One tile of SR_B4 already cached by a window read: copied out of the cache, not fetched again.
      await readers[1].readWindow([130, 130, 140, 140]);
      server.requests.length = 0;
      const window: [number, number, number, number] = [37, 61, 421, 300];
      const mask = discMask(384, 239);
      const counted = await countCogWindow(readers, { level: 0, window, inside: insideRunsOf(mask, 384, 239), bands: [0, 1, 2], qaFile: 0, maskBits: BITS });
      const [qa, b4, b5] = await Promise.all(FILES.map((b) => geotiffWindow(fileOf(sceneDir, b), window)));
      expect(counted.map(asPairs)).toEqual(countWindowDns(qa, BITS, [qa, b4, b5], mask).map(asPairs));
      // Tile rows 0-2 x columns 0-3 of 128 px tiles lie within 64 KB of each other in each file (the
      // reader merges such gaps, and bridges the cached tile): one request a file, its buffer shared by
      // the twelve tiles and handed whole to one job.
      const perFile = FILES.map((b) => server.requests.filter((r) => r.path.endsWith(`_${b}.TIF`)).length);
      expect(perFile).toEqual([1, 1, 1]);
    } finally {
      await server.close();
    }
  });

  it('stops when its signal aborts while the tiles are on their way (an area\'s Cancel): rejects, and posts no job', { timeout: 60_000 }, async () => {
    // Every answer of the archive takes 400 ms: the abort comes while the strip's requests are in flight.
    const server = await startRangeFileServer(sceneDir, { delayMs: 400 });
    try {
      const cache = createBlockCache({ maxBytes: 64 << 20 });
      const readers = await Promise.all(FILES.map((b) => createCogReader(createHttpByteSource(`${server.url}/${FIXTURE_SCENE_ID}_${b}.TIF`), { cache })));
      const controller = new AbortController();
      const window: [number, number, number, number] = [0, 0, 512, 512];
      const mask = new Uint8Array(512 * 512).fill(1);
      const posted = laneJobCounts.bulk.posted;
      const counting = runInBulkLane(() => countCogWindow(readers, { level: 0, window, inside: insideRunsOf(mask, 512, 512), bands: [0, 1, 2], qaFile: 0, maskBits: BITS }, controller.signal), controller.signal);
      setTimeout(() => controller.abort(), 100);
      await expect(counting).rejects.toMatchObject({ name: 'AbortError' });
      // Give any straggler a moment: no counting job of it reaches a worker.
      await new Promise((r) => setTimeout(r, 600));
      expect(laneJobCounts.bulk.posted).toBe(posted);
    } finally {
      await server.close();
    }
  });

  it('leaves files of other compressions to the read path (the fixture’s own LZW files)', async () => {
    const cache = createBlockCache({ maxBytes: 16 << 20 });
    const readers = await Promise.all(FILES.map((b) => createCogReader(createByteSourceForHref(fileOf(FIXTURE_SCENE_DIR, b)), { cache })));
    expect(countsInDecodeWorkers(readers)).toBe(false);
  });
});
