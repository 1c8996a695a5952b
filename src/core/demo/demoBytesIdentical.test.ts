import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ArchiveAssetKey } from '../bands/bandCatalog.js';
import type { LngLat } from '../geo/lngLat.js';
import { createBlockCache } from '../raster/blockCache.js';
import type { ByteSource } from '../raster/byteSource.js';
import { createSceneReader } from '../raster/sceneReader.js';
import type { LandsatScene } from '../stac/landsatScene.js';
import { createDemoCatalog } from './createDemoCatalog.js';
import { demoAssetHref } from './demoSceneIds.js';
import { openDemoAssetSource } from './demoScenes.js';
import { mixHash } from './seededRandom.js';

/**
 * The demo's bytes for an id do not depend on how they are read. The EXPECTED side is the virtual
 * COG as a file: tile bytes from its plain range reads (`fetch`: the whole tile synthesized, as it
 * always was), decoded by the COG reader like any archive file's. The other side is what reads use
 * now: only the pixels read, synthesized alone (`readTileSamples`). Both are hashed over a sample of
 * scenes (every mission, Landsat 7 before and after its scan-line corrector failed) at points and
 * over the decimated overview windows scene-box statistics read (a year's 256 px and a long series' 64 px).
 */
const ASSETS: ArchiveAssetKey[] = ['blue', 'green', 'red', 'nir08', 'swir16', 'qa_pixel'];
const PLACES: LngLat[] = [
  [-79.2165, 45.3267], // the default point (Ontario: lakes, forest, snow)
  [7.75, 46.0], // the Alps (ridges, hill shading, ice)
];

/** Tile bytes the plain-file side read: proof that it took the whole-tile path. */
const plainFileBytes = { read: 0 };

/** The virtual COG without its per-pixel path: a reader then reads and decodes whole tiles, like a file's. */
function asPlainFile(href: string): ByteSource {
  const { readTileSamples: _perPixel, fetch, ...file } = openDemoAssetSource(href);
  return {
    ...file,
    fetch: async (ranges, signal) => {
      const out = await fetch(ranges, signal);
      for (const b of out) plainFileBytes.read += b.byteLength;
      return out;
    },
  };
}

function readerOf(scene: LandsatScene, openSource: (href: string) => ByteSource) {
  return createSceneReader({ cache: createBlockCache({ maxBytes: 1 << 26 }), openSource, assetHref: (asset) => demoAssetHref(scene.id, asset) });
}

/** A hash of everything one reader gives for the scene: 3 x 3 blocks at a few points, and the statistics' decimated window of a box. */
async function hashOfReads(scene: LandsatScene, openSource: (href: string) => ByteSource, points: LngLat[]): Promise<string> {
  const reader = readerOf(scene, openSource);
  const hash = createHash('sha256');
  for (const p of points) {
    const hood = await reader.readNeighborhood(p, ASSETS, 1);
    hash.update(JSON.stringify([hood.pixel, hood.dn]));
  }
  const [lon, lat] = points[0];
  const box = await reader.readBox({ minLon: lon - 0.3, minLat: lat - 0.2, maxLon: lon + 0.3, maxLat: lat + 0.2 }, ASSETS, { maxSize: 96 });
  hash.update(JSON.stringify([box.width, box.height, box.overviewLevel]));
  for (const a of ASSETS) hash.update(box.dn[a]!);
  // A scene-sized box at 64 px, as a 40-year series' statistics read it (statisticsGrid.ts): one pixel
  // in ~8 of the coarsest overview, where the per-pixel path fills only the cloud blocks its picks need.
  const wide = await reader.readBox({ minLon: lon - 1.4, minLat: lat - 1, maxLon: lon + 1.4, maxLat: lat + 1 }, ASSETS, { maxSize: 64 });
  hash.update(JSON.stringify([wide.width, wide.height, wide.overviewLevel]));
  for (const a of ASSETS) hash.update(wide.dn[a]!);
  return hash.digest('hex');
}

/** A sample of the record at a place: the first and last scene of every satellite, and a few more spread over the years. */
async function sampleScenes(place: LngLat): Promise<LandsatScene[]> {
  const found = await createDemoCatalog().search({ bboxLngLat: [place[0], place[1], place[0], place[1]], startDate: '1982-08-22', endDate: '2025-12-31', maxCloudCover: 100, limit: 10_000 });
  const picked = new Map<string, LandsatScene>();
  for (const sat of new Set(found.scenes.map((s) => s.satellite))) {
    const of = found.scenes.filter((s) => s.satellite === sat);
    picked.set(of[0].id, of[0]);
    picked.set(of[of.length - 1].id, of[of.length - 1]);
  }
  for (let i = 0; i < 2; i++) {
    const s = found.scenes[mixHash(i, found.scenes.length, 33) % found.scenes.length];
    picked.set(s.id, s);
  }
  return [...picked.values()];
}

describe('demo bytes read pixel by pixel equal the whole tiles of the virtual COG', () => {
  for (const place of PLACES) {
    it(`at ${place.join(', ')}: every mission, points and a statistics window`, async () => {
      const scenes = await sampleScenes(place);
      expect(new Set(scenes.map((s) => s.id.slice(0, 4))).size).toBeGreaterThanOrEqual(4);
      if (place === PLACES[0]) expect(scenes.some((s) => s.id.startsWith('LE07') && s.datetime > '2003-06')).toBe(true);
      for (const scene of scenes) {
        // Points of the scene away from the place too (other tiles, tile edges included by chance).
        const points: LngLat[] = [place, ...[1, 2, 3].map((k): LngLat => [place[0] + ((mixHash(k, 7, 1) % 1000) / 1000 - 0.5) * 0.8, place[1] + ((mixHash(k, 9, 2) % 1000) / 1000 - 0.5) * 0.6])];
        // The per-pixel side first: once a whole tile is synthesized, reads pick their pixels from it
        // (demoScenes.ts tileSamples), which would compare whole tiles with themselves.
        const actual = await hashOfReads(scene, openDemoAssetSource, points);
        const before = plainFileBytes.read;
        const expected = await hashOfReads(scene, asPlainFile, points);
        // At least one whole 128 x 128 tile of each band read as bytes.
        expect(plainFileBytes.read - before).toBeGreaterThan(ASSETS.length * 128 * 128 * 2);
        expect(actual, scene.id).toBe(expected);
      }
    }, 300_000);
  }
});
