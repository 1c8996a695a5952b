/**
 * An archive server's area code compiled before its first user's area (issue 33). On a server of COGs
 * (any LANDSAT_SOURCE but the demo) V8 compiled the area's code during the first area a person asked:
 * ~16 % of the server's samples were the optimising compiler, and the same area after an area elsewhere
 * took 0.77-0.86x GDAL's time against 0.88-0.96x (docs/performance.md, eighteenth and twentieth rounds).
 * The warm-up measures areas over a small archive of its own, held in memory, through the same code an
 * archive area runs: the search, the COG headers, the strips, the decode workers' counts and the
 * statistics. It reads nothing of the server's archive and keeps nothing once done (its own block cache).
 * Its files are read from memory, not over HTTP: served on a loopback port and read through the
 * archive's own transport, the first area was no faster (three interleaved pairs, twentieth round), and
 * a server need not open a port of its own at start.
 *
 * The archive: one WRS-2 scene's grid of 2048 x 2048 30 m pixels (two overviews, 512 px tiles,
 * DEFLATE with the horizontal predictor, as Collection 2 writes them), a reflectance band and a
 * QA_PIXEL band, repeated as WARM_UP_SCENES scenes 8 days apart, every fourth one cloudy enough that its
 * QA_PIXEL is fetched first. Synthetic, and labelled so (`synthetic: true`); never shown to anyone.
 */
import proj4 from 'proj4';
import type { ArchiveAssetKey, BandId } from '../bands/bandCatalog.js';
import { writeCog } from '../export/writeCog.js';
import type { LngLat } from '../geo/lngLat.js';
import { createLandsatService, type LandsatService } from '../landsat/landsatService.js';
import { createBlockCache } from '../raster/blockCache.js';
import { createMemoryByteSource } from '../raster/byteSource.js';
import { projDefinitionForEpsg } from '../raster/sceneGrid.js';
import type { LandsatScene } from '../stac/landsatScene.js';
import type { SceneCatalog } from '../stac/sceneCatalog.js';
import { runInBulkLane } from '../workLane.js';
import { areaStatistics, type AreaResponse } from './areaStatistics.js';

/** Pixels across the warm-up scene: its 30 m level is 4 x 4 tiles, its first overview 2 x 2 (the level a 2,500 km² year is measured on). */
export const WARM_UP_SIDE = 2048;
/** Scenes of the warm-up year: with the polygon's ~2,000 km², past the pixel budget (areaLimits.ts), so the year is measured on the first overview. */
export const WARM_UP_SCENES = 20;
const EPSG = 32617;
const PIXEL_M = 30;
/** The grid's upper-left corner (UTM 17N, around the default point in Ontario). */
const ORIGIN = { x: 600_015, y: 5_050_005 };
/** QA_PIXEL words (Collection 2): clear land, high-confidence cloud, fill. */
export const WARM_UP_QA = { clear: 21824, cloud: 22280, fill: 1 } as const;
const BANDS: BandId[] = ['B04', 'B05'];
const YEAR = { startDate: '2025-01-01', endDate: '2025-12-31' };

/** xorshift32: seeded texture, the same every start. */
function noise(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return s >>> 0;
  };
}

/**
 * The warm-up scene's two rasters, row-major: a corner outside the footprint (fill), fields of
 * 32 px with noise in the reflectance, and cloud over one 64 px block in five.
 */
export function warmUpRasters(): { reflectanceDn: Uint16Array; qa: Uint16Array } {
  const n = WARM_UP_SIDE;
  const reflectanceDn = new Uint16Array(n * n);
  const qa = new Uint16Array(n * n);
  const next = noise(20_26);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const i = y * n + x;
      if (x + y < 400) {
        qa[i] = WARM_UP_QA.fill;
        continue;
      }
      reflectanceDn[i] = 8000 + ((((x >> 5) * 37 + (y >> 5) * 91) % 40) * 100) + (next() & 0xff);
      qa[i] = ((x >> 6) + (y >> 6) * 3) % 5 === 0 ? WARM_UP_QA.cloud : WARM_UP_QA.clear;
    }
  }
  return { reflectanceDn, qa };
}

/** Longitude and latitude of the grid's pixel coordinates `[col, row]` (pixel corners at whole numbers). */
function warmUpGridToLngLat([col, row]: [number, number]): LngLat {
  const [lon, lat] = proj4(projDefinitionForEpsg(EPSG), 'WGS84', [ORIGIN.x + col * PIXEL_M, ORIGIN.y - row * PIXEL_M]);
  return [lon, lat];
}

/** The warm-up polygon: a square of 1,500 px (45 km) side around the scene's centre, turned 15°, in pixel coordinates. */
export function warmUpPolygonPixels(): [number, number][] {
  const c = WARM_UP_SIDE / 2;
  const half = 750;
  const turn = (15 * Math.PI) / 180;
  const corners = [[-1, -1], [1, -1], [1, 1], [-1, 1], [-1, -1]] as const;
  return corners.map(([u, v]) => [c + half * (u * Math.cos(turn) - v * Math.sin(turn)), c + half * (u * Math.sin(turn) + v * Math.cos(turn))]);
}

async function cogOf(data: Uint16Array, description: string, overviewResampling: 'average' | 'nearest'): Promise<Uint8Array> {
  return writeCog({
    width: WARM_UP_SIDE,
    height: WARM_UP_SIDE,
    sampleType: 'uint16',
    bands: [{ data, description, overviewResampling }],
    epsg: EPSG,
    originX: ORIGIN.x,
    originY: ORIGIN.y,
    pixelSizeX: PIXEL_M,
    pixelSizeY: PIXEL_M,
    nodata: description === 'QA_PIXEL' ? 1 : 0,
  });
}

function warmUpScenes(): LandsatScene[] {
  const footprintLngLat = ([[0, 0], [WARM_UP_SIDE, 0], [WARM_UP_SIDE, WARM_UP_SIDE], [0, WARM_UP_SIDE], [0, 0]] as [number, number][]).map(warmUpGridToLngLat);
  const lons = footprintLngLat.map((p) => p[0]);
  const lats = footprintLngLat.map((p) => p[1]);
  return Array.from({ length: WARM_UP_SCENES }, (_, k) => {
    const day = new Date(Date.parse('2025-01-02') + k * 8 * 86_400_000).toISOString().slice(0, 10);
    const landsat9 = k % 2 === 1;
    const id = `${landsat9 ? 'LC09' : 'LC08'}_L2SP_017029_${day.replaceAll('-', '')}_${day.replaceAll('-', '')}_02_T1`;
    const assets: Partial<Record<ArchiveAssetKey, string>> = { qa_pixel: `warm-up://${id}/qa_pixel.TIF`, red: `warm-up://${id}/red.TIF`, nir08: `warm-up://${id}/nir08.TIF` };
    return {
      id,
      satellite: landsat9 ? 'landsat-9' : 'landsat-8',
      datetime: `${day}T16:00:00Z`,
      wrsPath: 17,
      wrsRow: 29,
      cloudCover: k % 4 === 3 ? 62 : 8,
      landCloudCover: null,
      sunElevation: null,
      sunAzimuth: null,
      processingLevel: 'L2SP',
      collectionCategory: 'T1',
      epsg: EPSG,
      footprintLngLat,
      bboxLngLat: [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)],
      assets,
      synthetic: true,
    };
  });
}

/** The warm-up's archive: its scenes, a service over them reading from memory, and the polygon as GeoJSON. */
async function createWarmUpArchive(): Promise<{ service: LandsatService; geometry: { type: 'Polygon'; coordinates: LngLat[][] }; scenes: LandsatScene[] }> {
  const { reflectanceDn, qa } = warmUpRasters();
  const files = { qa: await cogOf(qa, 'QA_PIXEL', 'nearest'), reflectance: await cogOf(reflectanceDn, 'SR_B4', 'average') };
  const scenes = warmUpScenes();
  const catalog: SceneCatalog = {
    name: 'warm-up',
    synthetic: true,
    async search({ startDate, endDate, maxCloudCover, limit }) {
      const found = scenes.filter((s) => s.datetime.slice(0, 10) >= startDate && s.datetime.slice(0, 10) <= endDate && s.cloudCover <= maxCloudCover);
      return { scenes: found.slice(0, limit), truncated: found.length > limit, limit };
    },
    resolveAssetHref: async (href) => href,
  };
  const service = createLandsatService({
    catalog,
    // Its own: the server's cache keeps nothing of the warm-up's files.
    cache: createBlockCache({ maxBytes: 64 * 1024 * 1024 }),
    maxScenes: WARM_UP_SCENES,
    // Every band's file is the reflectance file: the code does not care which band it counts.
    openSource: (href) => createMemoryByteSource(href, href.endsWith('/qa_pixel.TIF') ? files.qa : files.reflectance),
  });
  return { service, geometry: { type: 'Polygon', coordinates: [warmUpPolygonPixels().map(warmUpGridToLngLat)] }, scenes };
}

/**
 * The warm-up itself, in the bulk lane as an area request runs: the polygon at 30 m over two of the
 * year's scenes (the third, clear, and the fourth, cloudy; strips of the 30 m level), then over the
 * whole year (the first overview, 16 scenes at once). Returns both answers.
 */
export async function warmUpAreaCode(signal?: AbortSignal): Promise<{ full: AreaResponse; year: AreaResponse }> {
  const { service, geometry, scenes } = await createWarmUpArchive();
  const filters = { ...YEAR, cloudCoverage: 100, bands: BANDS };
  const measure = (f: typeof filters, resolution: 'auto' | 'full') => runInBulkLane(() => areaStatistics(service, geometry, f, { signal, resolution, streamed: true }), signal);
  const full = await measure({ ...filters, startDate: scenes[2].datetime.slice(0, 10), endDate: scenes[3].datetime.slice(0, 10) }, 'full');
  const year = await measure(filters, 'auto');
  return { full, year };
}
