/**
 * What a synthetic scene's id says (`LC08_L2SP_PPPRRR_YYYYMMDD_SYNTHETIC`: satellite LT04, LT05, LE07,
 * LC08 or LC09, WRS-2 path/row, date): the scene itself (its grid, time and sun), the assets its sensor
 * carries and their `demo://synthetic/...` hrefs. Everything else about a scene (demoScenes.ts,
 * demoCloudPercents.ts) follows from these.
 */
import type { ArchiveAssetKey } from '../bands/bandCatalog.js';
import { sensorOf, type LandsatPlatform } from '../bands/missions.js';
import { sensorBand } from '../bands/sensorBands.js';
import { WRS2_DAY_ROWS, WRS2_PATHS } from '../wrs2/wrs2.js';
import { demoPassesForPathRow } from './demoMissionSchedule.js';
import { demoSceneGrid, type DemoSceneGrid } from './demoSceneGrid.js';
import { DEMO_ASSET_KEYS } from './demoTileSynth.js';
import { Lru } from './lruMap.js';
import { sunPosition } from './sunPosition.js';

export const DEMO_HREF_PREFIX = 'demo://synthetic/';

/** One file of a scene: its asset key, its file name suffix (as in the USGS product bundle) and its slot in a synthesized tile set. */
export interface DemoAsset {
  key: ArchiveAssetKey;
  fileSuffix: string;
  /** Index in DEMO_ASSET_KEYS order (coastal, blue … swir22, lwir11, qa_pixel): TM/ETM+ `lwir` is the thermal slot. */
  tileBand: number;
}

/** The assets each sensor's scenes carry, from the one band table (sensorBands.ts): TM and ETM+ have no coastal band and name thermal `lwir`/ST_B6. */
function assetsOf(satellite: LandsatPlatform): DemoAsset[] {
  const sensor = sensorOf(satellite);
  const out: DemoAsset[] = [];
  for (const id of ['B01', 'B02', 'B03', 'B04', 'B05', 'B06', 'B07', 'B09'] as const) {
    const band = sensorBand(id, sensor);
    if ('asset' in band) out.push({ key: band.asset, fileSuffix: band.fileBand, tileBand: DEMO_ASSET_KEYS.indexOf(band.asset === 'lwir' ? 'lwir11' : band.asset) });
  }
  out.push({ key: 'qa_pixel', fileSuffix: 'QA_PIXEL', tileBand: DEMO_ASSET_KEYS.indexOf('qa_pixel') });
  return out;
}

const ASSETS: Record<LandsatPlatform, DemoAsset[]> = {
  'landsat-4': assetsOf('landsat-4'), 'landsat-5': assetsOf('landsat-5'), 'landsat-7': assetsOf('landsat-7'),
  'landsat-8': assetsOf('landsat-8'), 'landsat-9': assetsOf('landsat-9'),
};

/** The asset of this satellite's scenes whose file name ends `_<fileSuffix>.TIF` (B4, QA_PIXEL ...), if it has one. */
export function demoAssetByFileSuffix(satellite: LandsatPlatform, fileSuffix: string): DemoAsset | undefined {
  return ASSETS[satellite].find((a) => a.fileSuffix === fileSuffix);
}

/** The asset keys a scene of this satellite lists. */
export function demoAssetKeys(satellite: LandsatPlatform): ArchiveAssetKey[] {
  return ASSETS[satellite].map((a) => a.key);
}

/** Product id prefixes: sensor letter (T: TM, E: ETM+, C: OLI/TIRS combined) and satellite number. */
const SATELLITE_CODES: Record<LandsatPlatform, string> = {
  'landsat-4': 'LT04', 'landsat-5': 'LT05', 'landsat-7': 'LE07', 'landsat-8': 'LC08', 'landsat-9': 'LC09',
};
const SATELLITE_BY_CODE = new Map(Object.entries(SATELLITE_CODES).map(([sat, code]) => [code, sat as LandsatPlatform]));

export interface DemoScene {
  id: string;
  satellite: LandsatPlatform;
  datetime: Date;
  grid: DemoSceneGrid;
  sunElevationDeg: number;
  sunAzimuthDeg: number;
}

export function demoSceneId(satellite: LandsatPlatform, path: number, row: number, datetime: Date): string {
  const day = datetime.toISOString().slice(0, 10).replaceAll('-', '');
  return `${SATELLITE_CODES[satellite]}_L2SP_${pad3(path)}${pad3(row)}_${day}_SYNTHETIC`;
}

export function pad3(n: number): string {
  return String(n).padStart(3, '0');
}

export function createDemoScene(satellite: LandsatPlatform, path: number, row: number, datetime: Date): DemoScene {
  const grid = demoSceneGrid(path, row);
  const sun = sunPosition(datetime, grid.centerLngLat);
  return {
    id: demoSceneId(satellite, path, row, datetime),
    satellite,
    datetime,
    grid,
    sunElevationDeg: round8(sun.elevationDeg),
    sunAzimuthDeg: round8(sun.azimuthDeg),
  };
}

const ID_PATTERN = /^(LT04|LT05|LE07|LC08|LC09)_L2SP_(\d{3})(\d{3})_(\d{4})(\d{2})(\d{2})_SYNTHETIC$/;

/** The scene an id names, or null when the id is malformed or the mission did not image that path/row that day. */
export function parseDemoSceneId(id: string): DemoScene | null {
  const m = ID_PATTERN.exec(id);
  if (!m) return null;
  const satellite = SATELLITE_BY_CODE.get(m[1])!;
  const path = Number(m[2]);
  const row = Number(m[3]);
  // Every daytime row the catalogue lists, the northern end-of-orbit rows 246-248 included.
  if (path < 1 || path > WRS2_PATHS || !WRS2_DAY_ROWS.includes(row)) return null;
  const day = Date.UTC(Number(m[4]), Number(m[5]) - 1, Number(m[6]));
  const [datetime] = demoPassesForPathRow(satellite, path, row, new Date(day), new Date(day + 86_400_000));
  return datetime ? createDemoScene(satellite, path, row, datetime) : null;
}

/** The href of a scene's asset; an asset the scene's sensor lacks (coastal on TM) names no file and opens as "not found". */
export function demoAssetHref(sceneId: string, asset: ArchiveAssetKey): string {
  const satellite = SATELLITE_BY_CODE.get(sceneId.slice(0, 4));
  const suffix = satellite ? ASSETS[satellite].find((a) => a.key === asset)?.fileSuffix : undefined;
  return `${DEMO_HREF_PREFIX}${sceneId}/${sceneId}_${suffix ?? asset.toUpperCase()}.TIF`;
}

// The scenes of recent opens: a point read opens a scene's 8 files together, and parsing the id (its
// pass schedule, grid and sun position) for each was ~0.3 s of a 40-year record's 29,000 opens. The
// synthesis worker looks its tiles' scenes up here too: a scene-box statistic synthesizes 16 tiles of
// one scene, and parsing the id for each was ~0.3 s of the worker's 40-year record (eighth round).
const openedScenes = new Lru<DemoScene | null>(32);
export function openedScene(id: string): DemoScene | null {
  let scene = openedScenes.get(id);
  if (scene === undefined) openedScenes.set(id, (scene = parseDemoSceneId(id)));
  return scene;
}

function round8(v: number): number {
  return Math.round(v * 1e8) / 1e8;
}
