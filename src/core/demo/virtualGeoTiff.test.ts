import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fromUrl } from 'geotiff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlockCache } from '../raster/blockCache.js';
import { createCogReader, parseCogHeader } from '../raster/cogReader.js';
import { demoAssetHref, demoSceneId } from './demoSceneIds.js';
import { openDemoAssetSource } from './demoScenes.js';
import { demoPassesForPathRow } from './demoMissionSchedule.js';

// The virtual GeoTIFF served over HTTP range requests to an independent reader (geotiff.js): it must
// parse as an ordinary tiled GeoTIFF and give the pixels our COG reader gives.
const HREF = demoAssetHref('LC09_L2SP_018029_20250708_SYNTHETIC', 'red');
let server: Server;
let url: string;

beforeAll(async () => {
  const source = openDemoAssetSource(HREF);
  server = createServer((req, res) => {
    const m = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
    if (!m) {
      res.writeHead(416).end();
      return;
    }
    const offset = Number(m[1]);
    const length = Number(m[2]) - offset + 1;
    void source.fetch([{ offset, length }]).then(([buf]) => {
      res.writeHead(206, { 'content-type': 'image/tiff', 'content-range': `bytes ${offset}-${offset + buf.byteLength - 1}/*` });
      res.end(Buffer.from(buf));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/red.tif`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('virtual GeoTIFF read by geotiff.js over HTTP ranges', () => {
  it('has the georeferencing, tiling and overviews of a Cloud-Optimized GeoTIFF', async () => {
    const tiff = await fromUrl(url, { allowFullFile: false });
    expect(await tiff.getImageCount()).toBe(5);
    const image = await tiff.getImage(0);
    expect(image.isTiled).toBe(true);
    expect([image.getTileWidth(), image.getTileHeight()]).toEqual([128, 128]);
    const keys = image.getGeoKeys() as Record<string, number>;
    expect(keys.ProjectedCSTypeGeoKey).toBe(32617);
    expect(keys.GTRasterTypeGeoKey).toBe(2);
    expect(image.getResolution().slice(0, 2)).toEqual([30, -30]);
    expect(image.getGDALNoData()).toBe(0);
    expect(String(await image.fileDirectory.loadValue('ImageDescription'))).toMatch(/^SYNTHETIC/);
    expect((await tiff.getImage(4)).getWidth()).toBe(Math.ceil(image.getWidth() / 16));
  });

  it('gives the same pixels as the project COG reader', async () => {
    const image = await (await fromUrl(url, { allowFullFile: false })).getImage(0);
    const window: [number, number, number, number] = [3000, 3500, 3200, 3640];
    const [theirs] = (await image.readRasters({ window })) as unknown as Uint16Array[];
    const ours = await (await createCogReader(openDemoAssetSource(HREF), { cache: createBlockCache({ maxBytes: 1 << 26 }) })).readWindow(window);
    expect(ours.data.length).toBe(theirs.length);
    expect(Buffer.from(ours.data.buffer).equals(Buffer.from(theirs.buffer, theirs.byteOffset, theirs.byteLength))).toBe(true);
    expect(ours.data.some((v) => v > 0)).toBe(true);
  });
});

describe('virtual GeoTIFF headers', () => {
  it('are parsed once for the files of one path/row, and that parse equals each file\'s own', async () => {
    const cache = createBlockCache({ maxBytes: 1 << 26 });
    const first = openDemoAssetSource(HREF);
    await createCogReader(first, { cache });
    expect(first.stats.requests).toBeGreaterThan(0);
    // Another date, another band of the same path/row: its header comes from the cache, unread...
    for (const href of [demoAssetHref('LC08_L2SP_018029_20250716_SYNTHETIC', 'red'), demoAssetHref('LC09_L2SP_018029_20250708_SYNTHETIC', 'nir08')]) {
      const source = openDemoAssetSource(href);
      const reader = await createCogReader(source, { cache });
      expect(source.stats.requests, href).toBe(0);
      // ...and is what reading its own bytes gives.
      expect(reader.header, href).toEqual(await parseCogHeader(openDemoAssetSource(href)));
    }
    // Another path/row (another grid), or a band with another nodata value, is read for itself.
    for (const href of [demoAssetHref('LC09_L2SP_018028_20250708_SYNTHETIC', 'red'), demoAssetHref('LC09_L2SP_018029_20250708_SYNTHETIC', 'qa_pixel')]) {
      const source = openDemoAssetSource(href);
      const reader = await createCogReader(source, { cache });
      expect(source.stats.requests, href).toBeGreaterThan(0);
      expect(reader.header, href).toEqual(await parseCogHeader(openDemoAssetSource(href)));
    }
  });
});

describe('virtual GeoTIFF layouts shared between files', () => {
  it('give each file its own description in its header bytes, and otherwise the same header', async () => {
    // An ETM+ scene of the same path/row: another satellite, its own band file name (SR_B3 for red).
    const [etm] = demoPassesForPathRow('landsat-7', 18, 29, new Date('2002-06-01T00:00:00Z'), new Date('2002-07-01T00:00:00Z'));
    const ids = ['LC09_L2SP_018029_20250708_SYNTHETIC', 'LC08_L2SP_018029_20250716_SYNTHETIC', demoSceneId('landsat-7', 18, 29, etm!)];
    // The first 16 KB of each file as raw bytes (what any reader's first range request gets), read in turn: later files reuse the first one's layout.
    const heads = await Promise.all(ids.map(async (id) => Buffer.from((await openDemoAssetSource(demoAssetHref(id, 'red')).fetch([{ offset: 0, length: 16_384 }]))[0]!)));
    heads.forEach((head, i) => {
      const text = head.toString('latin1');
      expect(text, ids[i]).toContain(`SYNTHETIC ${ids[i]} SR_B`);
      for (const other of ids.filter((_, j) => j !== i)) expect(text, ids[i]).not.toContain(other);
    });
    // Same grid and band kind: the headers differ only inside the description (the scene id's characters).
    const differing = [...heads[0]!].filter((b, k) => b !== heads[1]![k]).length;
    expect(differing).toBeGreaterThan(0);
    expect(differing).toBeLessThanOrEqual(ids[0]!.length);
  });
});
