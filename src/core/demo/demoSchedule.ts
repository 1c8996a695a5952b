import type { LngLat } from '../geo/lngLat.js';
import type { Satellite } from '../stac/landsatScene.js';
import { findWrs2Tiles } from '../wrs2/wrs2.js';
import { overpassesForPathRow } from '../overpass/overpass.js';
import { DEMO_PLACES, type DemoPlace } from './demoPlaces.js';
import { createDemoWindow, type DemoWindow } from './demoWindow.js';
import { sunPosition } from './sunPosition.js';

/** First acquisition day of the demo archive: at least two years of 16-day cycles up to "now". */
export const DEMO_START = new Date('2024-01-01T00:00:00Z');

/** One synthetic scene, before any pixel exists: everything an item needs except the cloud cover. */
export interface DemoScenePlan {
  id: string;
  satellite: Satellite;
  datetime: Date;
  wrsPath: number;
  wrsRow: number;
  place: DemoPlace;
  /** Key of the window (place + path/row): scenes with the same key share one grid and land-cover map. */
  windowKey: string;
  window: DemoWindow;
  /** The whole WRS-2 scene's footprint: window pixels outside it are fill, as at a real scene's edge. */
  sceneFootprintLngLat: LngLat[];
  sunElevationDeg: number;
  sunAzimuthDeg: number;
}

const SATELLITES: Array<{ satellite: Satellite; code: string }> = [
  { satellite: 'landsat-8', code: 'LC08' },
  { satellite: 'landsat-9', code: 'LC09' },
];

/**
 * All scenes of the demo archive between DEMO_START and `now`: for every place, every WRS-2 path/row
 * whose scene contains it, every Landsat 8 and Landsat 9 overpass. Ids keep the real form with a
 * SYNTHETIC marker where the processing date and tier would be, so they cannot pass for real ones.
 */
export function createDemoSchedule(now: Date, places: readonly DemoPlace[] = DEMO_PLACES): DemoScenePlan[] {
  const plans: DemoScenePlan[] = [];
  if (now.getTime() <= DEMO_START.getTime()) return plans;
  for (const place of places) {
    for (const tile of findWrs2Tiles(place.lngLat)) {
      const window = createDemoWindow(place.lngLat, tile.centerLngLat);
      const pathRow = `${pad3(tile.path)}${pad3(tile.row)}`;
      const windowKey = `${place.id}_${pathRow}`;
      for (const { satellite, code } of SATELLITES) {
        for (const datetime of overpassesForPathRow(satellite, tile.path, tile.row, DEMO_START, now)) {
          if (datetime.getTime() > now.getTime()) continue;
          const sun = sunPosition(datetime, tile.centerLngLat);
          plans.push({
            id: `${code}_L2SP_${pathRow}_${yyyymmdd(datetime)}_SYNTHETIC`,
            satellite,
            datetime,
            wrsPath: tile.path,
            wrsRow: tile.row,
            place,
            windowKey,
            window,
            sceneFootprintLngLat: tile.polygonLngLat,
            sunElevationDeg: round8(sun.elevationDeg),
            sunAzimuthDeg: round8(sun.azimuthDeg),
          });
        }
      }
    }
  }
  // Two places may share a path/row (not with today's places, but keep ids unique anyway).
  const seen = new Set<string>();
  const unique = plans.filter((p) => (seen.has(p.id) ? false : (seen.add(p.id), true)));
  return unique.sort((a, b) => a.datetime.getTime() - b.datetime.getTime() || a.id.localeCompare(b.id));
}

export function pad3(n: number): string {
  return String(n).padStart(3, '0');
}

function yyyymmdd(d: Date): string {
  return d.toISOString().slice(0, 10).replaceAll('-', '');
}

function round8(v: number): number {
  return Math.round(v * 1e8) / 1e8;
}
