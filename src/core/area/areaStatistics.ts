import { toPrecisionOf } from '../../shared/csv.js';
import { BAND_CATALOG, isBandId, type ArchiveAssetKey } from '../bands/bandCatalog.js';
import { isLandsatPlatform, sensorOf } from '../bands/missions.js';
import { sensorBandName } from '../bands/sensorBands.js';
import { GeometryError, parseGeoJsonPolygons, polygonsBBox, type PolygonLngLat } from '../geo/geoJsonPolygons.js';
import { pixelCentresInside, polygonPixelWindow, polygonsAreaKm2, projectPolygons } from '../geo/polygonOnGrid.js';
import { selectBands } from '../landsat/bandSelection.js';
import { coveredDates, type CoveredDates } from '../landsat/coveredDates.js';
import type { LandsatService } from '../landsat/landsatService.js';
import type { SceneFilters, SceneSummary } from '../landsat/landsatResults.js';
import { mapWithConcurrency } from '../landsat/mapWithConcurrency.js';
import type { EmptyAnswerExplanation } from '../landsat/explainEmptyAnswer.js';
import { DEFAULT_MASK, isClearPixel, isImaged, maskToText } from '../raster/clearPixel.js';
import { sceneBands } from '../landsat/sceneBands.js';

/** Largest polygon area accepted, km² (about 2.8 million 30 m pixels per band and scene). */
export const AREA_MAX_KM2 = 2500;

export interface AreaBandStats {
  mean: number | null;
  median: number | null;
  /** Population standard deviation (divides by count). */
  stDev: number | null;
  min: number | null;
  max: number | null;
  /** Clear pixels with a value in this band. */
  count: number;
}

export interface AreaSceneEntry {
  scene: SceneSummary;
  /** Pixels whose centre lies inside the polygon and that the scene imaged (QA fill bit unset). */
  pixelCount: number;
  /** Of those, the clear ones under the mask. */
  clearCount: number;
  bands: Record<string, AreaBandStats>;
  missingBands?: Record<string, string>;
}

export interface AreaResponse extends CoveredDates {
  scenes: AreaSceneEntry[];
  truncated: boolean;
  limit: number;
  unavailableBands: Record<string, string>;
  synthetic: boolean;
  /** The mask the statistics used, as words. */
  mask: string;
  /** The polygon's area on the sphere, km². */
  areaKm2: number;
  explanation?: EmptyAnswerExplanation;
}

/** Pixels of the box around the polygons read at most per scene and band (a 2,500 km² square is 2.8 million). */
const MAX_WINDOW_PIXELS = 12_000_000;

/** The polygon is larger than AREA_MAX_KM2: the API answers 413. */
export class AreaTooLargeError extends Error {
  override readonly name = 'AreaTooLargeError';
  readonly statusCode = 413;
  readonly code = 'area_too_large';
}

/** Mean, population stDev, median (mean of the two middle values for an even count), min, max. */
export function summarize(values: Float64Array): AreaBandStats {
  const n = values.length;
  if (n === 0) return { mean: null, median: null, stDev: null, min: null, max: null, count: 0 };
  const sorted = Float64Array.from(values).sort();
  let mean = 0;
  let m2 = 0;
  for (let i = 0; i < n; i++) {
    const delta = sorted[i] - mean;
    mean += delta / (i + 1);
    m2 += delta * (sorted[i] - mean);
  }
  const median = n % 2 === 1 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  return { mean, median, stDev: Math.sqrt(m2 / n), min: sorted[0], max: sorted[n - 1], count: n };
}

/** Reads the geometry (400 in words when it is not a simple polygon) and checks its size (413). */
export function areaPolygons(geometry: unknown): { polygons: PolygonLngLat[]; areaKm2: number } {
  const polygons = parseGeoJsonPolygons(geometry);
  const areaKm2 = polygonsAreaKm2(polygons);
  if (areaKm2 > AREA_MAX_KM2) {
    throw new AreaTooLargeError(`The polygon covers ${Math.round(areaKm2).toLocaleString('en')} km²; at most ${AREA_MAX_KM2.toLocaleString('en')} km² is measured at once. Split it or choose a smaller one.`);
  }
  if (!(areaKm2 > 0)) throw new GeometryError('The polygon encloses no area.');
  return { polygons, areaKm2 };
}

/**
 * POST /api/area: per qualifying scene, the pixels of the scene's own grid whose centre lies inside
 * the polygon (GDAL's default rasterisation rule), how many were imaged and clear under the mask, and
 * each band's statistics over the clear ones. One entry per scene that images part of the polygon, oldest first.
 */
export async function areaStatistics(
  landsat: LandsatService,
  geometry: unknown,
  filters: SceneFilters,
  options: { streamed?: boolean; signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<AreaResponse> {
  const { polygons, areaKm2 } = areaPolygons(geometry);
  const { search, readerFor, explain, seriesLimit, summarize: sceneSummary } = landsat.parts;
  const box = polygonsBBox(polygons);
  const bboxLngLat: [number, number, number, number] = [box.minLon, box.minLat, box.maxLon, box.maxLat];
  const selection = selectBands(filters.bands);
  const mask = filters.mask ?? DEFAULT_MASK;
  const found = await search(bboxLngLat, filters, options.signal, seriesLimit(options.streamed));
  let done = 0;
  const entries = await mapWithConcurrency(found.scenes, 4, async (scene): Promise<AreaSceneEntry | null> => {
    // Each sensor's own files (B09 from ST_B6 on TM/ETM+; no B01 there), harmonised to OLI when asked.
    const { present, missing = {}, harmonized } = sceneBands(scene, selection.available, filters.harmonize);
    const assets: ArchiveAssetKey[] = ['qa_pixel', ...present.map((b) => b.read.asset)];
    let inside: Uint8Array = new Uint8Array(0);
    const read = await readerFor(scene).readFullWindow(
      assets,
      (grid) => {
        const projected = projectPolygons(grid, polygons);
        const window = polygonPixelWindow(grid, projected);
        // Parts of a MultiPolygon far apart span a box much larger than their area: refuse before reading it.
        const boxPixels = (window[2] - window[0]) * (window[3] - window[1]);
        if (boxPixels > MAX_WINDOW_PIXELS) throw new AreaTooLargeError(`The polygons' parts lie ${Math.round(Math.sqrt(boxPixels) * grid.pixelSizeX / 1000)} km apart; keep them within one box of at most ${MAX_WINDOW_PIXELS.toLocaleString('en')} pixels (send far-apart parts as separate areas).`);
        inside = pixelCentresInside(grid, projected, window);
        return window;
      },
      options.signal,
    );
    options.onProgress?.(++done, found.scenes.length);
    const qa = read.dn.qa_pixel!;
    const clearIndex: number[] = [];
    let pixelCount = 0;
    for (let i = 0; i < inside.length; i++) {
      if (!inside[i] || qa[i] === 0 || !isImaged(qa[i])) continue;
      pixelCount++;
      if (isClearPixel(qa[i], mask)) clearIndex.push(i);
    }
    if (pixelCount === 0) return null;
    const bands: Record<string, AreaBandStats> = {};
    for (const band of present) {
      const dn = read.dn[band.read.asset]!;
      const values: number[] = [];
      for (const i of clearIndex) {
        // A DN of 0 has no value in this band alone (e.g. ST_B10 where no temperature was computed).
        const v = band.physical(dn[i]);
        if (v !== null) values.push(v);
      }
      bands[band.info.id] = summarize(Float64Array.from(values));
    }
    return { scene: sceneSummary(scene, harmonized), pixelCount, clearCount: clearIndex.length, bands, ...(Object.keys(missing).length > 0 ? { missingBands: missing } : {}) };
  });
  return {
    scenes: entries.filter((e): e is AreaSceneEntry => e !== null),
    truncated: found.truncated,
    limit: found.limit,
    ...coveredDates(found, filters),
    unavailableBands: selection.unavailable,
    synthetic: landsat.catalog.synthetic,
    mask: maskToText(mask),
    areaKm2,
    ...(found.scenes.length === 0 ? { explanation: await explain(bboxLngLat, filters, options.signal) } : {}),
  };
}

/** One CSV row per scene and band: the answer as a spreadsheet reads it; then (issue 23) the sensor, its own band name and any harmonisation, as the other CSVs. */
const AREA_CSV_HEADER = ['scene_id', 'satellite', 'datetime', 'wrs_path', 'wrs_row', 'cloud_cover', 'band', 'band_label', 'unit', 'pixel_count', 'clear_count', 'count', 'mean', 'median', 'st_dev_population', 'min', 'max', 'mask', 'synthetic', 'sensor', 'sensor_band', 'harmonized'] as const;

export function areaCsvRows(answer: AreaResponse): (string | number | boolean | null)[][] {
  const rows: (string | number | boolean | null)[][] = [[...AREA_CSV_HEADER]];
  for (const e of answer.scenes) {
    for (const [id, s] of Object.entries(e.bands)) {
      const info = BAND_CATALOG[id as keyof typeof BAND_CATALOG];
      const sensor = isLandsatPlatform(e.scene.satellite) ? sensorOf(e.scene.satellite) : null;
      const sensorBand = sensor && isBandId(id) ? sensorBandName(id, sensor) : null;
      rows.push([e.scene.id, e.scene.satellite, e.scene.datetime, e.scene.wrsPath, e.scene.wrsRow, e.scene.cloudCover, id, info?.label ?? id, info?.unit ?? null, e.pixelCount, e.clearCount, s.count, ...[s.mean, s.median, s.stDev, s.min, s.max].map((v) => toPrecisionOf(info?.unit, v) ?? null), answer.mask, answer.synthetic, sensor, sensorBand, e.scene.harmonized ?? null]);
    }
  }
  return rows;
}
