/**
 * The STAC Item (STAC 1.1.0) that describes one GeoTIFF export: where its pixels come from (the source
 * scene's id and STAC Item), its grid (projection extension v2), its bands with data type, nodata, unit,
 * scale and offset (STAC 1.1 `bands` with the raster v2 and eo v2 fields), the file's size and checksum
 * (file extension v2.1, a SHA2-256 multihash of the very bytes /api/export.tif sends), and what was done
 * (processing extension v1.1: software and version, the mask, the harmonisation). Built by hand: a plain
 * JSON document, no STAC library needed to write one.
 */
import { createHash } from 'node:crypto';
import proj4 from 'proj4';
import { BAND_CATALOG } from '../bands/bandCatalog.js';
import { sensorOf } from '../bands/missions.js';
import { maskToText, type ClearMask } from '../raster/clearPixel.js';
import { KELVIN_OFFSET, KELVIN_SCALE, REFLECTANCE_OFFSET, REFLECTANCE_SCALE } from '../raster/scaling.js';
import { projDefinitionForEpsg } from '../raster/sceneGrid.js';
import type { LandsatScene } from '../stac/landsatScene.js';
import type { ExportBandId, ExportedGeoTiff } from './exportGeoTiff.js';

export const STAC_EXTENSIONS = [
  'https://stac-extensions.github.io/projection/v2.0.0/schema.json',
  'https://stac-extensions.github.io/raster/v2.0.0/schema.json',
  'https://stac-extensions.github.io/eo/v2.0.0/schema.json',
  'https://stac-extensions.github.io/file/v2.1.0/schema.json',
  'https://stac-extensions.github.io/processing/v1.1.0/schema.json',
];

/** eo:common_name of each band (STAC eo extension's list). */
const COMMON_NAME: Partial<Record<ExportBandId, string>> = { B01: 'coastal', B02: 'blue', B03: 'green', B04: 'red', B05: 'nir08', B06: 'swir16', B07: 'swir22', B09: 'lwir11' };
const INSTRUMENTS = { TM: ['tm'], 'ETM+': ['etm+'], 'OLI/TIRS': ['oli', 'tirs'] } as const;

export interface ExportStacInput {
  scene: LandsatScene;
  file: ExportedGeoTiff;
  bands: ExportBandId[];
  format: 'dn' | 'reflectance';
  mask?: ClearMask;
  synthetic: boolean;
  /** Absolute URLs: the GeoTIFF (same query), this Item, and the source scene's STAC Item when the archive has one. */
  tiffUrl: string;
  selfUrl: string;
  sourceSceneStacUrl: string | null;
  software: { name: string; version: string };
}

/** SHA2-256 as a multihash in hex (code 0x12, length 0x20), as the file extension asks. */
export const sha256Multihash = (bytes: Uint8Array): string => `1220${createHash('sha256').update(bytes).digest('hex')}`;

export function exportStacItem(input: ExportStacInput) {
  const { scene, file, bands, format, mask } = input;
  const g = file.grid;
  const minX = g.originX;
  const maxX = g.originX + file.width * g.pixelSizeX;
  const maxY = g.originY;
  const minY = g.originY - file.height * g.pixelSizeY;
  const toLngLat = proj4(projDefinitionForEpsg(g.epsg), 'WGS84');
  // The grid's outline in WGS 84, densified (UTM edges bend in lon/lat), counter-clockwise (RFC 7946).
  const ring: [number, number][] = [];
  const steps = 8;
  const edge = (x0: number, y0: number, x1: number, y1: number) => {
    for (let i = 0; i < steps; i++) ring.push(round6(toLngLat.forward([x0 + ((x1 - x0) * i) / steps, y0 + ((y1 - y0) * i) / steps]) as [number, number]));
  };
  edge(minX, minY, maxX, minY);
  edge(maxX, minY, maxX, maxY);
  edge(maxX, maxY, minX, maxY);
  edge(minX, maxY, minX, minY);
  ring.push(ring[0]);
  const lons = ring.map((p) => p[0]);
  const lats = ring.map((p) => p[1]);
  const bandsMeta = bands.map((id) => {
    if (id === 'QA') {
      return { name: 'QA', description: 'QA_PIXEL: pixel quality bit flags (USGS Landsat Collection 2)', data_type: format === 'dn' ? 'uint16' : 'float32', nodata: format === 'dn' ? 0 : 'nan', 'raster:spatial_resolution': g.pixelSizeX };
    }
    const info = BAND_CATALOG[id];
    const kelvin = info.unit === 'kelvin';
    return {
      name: id,
      description: `${info.label} (${info.landsatBand}): ${kelvin ? 'surface temperature' : 'surface reflectance'}`,
      data_type: format === 'dn' ? 'uint16' : 'float32',
      nodata: format === 'dn' ? 0 : 'nan',
      // UDUNITS: kelvin "K"; reflectance is a ratio, "1".
      unit: kelvin ? 'K' : '1',
      ...(format === 'dn' ? { 'raster:scale': kelvin ? KELVIN_SCALE : REFLECTANCE_SCALE, 'raster:offset': kelvin ? KELVIN_OFFSET : REFLECTANCE_OFFSET } : {}),
      'raster:spatial_resolution': g.pixelSizeX,
      ...(COMMON_NAME[id] ? { 'eo:common_name': COMMON_NAME[id] } : {}),
      'eo:center_wavelength': info.centerWavelengthUm,
    };
  });
  const maskText = mask ? maskToText(mask) : null;
  const lineage = [
    `Window of Landsat Collection 2 Level-2 scene ${scene.id} (columns ${file.window[0]}-${file.window[2] - 1}, rows ${file.window[1]}-${file.window[3] - 1} of its grid), on the scene's own grid, not resampled.`,
    format === 'dn' ? 'Values: the archive DNs (apply raster:scale and raster:offset).' : 'Values: DNs converted to reflectance and kelvin with the USGS scale and offset; NaN where there is no value.',
    maskText ? `Pixels not clear under the mask (${maskText}; QA_PIXEL bits) and fill are nodata.` : 'No cloud mask applied; fill (not imaged) is nodata where QA_PIXEL was read.',
    'No harmonisation: values as archived for this sensor.',
  ].join(' ');
  return {
    type: 'Feature' as const,
    stac_version: '1.1.0' as const,
    stac_extensions: STAC_EXTENSIONS,
    id: file.fileName.replace(/\.tif$/, ''),
    geometry: { type: 'Polygon' as const, coordinates: [ring] },
    bbox: [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)],
    properties: {
      title: `${input.synthetic ? 'SYNTHETIC ' : ''}${scene.id} ${bands.join(',')} (${format})`,
      description: `${input.synthetic ? 'SYNTHETIC demo data computed by the server, not a real Landsat acquisition. ' : ''}${lineage}`,
      datetime: scene.datetime,
      platform: scene.satellite,
      constellation: 'landsat',
      instruments: [...INSTRUMENTS[sensorOf(scene.satellite)]],
      'eo:cloud_cover': scene.cloudCover,
      'proj:code': `EPSG:${g.epsg}`,
      'proj:shape': [file.height, file.width],
      'proj:transform': [g.pixelSizeX, 0, g.originX, 0, -g.pixelSizeY, g.originY],
      'proj:bbox': [minX, minY, maxX, maxY],
      'processing:level': format === 'dn' ? 'L2' : 'L2 (scaled to physical units)',
      'processing:lineage': lineage,
      'processing:software': { [input.software.name]: input.software.version },
      'landsat:scene_id': scene.id,
      'landsat:wrs_path': String(scene.wrsPath).padStart(3, '0'),
      'landsat:wrs_row': String(scene.wrsRow).padStart(3, '0'),
      'otf:mask': maskText,
      'otf:harmonization': null,
      'otf:synthetic': input.synthetic,
    },
    links: [
      { rel: 'self', href: input.selfUrl, type: 'application/geo+json' },
      ...(input.sourceSceneStacUrl ? [{ rel: 'derived_from', href: input.sourceSceneStacUrl, type: 'application/geo+json', title: `Source scene ${scene.id}` }] : []),
    ],
    assets: {
      data: {
        href: input.tiffUrl,
        type: 'image/tiff; application=geotiff; profile=cloud-optimized',
        title: file.fileName,
        roles: ['data'],
        'file:size': file.tiff.byteLength,
        'file:checksum': sha256Multihash(file.tiff),
        bands: bandsMeta,
      },
    },
  };
}

const round6 = ([x, y]: [number, number]): [number, number] => [Math.round(x * 1e6) / 1e6, Math.round(y * 1e6) / 1e6];

/** The source scene's STAC Item URL, for archives that publish Items at stable URLs (a STAC API); null otherwise (demo, local folders). */
export function sceneStacItemUrl(catalogName: string, planetaryComputerStacUrl: string, sceneId: string): string | null {
  const item = (root: string) => `${root.replace(/\/+$/, '')}/collections/landsat-c2-l2/items/${encodeURIComponent(sceneId)}`;
  if (catalogName === 'planetary-computer') return item(planetaryComputerStacUrl);
  if (catalogName.startsWith('stac:')) return item(catalogName.slice('stac:'.length));
  return null;
}
