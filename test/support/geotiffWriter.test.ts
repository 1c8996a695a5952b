import { inflateSync } from 'node:zlib';
import { fromArrayBuffer } from 'geotiff';
import { describe, expect, it } from 'vitest';
import { writeGeoTiff } from './geotiffWriter.js';

function toArrayBuffer(buf: Buffer): ArrayBuffer {
  return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer;
}

/** A deterministic test raster with a fill block in the top-left corner. */
function makeRaster(width: number, height: number): Uint16Array {
  const data = new Uint16Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      data[y * width + x] = x < 7 && y < 7 ? 0 : 1 + ((x * 131 + y * 977 + x * y) % 65000);
    }
  }
  return data;
}

describe('writeGeoTiff', () => {
  const width = 600;
  const height = 300; // not multiples of the tile size: edge tiles are padded
  const data = makeRaster(width, height);
  const buf = writeGeoTiff({
    width, height, data, tileSize: 256, overviewFactors: [2, 4], epsg: 32617,
    originX: 500015, originY: 5020485, pixelSizeM: 30, nodata: 0, compression: 'deflate', description: 'SYNTHETIC test',
  });

  it('round-trips values, tile layout and georeferencing through geotiff.js', async () => {
    const tiff = await fromArrayBuffer(toArrayBuffer(buf));
    expect(await tiff.getImageCount()).toBe(3);
    const image = await tiff.getImage(0);
    expect(image.getWidth()).toBe(width);
    expect(image.getHeight()).toBe(height);
    expect(image.getTileWidth()).toBe(256);
    expect(image.getTileHeight()).toBe(256);
    expect(image.isTiled).toBe(true);
    expect(image.getBitsPerSample()).toBe(16);
    expect(image.getSampleFormat()).toBe(1);
    expect(image.fileDirectory.getValue('Compression')).toBe(8);
    expect(await image.fileDirectory.loadValue('Predictor')).toBe(1);
    expect(image.getGDALNoData()).toBe(0);
    expect(image.getResolution()).toEqual([30, -30, 0]);
    expect(image.getOrigin()).toEqual([500015, 5020485, 0]);
    const geoKeys = image.getGeoKeys() as Record<string, number>;
    expect(geoKeys.GTModelTypeGeoKey).toBe(1);
    expect(geoKeys.GTRasterTypeGeoKey).toBe(2); // RasterPixelIsPoint
    expect(geoKeys.ProjectedCSTypeGeoKey).toBe(32617);
    expect(await image.fileDirectory.loadValue('ImageDescription')).toContain('SYNTHETIC');
    const [values] = (await image.readRasters()) as unknown as Uint16Array[];
    expect(values).toBeInstanceOf(Uint16Array);
    expect(Array.from(values)).toEqual(Array.from(data));
    // A window across tile borders.
    const [win] = (await image.readRasters({ window: [250, 250, 262, 262] })) as unknown as Uint16Array[];
    expect(win[0]).toBe(data[250 * width + 250]);
    expect(win[143]).toBe(data[261 * width + 261]);
  });

  it('writes averaged overviews flagged as reduced resolution, ignoring fill', async () => {
    const tiff = await fromArrayBuffer(toArrayBuffer(buf));
    const ov1 = await tiff.getImage(1);
    const ov2 = await tiff.getImage(2);
    expect([ov1.getWidth(), ov1.getHeight()]).toEqual([300, 150]);
    expect([ov2.getWidth(), ov2.getHeight()]).toEqual([150, 75]);
    expect(ov1.fileDirectory.getValue('NewSubfileType')).toBe(1);
    const [v1] = (await ov1.readRasters()) as unknown as Uint16Array[];
    const [v2] = (await ov2.readRasters()) as unknown as Uint16Array[];
    // Pure fill stays fill.
    expect(v1[0]).toBe(0);
    expect(v2[0]).toBe(0);
    // Mean of the 2x2 block.
    const at = (x: number, y: number) => data[y * width + x];
    const mean = Math.round((at(20, 30) + at(21, 30) + at(20, 31) + at(21, 31)) / 4);
    expect(v1[15 * 300 + 10]).toBe(mean);
    // A block partly fill: the mean takes only the valid pixels (fill covers x<7, y<7, so (6,6) is fill).
    expect(at(6, 6)).toBe(0);
    expect(v1[3 * 300 + 3]).toBe(Math.round((at(7, 6) + at(6, 7) + at(7, 7)) / 3));
    const block: number[] = [];
    for (let y = 4; y < 8; y++) for (let x = 8; x < 12; x++) block.push(at(x, y));
    expect(v2[1 * 150 + 2]).toBe(Math.round(block.reduce((a, b) => a + b, 0) / 16));
  });

  it('uses nearest resampling when asked (bit flags must not be averaged)', async () => {
    const small = new Uint16Array(16 * 16).map((_, i) => (i % 2 === 0 ? 21824 : 22280));
    const b = writeGeoTiff({
      width: 16, height: 16, data: small, tileSize: 256, overviewFactors: [2], resampling: 'nearest', epsg: 32619,
      originX: 0, originY: 0, pixelSizeM: 30, nodata: 0, compression: 'deflate',
    });
    const tiff = await fromArrayBuffer(toArrayBuffer(b));
    const [ov] = (await (await tiff.getImage(1)).readRasters()) as unknown as Uint16Array[];
    for (const v of ov) expect([21824, 22280]).toContain(v);
  });

  it('optionally writes horizontal-differencing predictor tiles that readers undo', async () => {
    const b = writeGeoTiff({
      width, height, data, tileSize: 512, overviewFactors: [2], epsg: 32617, predictor: 2,
      originX: 500015, originY: 5020485, pixelSizeM: 30, nodata: 0, compression: 'deflate',
    });
    const image = await (await fromArrayBuffer(toArrayBuffer(b))).getImage(0);
    expect(await image.fileDirectory.loadValue('Predictor')).toBe(2);
    const [values] = (await image.readRasters()) as unknown as Uint16Array[];
    expect(Array.from(values)).toEqual(Array.from(data));
  });

  it('is a COG: every IFD before the tile data, tiles deflate-compressed', () => {
    expect(buf.toString('latin1', 0, 2)).toBe('II');
    expect(buf.readUInt16LE(2)).toBe(42);
    let ifd = buf.readUInt32LE(4);
    const ifdEnds: number[] = [];
    const firstTiles: Array<{ offset: number; count: number }> = [];
    let minTileOffset = Infinity;
    while (ifd !== 0) {
      const n = buf.readUInt16LE(ifd);
      let offsets: number[] = [];
      let counts: number[] = [];
      for (let i = 0; i < n; i++) {
        const e = ifd + 2 + i * 12;
        const code = buf.readUInt16LE(e);
        const count = buf.readUInt32LE(e + 4);
        const read = () => {
          const at = count > 1 ? buf.readUInt32LE(e + 8) : e + 8;
          return Array.from({ length: count }, (_, k) => buf.readUInt32LE(at + 4 * k));
        };
        if (code === 324) offsets = read();
        if (code === 325) counts = read();
      }
      ifdEnds.push(ifd + 2 + n * 12 + 4);
      minTileOffset = Math.min(minTileOffset, ...offsets);
      firstTiles.push({ offset: offsets[0], count: counts[0] });
      ifd = buf.readUInt32LE(ifd + 2 + n * 12);
    }
    expect(ifdEnds).toHaveLength(3);
    expect(Math.max(...ifdEnds)).toBeLessThanOrEqual(minTileOffset);
    const first = firstTiles[0];
    const raw = inflateSync(buf.subarray(first.offset, first.offset + first.count));
    expect(raw.length).toBe(256 * 256 * 2);
    expect(raw.readUInt16LE((20 * 256 + 30) * 2)).toBe(data[20 * width + 30]);
  });

  it('is deterministic and rejects bad input', () => {
    const again = writeGeoTiff({
      width, height, data, tileSize: 256, overviewFactors: [2, 4], epsg: 32617,
      originX: 500015, originY: 5020485, pixelSizeM: 30, nodata: 0, compression: 'deflate', description: 'SYNTHETIC test',
    });
    expect(again.equals(buf)).toBe(true);
    expect(() => writeGeoTiff({
      width: 10, height: 10, data: new Uint16Array(5), tileSize: 256, epsg: 32617,
      originX: 0, originY: 0, pixelSizeM: 30, nodata: 0, compression: 'deflate',
    })).toThrow(RangeError);
  });
});
