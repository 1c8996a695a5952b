import { BAND_CATALOG, type ArchiveAssetKey, type BandId } from '../bands/bandCatalog.js';
import { sensorOf } from '../bands/missions.js';
import { sensorBand } from '../bands/sensorBands.js';
import { NoUsableBandError } from '../landsat/landsatService.js';
import type { BBox } from '../geo/lngLat.js';
import type { PolygonLngLat } from '../geo/geoJsonPolygons.js';
import { pixelCentresInside, polygonPixelWindow, projectPolygons } from '../geo/polygonOnGrid.js';
import { isClearPixel, isImaged, maskToText, type ClearMask } from '../raster/clearPixel.js';
import type { SceneGrid } from '../raster/sceneGrid.js';
import type { SceneReader } from '../raster/sceneReader.js';
import { KELVIN_OFFSET, KELVIN_SCALE, REFLECTANCE_OFFSET, REFLECTANCE_SCALE, dnToPhysical } from '../raster/scaling.js';
import type { LandsatScene } from '../stac/landsatScene.js';
import { writeCog, type CogBand } from './writeCog.js';

/** Most values (pixels x bands) one export writes: about 200 MB of float32, 100 MB of DN. */
export const EXPORT_MAX_VALUES = 50_000_000;

/** Band ids an export takes: the band catalogue's plus QA (the scene's QA_PIXEL). */
export type ExportBandId = BandId | 'QA';

/** A refusal the API sends as is: statusCode and code (413 too large, 400 outside the scene). */
export class ExportRefusedError extends Error {
  override readonly name = 'ExportRefusedError';
  constructor(
    message: string,
    readonly statusCode: number,
    readonly code: string,
  ) {
    super(message);
  }
}


export interface ExportRequest {
  scene: LandsatScene;
  bands: ExportBandId[];
  /** The seed's box or a polygon (WGS 84); one of them. */
  box?: BBox;
  polygons?: PolygonLngLat[];
  format: 'dn' | 'reflectance';
  /** When given, pixels not clear under it are no-data (0 in dn, NaN in reflectance). */
  mask?: ClearMask;
  synthetic: boolean;
  /** Most values (pixels x bands) written; default EXPORT_MAX_VALUES. */
  maxValues?: number;
}

export interface ExportedGeoTiff {
  tiff: Buffer;
  fileName: string;
  width: number;
  height: number;
  /** [col0, row0, col1, row1) of the grid of the level read. */
  window: [number, number, number, number];
  /** 0 = the full resolution; n = the n-th internal overview (the full resolution exceeded the cap). */
  overviewLevel: number;
  /** Ground size of one pixel along x, in the CRS's metres. */
  pixelSizeM: number;
  /** The written grid: CRS, upper-left corner and pixel size (for the STAC Item's proj fields). */
  grid: { epsg: number; originX: number; originY: number; pixelSizeX: number; pixelSizeY: number };
}

/** `30m`, `60m`, `448.3m`: a pixel size as written in file names, headers and metadata. */
function formatMetres(m: number): string {
  return `${Math.round(m * 10) / 10}m`;
}

/**
 * A window of one scene as a Cloud-Optimized GeoTIFF in the scene's own CRS and grid: the whole
 * source pixels the box or polygon touches, never resampled, one band per chosen id in order
 * (QA adds QA_PIXEL). `dn` keeps uint16 DNs with nodata 0 and each band's scale and offset in the
 * GDAL metadata; `reflectance` writes float32 physical values (reflectance, kelvin) with NaN for
 * what has no value, and no scale or offset (GDAL would otherwise apply them twice). A polygon's
 * window keeps only the pixels whose centre lies inside it (pixelCentresInside, as the area
 * statistics count them); the others are nodata in every band.
 */
export async function exportGeoTiff(req: ExportRequest, reader: SceneReader, signal?: AbortSignal): Promise<ExportedGeoTiff> {
  const { scene, bands, format, mask } = req;
  // Each band from the scene's own sensor's file (TM/ETM+ surface temperature is ST_B6, asset `lwir`;
  // OLI's is ST_B10, `lwir11`), named as that sensor names it; a band the sensor lacks is refused in words.
  const onSensor = (id: BandId) => {
    const found = sensorBand(id, sensorOf(scene.satellite));
    if ('missing' in found) throw new NoUsableBandError(`${found.missing} Leave ${id} out of the export.`);
    return found;
  };
  // "OLI Band 4", "TIRS Band 10", "TM Band 6": the sensor's own band number, as its file names it.
  const bandLabel = (id: BandId) => (sensorOf(scene.satellite) === 'OLI/TIRS' ? BAND_CATALOG[id].landsatBand : `${sensorOf(scene.satellite)} Band ${onSensor(id).fileBand.replace(/^S[RT]_B/, '')}`);
  const assetOf = (id: ExportBandId): ArchiveAssetKey => (id === 'QA' ? 'qa_pixel' : onSensor(id).asset);
  const needQa = format === 'reflectance' || mask !== undefined || bands.includes('QA');
  const assets = [...new Set([...bands.map(assetOf), ...(needQa ? (['qa_pixel'] as ArchiveAssetKey[]) : [])])];
  const maxValues = req.maxValues ?? EXPORT_MAX_VALUES;
  // With a polygon: which pixels of the window have their centre inside it (the area statistics' rule).
  let centreInside: Uint8Array | null = null;
  const read = await reader.readFullWindow(
    assets,
    (fullGrid, levelGrids) => {
      const windowOn = (grid: SceneGrid) => {
        const projected = req.polygons ? projectPolygons(grid, req.polygons) : null;
        return { projected, window: projected ? polygonPixelWindow(grid, projected) : grid.bboxToPixelWindow(req.box!) };
      };
      const full = windowOn(fullGrid);
      const [w, h] = [full.window[2] - full.window[0], full.window[3] - full.window[1]];
      if (w * h === 0) throw new ExportRefusedError(`The ${req.polygons ? 'geometry' : 'box'} lies outside scene ${scene.id}: no pixel of its grid is inside.`, 400, 'outside_scene');
      // The finest level whose window fits the cap: the full resolution when it does, else the first
      // internal overview small enough (GDAL reads the overview nearest the resolution asked; here the
      // resolution asked is the finest one the cap allows).
      for (let level = 0; level < levelGrids.length; level++) {
        const chosen = level === 0 ? full : windowOn(levelGrids[level]);
        const pixels = (chosen.window[2] - chosen.window[0]) * (chosen.window[3] - chosen.window[1]);
        if (pixels * bands.length > maxValues) continue;
        if (chosen.projected) centreInside = pixelCentresInside(levelGrids[level], chosen.projected, chosen.window);
        return { level, window: chosen.window };
      }
      const coarsest = levelGrids[levelGrids.length - 1];
      const coarsestWindow = windowOn(coarsest).window;
      const coarsestValues = (coarsestWindow[2] - coarsestWindow[0]) * (coarsestWindow[3] - coarsestWindow[1]) * bands.length;
      const hint =
        levelGrids.length > 1
          ? ` Even the coarsest internal overview (${formatMetres(coarsest.pixelSizeX)} pixels) would hold ${coarsestValues.toLocaleString('en')}.`
          : ' The file has no internal overview to read a coarser copy from.';
      throw new ExportRefusedError(
        `The export would hold ${(w * h * bands.length).toLocaleString('en')} values (${w} x ${h} pixels x ${bands.length} bands); at most ${maxValues.toLocaleString('en')} are written at once.${hint} Choose a smaller box or fewer bands.`,
        413,
        'export_too_large',
      );
    },
    signal,
  );
  const n = read.width * read.height;
  // (Assigned in the callback, which TypeScript's flow analysis does not see.)
  const polygonMask = centreInside as Uint8Array | null;
  const qa = read.dn.qa_pixel;
  // A pixel has no value when QA says it was not imaged (or QA is the file's nodata), or the mask hides it.
  // Outside the polygon (centre not inside) nothing is written: nodata in every band, QA included.
  const hidden = new Uint8Array(n);
  const outsidePolygon = new Uint8Array(n);
  if (polygonMask) {
    for (let i = 0; i < n; i++) if (!polygonMask[i]) outsidePolygon[i] = hidden[i] = 1;
  }
  if (qa) {
    for (let i = 0; i < n; i++) {
      const q = qa[i];
      const imaged = q !== 0 && isImaged(q);
      if (!imaged || (mask !== undefined && !isClearPixel(q, mask))) hidden[i] = 1;
    }
  }
  const cogBands: CogBand[] = bands.map((id) => {
    const asset = assetOf(id);
    const dn = read.dn[asset]!;
    const description = id === 'QA' ? 'QA QA_PIXEL (pixel quality bit flags)' : `${id} ${BAND_CATALOG[id].label} (${bandLabel(id)}, ${onSensor(id).fileBand})`;
    if (id === 'QA') {
      // Bit flags stay integers, fill (1) included: they say why the other bands have no value. Outside
      // a polygon the QA band holds the file's nodata (0 in dn, NaN in reflectance), which QA_PIXEL never
      // takes inside a scene, so GIS software masks it like the other bands and fill keeps meaning "not imaged".
      if (format === 'dn') return { data: polygonMask ? dn.map((v, i) => (outsidePolygon[i] ? 0 : v)) : dn, description, overviewResampling: 'nearest' };
      return { data: Float32Array.from(dn, (v, i) => (outsidePolygon[i] ? Number.NaN : v)), description, overviewResampling: 'nearest' };
    }
    if (format === 'dn') {
      const data = mask !== undefined || qa || polygonMask ? dn.map((v, i) => (hidden[i] ? 0 : v)) : dn;
      const kelvin = BAND_CATALOG[id].unit === 'kelvin';
      return { data, description, scale: kelvin ? KELVIN_SCALE : REFLECTANCE_SCALE, offset: kelvin ? KELVIN_OFFSET : REFLECTANCE_OFFSET, overviewResampling: 'average' };
    }
    const data = new Float32Array(n);
    for (let i = 0; i < n; i++) data[i] = hidden[i] ? Number.NaN : (dnToPhysical(asset, dn[i]) ?? Number.NaN);
    return { data, description, overviewResampling: 'average' };
  });
  const grid = read.grid;
  const [c0, r0] = read.window;
  const pixelSizeM = grid.pixelSizeX;
  const tiff = await writeCog({
    width: read.width,
    height: read.height,
    sampleType: format === 'dn' ? 'uint16' : 'float32',
    bands: cogBands,
    epsg: grid.epsg,
    originX: grid.originX + c0 * grid.pixelSizeX,
    originY: grid.originY - r0 * grid.pixelSizeY,
    pixelSizeX: grid.pixelSizeX,
    pixelSizeY: grid.pixelSizeY,
    nodata: format === 'dn' ? 0 : Number.NaN,
    metadata: {
      SCENE_ID: scene.id,
      SATELLITE: scene.satellite,
      ACQUISITION_DATETIME: scene.datetime,
      PRODUCT: format === 'dn' ? 'Landsat Collection 2 Level-2 DN (apply each band scale and offset)' : 'Landsat Collection 2 Level-2 reflectance / kelvin',
      SOURCE_WINDOW: `col ${read.window[0]}-${read.window[2] - 1}, row ${read.window[1]}-${read.window[3] - 1} of the scene grid${read.level > 0 ? ` at internal overview ${read.level}` : ''}`,
      PIXEL_SIZE_M: formatMetres(pixelSizeM),
      ...(read.level > 0 ? { RESOLUTION: `internal overview ${read.level} of the scene's COG (${formatMetres(pixelSizeM)} pixels, as the archive computed it), read because the full resolution exceeds ${maxValues.toLocaleString('en')} values` } : {}),
      ...(mask !== undefined ? { MASK: maskToText(mask) } : {}),
      ...(req.synthetic ? { SYNTHETIC: 'SYNTHETIC demo data, not a real Landsat acquisition' } : {}),
    },
  });
  const resolutionPart = read.level > 0 ? `_${formatMetres(pixelSizeM)}` : '';
  const written = { epsg: grid.epsg, originX: grid.originX + c0 * grid.pixelSizeX, originY: grid.originY - r0 * grid.pixelSizeY, pixelSizeX: grid.pixelSizeX, pixelSizeY: grid.pixelSizeY };
  return { tiff, fileName: `${scene.id}_${bands.join('-')}_${format}${resolutionPart}.tif`, width: read.width, height: read.height, window: read.window, overviewLevel: read.level, pixelSizeM, grid: written };
}
