import { feature, mesh } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import { fixAntimeridianFeatures, fixAntimeridianLines } from './antimeridian.js';

/** Natural Earth scales bundled through world-atlas: 1:110m (~108 KB) and 1:50m (~756 KB). */
export type OutlineScale = '110m' | '50m';

export interface WorldOutline {
  /** Country polygons: the land fill. */
  countries: GeoJSON.FeatureCollection;
  /** Borders between countries, each drawn once (a mesh of shared arcs). */
  borders: GeoJSON.MultiLineString;
}

const cached = new Map<OutlineScale, Promise<WorldOutline>>();

// Literal import() calls so the bundler makes one chunk per scale, fetched only when first drawn.
const importers: Record<OutlineScale, () => Promise<{ default: unknown }>> = {
  '110m': () => import('world-atlas/countries-110m.json'),
  '50m': () => import('world-atlas/countries-50m.json'),
};

/**
 * Natural Earth countries (world-atlas), bundled with the page so that land, coasts and borders still
 * show when the tile server cannot be reached. Each scale is a separate chunk loaded on first use.
 */
export function loadWorldOutline(scale: OutlineScale = '110m'): Promise<WorldOutline> {
  let promise = cached.get(scale);
  if (!promise) {
    promise = importers[scale]().then((module) => {
      const topology = (module.default ?? module) as unknown as Topology<{ countries: GeometryCollection }>;
      return {
        countries: fixAntimeridianFeatures(feature(topology, topology.objects.countries) as GeoJSON.FeatureCollection),
        borders: fixAntimeridianLines(mesh(topology, topology.objects.countries, (a, b) => a !== b)),
      };
    });
    promise.catch(() => cached.delete(scale)); // a failed chunk load may succeed later
    cached.set(scale, promise);
  }
  return promise;
}

/** The finer scale from zoom 4 on, where 1:110m coasts visibly stray from the land. */
export function outlineScaleForZoom(zoom: number): OutlineScale {
  return zoom >= 4 ? '50m' : '110m';
}
