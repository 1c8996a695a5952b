import type { BandId } from '../bands/bandCatalog.js';
import type { QaFlags } from '../raster/qaFlags.js';
import { DEFAULT_MASK, isClearPixel, type ClearMask } from '../raster/clearPixel.js';
import { qaWords } from '../raster/qaWords.js';

/**
 * Spectral indices and surface temperature of one pixel from Landsat 8/9 Level-2 values
 * (surface reflectance of OLI bands; B09 here is TIRS band 10's surface temperature, kelvin).
 * Formulas as USGS gives them for Landsat 8-9 surface reflectance
 * (https://www.usgs.gov/landsat-missions/landsat-surface-reflectance-derived-spectral-indices);
 * the original papers are named per index.
 */
export const INDEX_IDS = ['ndvi', 'evi', 'ndwi', 'nbr', 'ndsi', 'surfaceTemperatureC'] as const;
export type IndexId = (typeof INDEX_IDS)[number];

export interface IndexInfo {
  label: string;
  bands: BandId[];
  formula: string;
  reference: string;
  unit: 'ratio' | '°C';
}

export const INDEX_INFO: Record<IndexId, IndexInfo> = {
  ndvi: { label: 'NDVI', bands: ['B04', 'B05'], unit: 'ratio', formula: '(B05 − B04) / (B05 + B04)', reference: 'Rouse et al. 1974, NASA SP-351' },
  evi: {
    label: 'EVI',
    bands: ['B02', 'B04', 'B05'],
    unit: 'ratio',
    formula: '2.5 × (B05 − B04) / (B05 + 6 × B04 − 7.5 × B02 + 1)',
    reference: 'Huete et al. 2002, Remote Sensing of Environment 83:195-213',
  },
  ndwi: { label: 'NDWI', bands: ['B03', 'B05'], unit: 'ratio', formula: '(B03 − B05) / (B03 + B05)', reference: 'McFeeters 1996, Int. J. Remote Sensing 17:1425-1432' },
  nbr: { label: 'NBR', bands: ['B05', 'B07'], unit: 'ratio', formula: '(B05 − B07) / (B05 + B07)', reference: 'Key & Benson 2006, USDA Forest Service RMRS-GTR-164-CD' },
  ndsi: { label: 'NDSI', bands: ['B03', 'B06'], unit: 'ratio', formula: '(B03 − B06) / (B03 + B06)', reference: 'Hall et al. 1995, Remote Sensing of Environment 54:127-140' },
  surfaceTemperatureC: {
    label: 'Surface temperature',
    bands: ['B09'],
    unit: '°C',
    formula: 'ST_B10 kelvin − 273.15',
    reference: 'USGS Landsat Collection 2 Level-2 surface temperature (ST_B10), LSDS-1619',
  },
};

/** Every band some index needs: what to request to get them all. */
export const INDEX_BANDS: BandId[] = ['B02', 'B03', 'B04', 'B05', 'B06', 'B07', 'B09'];

export type BandValues = Partial<Record<BandId, number | null | undefined>>;
export type IndexValues = Record<IndexId, number | null>;

const normalizedDifference = (a: number | null | undefined, b: number | null | undefined): number | null => {
  if (a === null || a === undefined || b === null || b === undefined) return null;
  const sum = a + b;
  return sum === 0 ? null : (a - b) / sum;
};

/** The indices of one pixel; null where a band is missing or the formula is undefined (zero denominator). */
export function computeIndices(v: BandValues): IndexValues {
  const { B02: blue, B04: red, B05: nir, B09: kelvin } = v;
  let evi: number | null = null;
  if (blue != null && red != null && nir != null) {
    const denominator = nir + 6 * red - 7.5 * blue + 1;
    evi = denominator === 0 ? null : (2.5 * (nir - red)) / denominator;
  }
  return {
    ndvi: normalizedDifference(nir, red),
    evi,
    ndwi: normalizedDifference(v.B03, nir),
    nbr: normalizedDifference(nir, v.B07),
    ndsi: normalizedDifference(v.B03, v.B06),
    surfaceTemperatureC: kelvin == null ? null : kelvin - 273.15,
  };
}

/** Indices the given bands cannot make, each with the bands it lacks in words. */
export function unavailableIndices(bands: readonly string[]): Partial<Record<IndexId, string>> {
  const have = new Set(bands);
  const out: Partial<Record<IndexId, string>> = {};
  for (const id of INDEX_IDS) {
    const missing = INDEX_INFO[id].bands.filter((b) => !have.has(b));
    if (missing.length > 0) out[id] = `${INDEX_INFO[id].label} needs ${missing.join(' and ')}, which ${missing.length === 1 ? 'is' : 'are'} not among the bands read`;
  }
  return out;
}

/** The parts of an /api/pixel scene the indices read (server and page types both satisfy it). */
export interface IndexSceneInput {
  id: string;
  satellite: string;
  datetime: string;
  bands: Record<string, { values: (number | null)[][] }>;
  qa: { values: (number | null)[][]; flags: (QaFlags | null)[][] };
  /** The server's verdict under the request's mask (/api/pixel `clear`); computed from `qa.values` when absent. */
  clear?: (boolean | null)[][];
}

export interface PixelIndices {
  /** False for fill or anything the mask names (default cloud, dilated cloud, cirrus, shadow): then every index is null. */
  clear: boolean;
  qa: string[];
  indices: IndexValues;
}

const NO_INDICES: IndexValues = { ndvi: null, evi: null, ndwi: null, nbr: null, ndsi: null, surfaceTemperatureC: null };

/** The indices of the pixel at (row, col) of a scene's 3 x 3 grid, from a clear pixel only. */
export function pixelIndices(scene: IndexSceneInput, row = 1, col = 1, mask: ClearMask = DEFAULT_MASK): PixelIndices {
  const flags = scene.qa.flags[row]?.[col] ?? null;
  const clear = isClearAt(scene, row, col, mask);
  if (!clear) return { clear, qa: qaWords(flags), indices: { ...NO_INDICES } };
  const values: BandValues = {};
  for (const [band, b] of Object.entries(scene.bands)) values[band as BandId] = b.values[row]?.[col] ?? null;
  return { clear, qa: qaWords(flags), indices: computeIndices(values) };
}

/** Clear under the mask at (row, col): the answer's own `clear` when it carries one, else the rule on the QA value. */
export function isClearAt(scene: Pick<IndexSceneInput, 'qa' | 'clear'>, row: number, col: number, mask: ClearMask = DEFAULT_MASK): boolean {
  if (scene.clear) return scene.clear[row]?.[col] === true;
  const qa = scene.qa.values[row]?.[col];
  return qa !== null && qa !== undefined && isClearPixel(qa, mask);
}

export interface IndexSeriesPoint extends PixelIndices {
  sceneId: string;
  satellite: string;
  datetime: string;
}

/** The target pixel's indices in every scene, in the scenes' order, and which indices the bands cannot make. */
export function indexSeries(response: { scenes: IndexSceneInput[] }, mask: ClearMask = DEFAULT_MASK): { points: IndexSeriesPoint[]; unavailable: Partial<Record<IndexId, string>> } {
  const bandsRead = new Set(response.scenes.flatMap((s) => Object.keys(s.bands)));
  return {
    points: response.scenes.map((scene) => ({ sceneId: scene.id, satellite: scene.satellite, datetime: scene.datetime, ...pixelIndices(scene, 1, 1, mask) })),
    // Without scenes there is nothing to say about bands.
    unavailable: response.scenes.length > 0 ? unavailableIndices([...bandsRead]) : {},
  };
}
