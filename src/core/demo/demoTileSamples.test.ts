import { describe, expect, it } from 'vitest';
import type { AssetKey } from '../bands/bandCatalog.js';
import { createBlockCache } from '../raster/blockCache.js';
import { createSceneReader } from '../raster/sceneReader.js';
import { createLandCoverTile } from './demoLandCover.js';
import { demoAssetHref, parseDemoSceneId } from './demoSceneIds.js';
import { openDemoAssetSource, synthesizeDemoTileSet } from './demoScenes.js';
import { synthesizeTileSetInWorker } from './demoSynthPool.js';
import { DEMO_ASSET_KEYS } from './demoTileSynth.js';
import { TILE_PX } from './demoSceneGrid.js';

// Reads compute only the pixels they read (a 3 x 3 read: 9 pixels, not a 128 x 128 tile); those
// pixels must equal the same pixels of the whole tile, whichever is computed first. Each check uses
// tiles no earlier check touched, so the partial synthesis really starts from nothing, and the whole
// tile comes from the other thread (its own caches), never from the partial one's cover.
const ALPS = 'LC09_L2SP_195028_20250716_SYNTHETIC'; // 21 % cloud, ridges and hill shading
const ONTARIO = 'LC09_L2SP_018029_20250708_SYNTHETIC'; // 68 % cloud, lakes and forest

const ids = (...v: number[]) => Int32Array.from(v);
const range = (from: number, to: number) => Int32Array.from({ length: to - from }, (_, i) => from + i);

async function expectSamplesOfWholeTile(sceneId: string, level: number, index: number, across: number, rows: Int32Array, cols: Int32Array) {
  const part = synthesizeDemoTileSet(sceneId, level, index, across, rows, cols);
  const whole = await synthesizeTileSetInWorker(sceneId, level, index, across);
  expect(part).toHaveLength(DEMO_ASSET_KEYS.length);
  part.forEach((band, b) => {
    const picked = new Uint16Array(rows.length * cols.length);
    rows.forEach((r, i) => cols.forEach((c, j) => (picked[i * cols.length + j] = whole[b][r * TILE_PX + c])));
    expect(Array.from(band)).toEqual(Array.from(picked));
  });
  return part;
}

describe('demo pixels computed alone equal the same pixels of the whole tile', () => {
  it('in the mountains (hill shading looks at neighbours), at full resolution and at an overview, at the tile edges too', async () => {
    const scene = parseDemoSceneId(ALPS)!;
    const across = Math.ceil(scene.grid.width / TILE_PX);
    expect(createLandCoverTile(scene.grid, 1, 30, 30).lazy.anyCrest).toBe(true);
    // A 3 x 3 block inside the tile, a single pixel, the last row and column (neighbours taken from the left and above).
    await expectSamplesOfWholeTile(ALPS, 0, 30 * across + 30, across, range(60, 63), range(70, 73));
    await expectSamplesOfWholeTile(ALPS, 0, 31 * across + 30, across, ids(5), ids(9));
    const edge = await expectSamplesOfWholeTile(ALPS, 0, 32 * across + 30, across, ids(0, 127), ids(0, 64, 127));
    expect(edge[3].some((v) => v > 0)).toBe(true);
    // Decimated picks at the coarsest overview (what scene-box statistics read).
    const across4 = Math.ceil(Math.ceil(scene.grid.width / 16) / TILE_PX);
    await expectSamplesOfWholeTile(ALPS, 4, across4 + 1, across4, ids(0, 2, 4, 7, 9, 127), ids(1, 3, 6, 8, 126));
  });

  it('in the lowlands, through the COG reader and the worker thread: a 3 x 3 read equals the whole tiles computed here', async () => {
    const scene = parseDemoSceneId(ONTARIO)!;
    const reader = createSceneReader({ cache: createBlockCache({ maxBytes: 1 << 26 }), assetHref: (asset) => demoAssetHref(ONTARIO, asset as AssetKey), openSource: openDemoAssetSource });
    // A point near a tile corner: the 3 x 3 window spans four tiles.
    const col = 40 * TILE_PX;
    const row = 41 * TILE_PX;
    const lngLat = scene.grid.toLngLat(scene.grid.cornerX + col * 30, scene.grid.cornerY - row * 30);
    const read = await reader.readNeighborhood(lngLat, ['red', 'nir08', 'qa_pixel'], 1);
    const across = Math.ceil(scene.grid.width / TILE_PX);
    for (const [asset, band] of [['red', 3], ['nir08', 4], ['qa_pixel', 8]] as const) {
      const expected = [-1, 0, 1].map((dr) =>
        [-1, 0, 1].map((dc) => {
          const r = read.pixel.row + dr;
          const c = read.pixel.col + dc;
          const tile = synthesizeDemoTileSet(ONTARIO, 0, Math.floor(r / TILE_PX) * across + Math.floor(c / TILE_PX), across);
          return tile[band][(r % TILE_PX) * TILE_PX + (c % TILE_PX)];
        }),
      );
      expect(read.dn[asset]).toEqual(expected);
    }
  });
});
