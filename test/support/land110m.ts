import { createRequire } from 'node:module';
import { feature } from 'topojson-client';

/**
 * Whether [lon, lat] lies on Natural Earth's 1:110m land (the world-atlas package), by the tests' own
 * ray casting: an independent check of the place search's label points, which scripts/naturalEarth*.mjs
 * place with the finer 1:50m land and their own code.
 */
export function onLand110m(): (lngLat: [number, number]) => boolean {
  const topology = createRequire(import.meta.url)('world-atlas/land-110m.json') as Parameters<typeof feature>[0];
  const land = feature(topology, topology.objects.land as Parameters<typeof feature>[1]) as unknown as { features: { geometry: { type: string; coordinates: number[][][] | number[][][][] } }[] };
  const polygons = land.features.flatMap((f) => (f.geometry.type === 'Polygon' ? [f.geometry.coordinates as number[][][]] : (f.geometry.coordinates as number[][][][])));
  return ([x, y]) =>
    polygons.some((rings) => {
      let inside = false;
      for (const ring of rings)
        for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
          const [xi, yi] = ring[i];
          const [xj, yj] = ring[j];
          if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
        }
      return inside;
    });
}
