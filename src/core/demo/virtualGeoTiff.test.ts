import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fromUrl } from 'geotiff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlockCache } from '../raster/blockCache.js';
import { createCogReader, parseCogHeader } from '../raster/cogReader.js';
import { demoAssetHref, openDemoAssetSource } from './demoScenes.js';

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
