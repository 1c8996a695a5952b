/**
 * Makes one synthesized tile set (OLI-like, demoTileSynth.ts) what the scene's own sensor records:
 *
 * - TM and ETM+ see the same ground through their own band responses. Their surface reflectance is
 *   the OLI value through the inverse of the Roy et al. 2016 ETM+ -> OLI transform (harmonize.ts), so
 *   the difference between sensors is the one measured on real scene pairs, and `harmonize=oli` turns a
 *   TM/ETM+ value back into the OLI value of the same ground (to the DN's rounding).
 * - TM/ETM+ QA_PIXEL has no cirrus bits (2, 14-15): a clear land pixel is 5440 where OLI's is 21824
 *   (Landsat 4-7 Collection 2 Level-2 Science Product Guide, QA_PIXEL table; the real LT05 scene in
 *   ../shared/real-world/landsat-tm-etm reads 5440).
 * - Landsat 7 after the scan line corrector failed (2003-05-31) leaves wedge-shaped gaps between scans:
 *   fill in every band (QA_PIXEL 1), none at the scene's centre line, widening to about one scan
 *   (390-450 m, 14 pixels) at the swath edges, on alternate sides scan by scan; an estimated 22 % of a
 *   scene is lost (USGS, "How do Landsat 7 ETM+ SLC-off data products compare to previous Landsat 7 data?";
 *   Geoscience Australia, Landsat 7 ETM+ SLC-off description).
 */
import { ROY2016_RMA } from '../bands/harmonize.js';
import { isSlcOff, sensorOf, type LandsatPlatform } from '../bands/missions.js';
import type { BandId } from '../bands/bandCatalog.js';
import { mixHash } from './seededRandom.js';
import { TILE_PX, type DemoSceneGrid } from './demoSceneGrid.js';

const WHOLE_TILE = Int32Array.from({ length: TILE_PX }, (_, i) => i);
import { QA, REFLECTANCE_OFFSET, REFLECTANCE_SCALE } from './demoTileSynth.js';

/** Bands 1..6 of a tile set (DEMO_ASSET_KEYS order: coastal, blue … swir22, lwir11, qa_pixel) and their seed ids. */
const REFLECTIVE: ReadonlyArray<[index: number, id: BandId]> = [[1, 'B02'], [2, 'B03'], [3, 'B04'], [4, 'B05'], [5, 'B06'], [6, 'B07']];
const QA_INDEX = 8;
/** QA_PIXEL bits OLI has and TM/ETM+ do not: cirrus (bit 2) and cirrus confidence (bits 14-15). */
const NO_CIRRUS_MASK = ~((1 << 2) | (3 << 14)) & 0xffff;

/** ETM+ scans 16 lines (480 m) at a time; with the SLC off, gaps open between every other pair of scans on each side. */
const SCAN_LINES = 16;
const GAP_PERIOD_LINES = 2 * SCAN_LINES;
const GAP_AT_EDGE_PX = 14;

export interface SensorTileScene {
  satellite: LandsatPlatform;
  datetime: Date;
  grid: DemoSceneGrid;
}

/** The scene's swath axes in full-resolution pixels: centre, unit vectors across and along track, half swath width. */
interface SwathAxes {
  cx: number;
  cy: number;
  ux: number;
  uy: number;
  vx: number;
  vy: number;
  halfSwathPx: number;
}

const axesByGrid = new WeakMap<DemoSceneGrid, SwathAxes>();

function swathAxes(grid: DemoSceneGrid): SwathAxes {
  let axes = axesByGrid.get(grid);
  if (axes) return axes;
  // Footprint corners: upper left, upper right, lower right, lower left (demoSceneGrid.ts).
  const [ul, ur, lr, ll] = grid.footprintPx;
  const left = [(ul[0] + ll[0]) / 2, (ul[1] + ll[1]) / 2];
  const right = [(ur[0] + lr[0]) / 2, (ur[1] + lr[1]) / 2];
  const across = [right[0] - left[0], right[1] - left[1]];
  const width = Math.hypot(across[0], across[1]);
  const ux = across[0] / width;
  const uy = across[1] / width;
  axes = { cx: (left[0] + right[0]) / 2, cy: (left[1] + right[1]) / 2, ux, uy, vx: -uy, vy: ux, halfSwathPx: width / 2 };
  axesByGrid.set(grid, axes);
  return axes;
}

/** True where an SLC-off scene has no data: `x`, `y` full-resolution pixel coordinates, `phase` the scene's scan phase (lines). */
export function inSlcGap(grid: DemoSceneGrid, phase: number, x: number, y: number): boolean {
  const a = swathAxes(grid);
  const dx = x - a.cx;
  const dy = y - a.cy;
  const u = (dx * a.ux + dy * a.uy) / a.halfSwathPx;
  const v = dx * a.vx + dy * a.vy + phase + (u < 0 ? SCAN_LINES : 0);
  const inPeriod = ((v % GAP_PERIOD_LINES) + GAP_PERIOD_LINES) % GAP_PERIOD_LINES;
  return inPeriod < GAP_AT_EDGE_PX * Math.abs(u);
}

/** Where the scene's scans start (lines), different from scene to scene as real acquisitions are. */
export function slcGapPhase(scene: SensorTileScene): number {
  return mixHash(scene.grid.path, scene.grid.row, Math.floor(scene.datetime.getTime() / 86_400_000)) % GAP_PERIOD_LINES;
}

/**
 * The TM/ETM+ DN of every OLI DN of band `id` (0, fill, stays 0): the inverse Roy et al. 2016 transform
 * worked out once per band and thread rather than per pixel (a division and a rounding for each of six
 * bands of every pixel of a TM/ETM+ tile: 1.9 s of the synthesis worker's 24 s over 554 scene-box
 * statistics, docs/performance.md). The same arithmetic per DN, so the same bytes.
 */
const sensorDnTables = new Map<BandId, Uint16Array>();
function sensorDnTable(id: BandId): Uint16Array {
  let table = sensorDnTables.get(id);
  if (table) return table;
  const { slope, intercept } = ROY2016_RMA[id]!;
  table = new Uint16Array(65536);
  for (let v = 1; v < 65536; v++) {
    const oli = v * REFLECTANCE_SCALE + REFLECTANCE_OFFSET;
    const dn = Math.round(((oli - intercept) / slope - REFLECTANCE_OFFSET) / REFLECTANCE_SCALE);
    table[v] = dn < 1 ? 1 : dn > 65535 ? 65535 : dn;
  }
  sensorDnTables.set(id, table);
  return table;
}

/**
 * Turns the tile set (bands in place) into what the scene's sensor records; OLI/TIRS tiles are left as
 * they are. `factor` is the level's overview factor, `tileX`, `tileY` the tile's position in the level;
 * `rows` x `cols` the tile pixels the bands hold (row-major), the whole tile by default.
 */
export function adaptTileToSensor(
  bands: Uint16Array[], scene: SensorTileScene, factor: number, tileX: number, tileY: number,
  rows: Int32Array = WHOLE_TILE, cols: Int32Array = WHOLE_TILE,
): Uint16Array[] {
  if (sensorOf(scene.satellite) === 'OLI/TIRS') return bands;
  const qa = bands[QA_INDEX];
  for (const [index, id] of REFLECTIVE) {
    const lut = sensorDnTable(id);
    const band = bands[index];
    for (let i = 0; i < band.length; i++) band[i] = lut[band[i]];
  }
  // No coastal/aerosol band: the slot is never served (no asset), and holds fill rather than OLI numbers.
  bands[0].fill(0);
  for (let i = 0; i < qa.length; i++) if (qa[i] !== QA.fill) qa[i] &= NO_CIRRUS_MASK;
  if (isSlcOff(scene.satellite, scene.datetime.toISOString())) {
    const phase = slcGapPhase(scene);
    const n = TILE_PX;
    for (let a = 0; a < rows.length; a++) {
      const y = (tileY * n + rows[a] + 0.5) * factor;
      for (let b = 0; b < cols.length; b++) {
        const i = a * cols.length + b;
        if (qa[i] === QA.fill || !inSlcGap(scene.grid, phase, (tileX * n + cols[b] + 0.5) * factor, y)) continue;
        for (let band = 0; band < QA_INDEX; band++) bands[band][i] = 0;
        qa[i] = QA.fill;
      }
    }
  }
  return bands;
}
