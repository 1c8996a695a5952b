import { decodeQaPixel } from '../../src/core/raster/qaFlags.js';
import { createSceneGrid } from '../../src/core/raster/sceneGrid.js';
import { pixelFootprints } from '../../src/core/landsat/pixelFootprints.js';

const FIXTURE_GRID = createSceneGrid({ epsg: 32619, originX: 528285, originY: -1482285, pixelSizeX: 448.30078125, pixelSizeY: 455.91796875, width: 512, height: 512 });
import { DEFAULT_MASK, isClearPixel, isImaged } from '../../src/core/raster/clearPixel.js';
import type { PixelResponse, PixelScene } from '../../src/core/landsat/landsatResults.js';

/**
 * A small /api/pixel answer for tests, built on the real fixture scene's numbers
 * (../shared/fixtures/README.md: the SR_B4 3 x 3 block around -67.3037941, -14.7111791).
 */
export const FIXTURE_B04_DN = [
  [9010, 7816, 10705],
  [7926, 7663, 9276],
  [8158, 8513, 8856],
];

const reflectance = (dn: number | null) => (dn === null ? null : dn * 0.0000275 - 0.2);
const kelvin = (dn: number | null) => (dn === null ? null : dn * 0.00341802 + 149.0);

// 21824 is clear (the fixture point); 22280 is high-confidence cloud; 1 is fill.
const QA_DN: (number | null)[][] = [
  [21824, 22280, 21824],
  [21824, 21824, 21824],
  [21824, 21824, 1],
];

function grid(centreDn: number): (number | null)[][] {
  return [
    [centreDn + 10, centreDn + 20, centreDn + 30],
    [centreDn - 10, centreDn, centreDn + 5],
    [centreDn + 1, centreDn + 2, null],
  ];
}

function scene(id: string, datetime: string, satellite: PixelScene['satellite'], centreShift: number): PixelScene {
  const b04 = FIXTURE_B04_DN.map((row, r) => row.map((v, c) => (r === 2 && c === 2 ? null : v + centreShift)));
  const bands: PixelScene['bands'] = {
    B02: { unit: 'reflectance', name: 'OLI band 2, blue', fileBand: 'SR_B2', dn: grid(7939 + centreShift), values: grid(7939 + centreShift).map((row) => row.map(reflectance)) },
    B04: { unit: 'reflectance', name: 'OLI band 4, red', fileBand: 'SR_B4', dn: b04, values: b04.map((row) => row.map(reflectance)) },
    B01: { unit: 'reflectance', name: 'OLI band 1, coastal/aerosol', fileBand: 'SR_B1', dn: grid(8121 + centreShift), values: grid(8121 + centreShift).map((row) => row.map(reflectance)) },
    B09: { unit: 'kelvin', name: 'TIRS band 10, surface temperature', fileBand: 'ST_B10', dn: grid(43782), values: grid(43782).map((row) => row.map(kelvin)) },
  };
  return {
    id,
    satellite,
    sensor: 'OLI/TIRS',
    datetime,
    wrsPath: 1,
    wrsRow: 70,
    cloudCover: 75.65,
    landCloudCover: 70.1,
    sunElevation: 58.3,
    sunAzimuth: 101.2,
    processingLevel: 'L2SP',
    collectionCategory: 'T2',
    crs: 'EPSG:32619',
    pixel: { col: 250, row: 300 },
    bands,
    qa: { values: QA_DN, flags: QA_DN.map((row) => row.map((v) => (v === null ? null : decodeQaPixel(v)))) },
    // The fixture grid (its STAC item's proj:transform) around pixel (250, 300); its MTL says GEOMETRIC_RMSE_MODEL 12.102.
    pixelFootprints: pixelFootprints(FIXTURE_GRID, { col: 250, row: 300 }),
    geometricRmseM: 12.102,
    clear: QA_DN.map((row) => row.map((v) => (v === null || !isImaged(v) ? null : isClearPixel(v, DEFAULT_MASK)))),
  };
}

export function samplePixelResponse(): PixelResponse {
  return {
    target: { lat: -14.7111791, lon: -67.3037941 },
    scenes: [
      scene('LC08_L2SP_001070_20190114_20200830_02_T2', '2019-01-14T14:33:50.123Z', 'landsat-8', 0),
      scene('LC08_L2SP_001070_20190130_20200830_02_T1', '2019-01-30T14:33:47.000Z', 'landsat-8', 400),
    ],
    truncated: false,
    limit: 100,
    coveredStartDate: '2019-01-01',
    coveredEndDate: '2019-01-31',
    unavailableBands: { B10: 'Level-1 only' },
    synthetic: false,
  };
}
