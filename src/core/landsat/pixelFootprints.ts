import { readFile } from 'node:fs/promises';
import { LRUCache } from 'lru-cache';
import type { SceneGrid } from '../raster/sceneGrid.js';
import type { LandsatScene } from '../stac/landsatScene.js';

export interface GeoJsonPolygon {
  type: 'Polygon';
  /** One closed ring of [lon, lat], counter-clockwise (RFC 7946): upper-left, lower-left, lower-right, upper-right, upper-left. */
  coordinates: [number, number][][];
}

/**
 * The (2r+1) x (2r+1) pixels around (col, row) as WGS 84 polygons from the scene grid's own pixel
 * corners (projected corners taken back to lon/lat), rows north to south like /api/pixel's values.
 * Edges are straight between the projected corners' lon/lat: at 30 m the curvature is far below a millimetre.
 */
export function pixelFootprints(grid: SceneGrid, pixel: { col: number; row: number }, radius = 1): GeoJsonPolygon[][] {
  const corner = (col: number, row: number) => {
    const [lon, lat] = grid.projectedToLngLat([grid.originX + col * grid.pixelSizeX, grid.originY - row * grid.pixelSizeY]);
    return [lon, lat] as [number, number];
  };
  const rows: GeoJsonPolygon[][] = [];
  for (let r = pixel.row - radius; r <= pixel.row + radius; r++) {
    const line: GeoJsonPolygon[] = [];
    for (let c = pixel.col - radius; c <= pixel.col + radius; c++) {
      const ul = corner(c, r);
      line.push({ type: 'Polygon', coordinates: [[ul, corner(c, r + 1), corner(c + 1, r + 1), corner(c + 1, r), ul]] });
    }
    rows.push(line);
  }
  return rows;
}

const rmseCache = new LRUCache<string, { value: number | null }>({ max: 2000 });

/**
 * The scene's geolocation accuracy in metres: the item's own property when it has one, else
 * GEOMETRIC_RMSE_MODEL of its MTL JSON when that file is local (local and demo archives). A remote
 * MTL is not fetched (one more request per scene of a series): null then.
 */
export async function geometricRmseM(scene: LandsatScene): Promise<number | null> {
  if (typeof scene.geometricRmseM === 'number') return scene.geometricRmseM;
  const href = scene.metadataHref;
  if (!href || /^[a-z][a-z0-9+.-]*:\/\//i.test(href)) return null;
  const hit = rmseCache.get(href);
  if (hit) return hit.value;
  let value: number | null = null;
  try {
    const mtl = JSON.parse(await readFile(href, 'utf8')) as { LANDSAT_METADATA_FILE?: { LEVEL1_PROCESSING_RECORD?: { GEOMETRIC_RMSE_MODEL?: unknown } } };
    const raw = Number(mtl.LANDSAT_METADATA_FILE?.LEVEL1_PROCESSING_RECORD?.GEOMETRIC_RMSE_MODEL);
    value = Number.isFinite(raw) ? raw : null;
  } catch {
    value = null; // An unreadable MTL leaves the accuracy unknown; the pixel values are still good.
  }
  rmseCache.set(href, { value });
  return value;
}
