import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fromArrayBuffer } from 'geotiff';
import { describe, expect, it } from 'vitest';
import { createSceneGrid } from '../raster/sceneGrid.js';
import type { SceneReader } from '../raster/sceneReader.js';
import type { LandsatScene } from '../stac/landsatScene.js';
import { EXPORT_MAX_VALUES, ExportRefusedError, exportGeoTiff } from './exportGeoTiff.js';
import { overviewFactors, writeCog } from './writeCog.js';

// GDAL (Debian gdal-bin, python3-gdal; .ci/run installs them) validates the layout.
const VALIDATE_COG = '/usr/share/doc/python3-gdal/examples/validate_cloud_optimized_geotiff.py';

describe('writeCog', () => {
  it('adds overviews as GDAL does: halving until a level fits in one 512 px tile', () => {
    expect(overviewFactors(512, 512)).toEqual([]);
    expect(overviewFactors(8, 9)).toEqual([]);
    expect(overviewFactors(1200, 700)).toEqual([2, 4]);
    expect(overviewFactors(513, 10)).toEqual([2]);
  });

  it('writes a multi-band COG with overviews that GDAL validates and geotiff.js reads back value for value', async () => {
    const width = 1200;
    const height = 700;
    const a = new Uint16Array(width * height).map((_, i) => (i * 7) % 65521);
    const b = new Uint16Array(width * height).map((_, i) => (i % width) + 1);
    const tiff = await writeCog({
      width, height, sampleType: 'uint16', epsg: 32619, originX: 528285, originY: -1482285, pixelSizeX: 30, pixelSizeY: 30, nodata: 0,
      bands: [
        { data: a, description: 'first', scale: 2, offset: 1, overviewResampling: 'average' },
        { data: b, description: 'second', overviewResampling: 'nearest' },
      ],
    });
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'cog-')), 'big.tif');
    writeFileSync(file, tiff);
    expect(execFileSync('/usr/bin/python3', [VALIDATE_COG, file], { encoding: 'utf8' })).toContain('is a valid cloud optimized GeoTIFF');
    const info = JSON.parse(execFileSync('gdalinfo', ['-json', file], { encoding: 'utf8' }));
    expect(info.bands[0].overviews.map((o: { size: number[] }) => o.size)).toEqual([[600, 350], [300, 175]]);
    expect(info.bands.map((x: { description: string }) => x.description)).toEqual(['first', 'second']);
    expect(info.geoTransform).toEqual([528285, 30, 0, -1482285, 0, -30]);
    const image = await (await fromArrayBuffer(tiff.buffer.slice(tiff.byteOffset, tiff.byteOffset + tiff.byteLength) as ArrayBuffer)).getImage(0);
    const [ra, rb] = (await image.readRasters()) as unknown as Uint16Array[];
    expect(Buffer.from(ra.buffer).equals(Buffer.from(a.buffer))).toBe(true);
    expect(Buffer.from(rb.buffer).equals(Buffer.from(b.buffer))).toBe(true);
  });
});

describe('exportGeoTiff limits', () => {
  const scene = { id: 'LC08_L2SP_001070_20190114_02_T2', satellite: 'landsat-8', datetime: '2019-01-14T14:34:30Z' } as LandsatScene;
  // A full-size Landsat grid (about 7,800 x 7,900 pixels at 30 m): the refusal comes before any read.
  const grid = createSceneGrid({ epsg: 32619, originX: 528285, originY: -1482285, pixelSizeX: 30, pixelSizeY: 30, width: 7800, height: 7900 });
  const reader = {
    readFullWindow: async (_assets, choose) => {
      choose(grid, [grid]);
      throw new Error('read after the window was accepted');
    },
  } as Pick<SceneReader, 'readFullWindow'> as SceneReader;

  it(`refuses over ${EXPORT_MAX_VALUES.toLocaleString('en')} values with 413 in words`, async () => {
    // 1° x 1° near the scene centre: ~3,600 x 3,700 pixels x 4 bands > 50 million.
    const box = { minLon: -67.9, minLat: -14.9, maxLon: -66.9, maxLat: -13.9 };
    const err = await exportGeoTiff({ scene, bands: ['B02', 'B03', 'B04', 'B05'], box, format: 'dn', synthetic: false }, reader).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ExportRefusedError);
    expect((err as ExportRefusedError).statusCode).toBe(413);
    expect((err as Error).message).toMatch(/at most 50,000,000/);
  });
});
