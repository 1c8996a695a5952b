/**
 * Land and water of the whole Earth for the synthetic demo archive, from the bundled Natural Earth
 * 1:10m land polygons (`world-atlas/land-10m.json`, public domain: https://www.naturalearthdata.com/).
 *
 * Rasterized lazily, one 1 x 1 degree cell at a time at 1/256 degree (~430 m), with an even-odd
 * scanline fill over the polygon edges that cross each row (edges are bucketed by latitude, so a
 * row only looks at the few thousand edges near it): a scene touches a dozen cells, each a few
 * milliseconds, instead of a point-in-polygon test per pixel. Pixels between cell samples use
 * bilinear interpolation, which gives a land fraction the synthesizer perturbs with noise into a
 * natural-looking 30 m coastline.
 *
 * Hand-written rather than a library: the scanline fill is ~60 lines, and the libraries that
 * rasterize GeoJSON (e.g. GDAL bindings) are native and far heavier than this needs.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { Topology, GeometryObject } from 'topojson-specification';

export const LAND_CELL_PX = 256;
/** Latitude bands of the edge index: a scanline tests only the edges of its band (1/32 degree: 8 rows). */
const BAND_DEG = 1 / 32;
const BANDS = Math.round(180 / BAND_DEG);

interface EdgeIndex {
  /** Per latitude band, flat [x1, y1, x2, y2, ...] of the edges spanning it. */
  bands: Float64Array[];
}

let edgeIndex: EdgeIndex | null = null;
const cells = new Map<number, Uint8Array>();
const MAX_CELLS = 256; // 256 x 64 KB = 16 MB at most; a scene touches ~10-40 cells, and a cell is a few ms to redo

/** Loads and indexes the polygons (~0.5 s, once per process), so that the first request need not. */
export function preloadLandMask(): void {
  loadEdgeIndex();
}

function loadEdgeIndex(): EdgeIndex {
  if (edgeIndex) return edgeIndex;
  // Read and parsed here, not `require`d: require's cache would keep the parsed topology (~300,000 small
  // arrays, ~25 MB of V8 heap in each thread that builds the index) for the life of the process, while
  // only the edge index below is needed once built (heap snapshot under the 3-minute mixed soak).
  const file = createRequire(import.meta.url).resolve('world-atlas/land-10m.json');
  const topology = JSON.parse(readFileSync(file, 'utf8')) as Topology<{ land: GeometryObject }>;
  const land = feature(topology, topology.objects.land) as unknown as GeoJSON.FeatureCollection<GeoJSON.Polygon | GeoJSON.MultiPolygon>;
  const lists: number[][] = Array.from({ length: BANDS }, () => []);
  for (const f of land.features) {
    const polygons = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
    for (const polygon of polygons) {
      for (const ring of polygon) {
        for (let i = 0; i < ring.length; i++) {
          const a = ring[i];
          const b = ring[(i + 1) % ring.length];
          if (a[1] === b[1]) continue; // horizontal edges never cross a scanline
          const lo = Math.max(0, Math.floor((Math.min(a[1], b[1]) + 90) / BAND_DEG));
          const hi = Math.min(BANDS - 1, Math.floor((Math.max(a[1], b[1]) + 90) / BAND_DEG));
          for (let k = lo; k <= hi; k++) lists[k].push(a[0], a[1], b[0], b[1]);
        }
      }
    }
  }
  edgeIndex = { bands: lists.map((l) => Float64Array.from(l)) };
  return edgeIndex;
}

/** The 256 x 256 land samples (255 land, 0 water) of the cell whose south-west corner is (lon0, lat0), rows north to south. */
export function landCell(lon0: number, lat0: number): Uint8Array {
  const key = (lat0 + 90) * 360 + (lon0 + 180);
  let cell = cells.get(key);
  if (cell) {
    // Refresh recency (Map keeps insertion order: the first key is the least recently used).
    cells.delete(key);
    cells.set(key, cell);
    return cell;
  }
  cell = rasterizeCell(lon0, lat0);
  cells.set(key, cell);
  if (cells.size > MAX_CELLS) cells.delete(cells.keys().next().value!);
  return cell;
}

function rasterizeCell(lon0: number, lat0: number): Uint8Array {
  const { bands } = loadEdgeIndex();
  const n = LAND_CELL_PX;
  const out = new Uint8Array(n * n);
  const xs: number[] = [];
  for (let r = 0; r < n; r++) {
    const lat = lat0 + 1 - (r + 0.5) / n;
    const band = bands[Math.min(BANDS - 1, Math.max(0, Math.floor((lat + 90) / BAND_DEG)))];
    xs.length = 0;
    let parityWest = 0;
    for (let i = 0; i < band.length; i += 4) {
      const y1 = band[i + 1];
      const y2 = band[i + 3];
      if (y1 > lat === y2 > lat) continue;
      const x = band[i] + ((lat - y1) / (y2 - y1)) * (band[i + 2] - band[i]);
      if (x < lon0) parityWest ^= 1;
      else if (x < lon0 + 1) xs.push(x);
    }
    xs.sort((a, b) => a - b);
    let inside = parityWest === 1;
    let k = 0;
    const row = r * n;
    for (let c = 0; c < n; c++) {
      const lon = lon0 + (c + 0.5) / n;
      while (k < xs.length && xs[k] < lon) {
        inside = !inside;
        k++;
      }
      if (inside) out[row + c] = 255;
    }
  }
  return out;
}

/**
 * Land fraction (0..1) at a point, bilinear between the 1/256 degree samples. Longitudes are wrapped
 * into [-180, 180); latitudes beyond the polygons' reach (north of 85, south of -85) clamp.
 */
export function landFraction(lon: number, lat: number): number {
  const n = LAND_CELL_PX;
  const lonW = ((((lon + 180) % 360) + 360) % 360) - 180;
  const latC = Math.max(-89.99, Math.min(89.99, lat));
  // Sample grid coordinates: sample (i, j) sits at lon -180 + (i + 0.5)/n, lat 90 - (j + 0.5)/n.
  const gx = (lonW + 180) * n - 0.5;
  const gy = (90 - latC) * n - 0.5;
  const i0 = Math.floor(gx);
  const j0 = Math.floor(gy);
  const fx = gx - i0;
  const fy = gy - j0;
  const v00 = sample(i0, j0);
  const v10 = sample(i0 + 1, j0);
  const v01 = sample(i0, j0 + 1);
  const v11 = sample(i0 + 1, j0 + 1);
  return ((v00 * (1 - fx) + v10 * fx) * (1 - fy) + (v01 * (1 - fx) + v11 * fx) * fy) / 255;
}

const SAMPLES_AROUND = 360 * LAND_CELL_PX;
let lastKey = -1;
let lastCell: Uint8Array | null = null;

function sample(i: number, j: number): number {
  const ii = ((i % SAMPLES_AROUND) + SAMPLES_AROUND) % SAMPLES_AROUND;
  const jj = Math.max(0, Math.min(180 * LAND_CELL_PX - 1, j));
  const cx = Math.floor(ii / LAND_CELL_PX);
  const cy = Math.floor(jj / LAND_CELL_PX);
  const key = cy * 360 + cx;
  if (key !== lastKey) {
    lastCell = landCell(cx - 180, 89 - cy);
    lastKey = key;
  }
  return lastCell![(jj - cy * LAND_CELL_PX) * LAND_CELL_PX + (ii - cx * LAND_CELL_PX)];
}
