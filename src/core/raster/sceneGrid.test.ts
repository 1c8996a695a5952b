import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createBlockCache } from './blockCache.js';
import { createFileByteSource } from './byteSource.js';
import { createCogReader } from './cogReader.js';
import { createSceneGrid, projDefinitionForEpsg, sceneGridFromCogGeo } from './sceneGrid.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SCENE = 'LC08_L2SP_001070_20190114_20200830_02_T2';
const red = path.resolve(here, '../../../../shared/fixtures/landsat-c2-l2', SCENE, `${SCENE}_SR_B4.TIF`);

describe('sceneGrid', () => {
  it('keeps the north UTM zone south of the equator: negative northings, 10 000 km below EPSG:32719', () => {
    const north = createSceneGrid({ epsg: 32619, originX: 0, originY: 0, pixelSizeX: 30, pixelSizeY: 30, width: 1, height: 1 });
    const south = createSceneGrid({ epsg: 32719, originX: 0, originY: 0, pixelSizeX: 30, pixelSizeY: 30, width: 1, height: 1 });
    const p: [number, number] = [-67.3037941, -14.7111791];
    const [xN, yN] = north.lngLatToProjected(p);
    const [xS, yS] = south.lngLatToProjected(p);
    expect(yN).toBeLessThan(0);
    expect(xN).toBeCloseTo(xS, 6);
    expect(yS - yN).toBeCloseTo(10_000_000, 3);
    const back = north.projectedToLngLat([xN, yN]);
    expect(back[0]).toBeCloseTo(p[0], 9);
    expect(back[1]).toBeCloseTo(p[1], 9);
  });

  it('applies PixelIsPoint like GDAL: corner = tie point minus half a pixel', async () => {
    const reader = await createCogReader(createFileByteSource(red), { cache: createBlockCache({ maxBytes: 1 << 20 }) });
    const g = reader.geo;
    expect(g.areaOrPoint).toBe('Point');
    expect(g.epsg).toBe(32619);
    // GDAL reports the corner (528285, -1482285) for this file (fixtures README).
    expect(g.originX).toBe(528285);
    expect(g.originY).toBe(-1482285);
    expect(g.tiePointX - g.originX).toBeCloseTo(g.pixelSizeX / 2, 9);
    expect(g.originY - g.tiePointY).toBeCloseTo(g.pixelSizeY / 2, 9);
    const grid = sceneGridFromCogGeo(g);
    // The tie point itself is the centre of pixel (0,0).
    const tie = grid.projectedToLngLat([g.tiePointX, g.tiePointY]);
    const p = grid.lngLatToPixel(tie);
    expect(p.col).toBeCloseTo(0.5, 6);
    expect(p.row).toBeCloseTo(0.5, 6);
  });

  it('round-trips pixel centres and clips box windows to the raster', () => {
    const grid = createSceneGrid({ epsg: 32619, originX: 528285, originY: -1482285, pixelSizeX: 30, pixelSizeY: 30, width: 7000, height: 7000 });
    const c = grid.pixelCenterToLngLat(1234, 4321);
    const p = grid.lngLatToPixel(c);
    expect(p.col).toBeCloseTo(1234.5, 6);
    expect(p.row).toBeCloseTo(4321.5, 6);
    const [lon, lat] = c;
    const win = grid.bboxToPixelWindow({ minLon: lon - 0.01, minLat: lat - 0.01, maxLon: lon + 0.01, maxLat: lat + 0.01 });
    expect(win[0]).toBeLessThanOrEqual(1234);
    expect(win[2]).toBeGreaterThan(1234);
    expect(win[2] - win[0]).toBeGreaterThan(60); // ~2.1 km / 30 m
    const huge = grid.bboxToPixelWindow({ minLon: -80, minLat: -30, maxLon: -60, maxLat: 0 });
    expect(huge).toEqual([0, 0, 7000, 7000]);
  });

  it('rejects CRSs it does not know instead of guessing', () => {
    expect(() => projDefinitionForEpsg(2154)).toThrow(RangeError);
    expect(projDefinitionForEpsg(32719)).toContain('+south');
  });
});
