import { feature } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';

let cached: Promise<GeoJSON.FeatureCollection> | undefined;

/**
 * Natural Earth 1:110m countries (world-atlas), bundled with the page so that land still shows when
 * the tile server cannot be reached. Loaded as a separate chunk to keep it out of the initial JS.
 */
export function loadWorldOutline(): Promise<GeoJSON.FeatureCollection> {
  cached ??= import('world-atlas/countries-110m.json').then((module) => {
    const topology = (module.default ?? module) as unknown as Topology<{ countries: GeometryCollection }>;
    return feature(topology, topology.objects.countries) as GeoJSON.FeatureCollection;
  });
  return cached;
}
