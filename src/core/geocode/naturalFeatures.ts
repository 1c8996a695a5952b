import { FEATURE_WEIGHT, NAMED_FEATURES, NATURAL_EARTH_ADDITIONS, type NamedFeature } from './namedFeatures.js';
import { NATURAL_EARTH_ROWS } from './naturalEarthFeatures.js';

/** Where a natural feature of the place index comes from (cities come from GeoNames). */
export type FeatureSource = 'Natural Earth' | 'hand-written';

/**
 * A Natural Earth feature's ranking weight, compared with cities' populations when two places match a
 * query equally well (see gazetteer.ts), from its scalerank: Natural Earth ranks what a map shows first
 * (0: on a world map) to last (about 10), by size and renown, as it ranks its populated places. A step of
 * scalerank is a factor of √10: scalerank 0 weighs like a city of 31.6 million, 1 like 10 million,
 * 3 (Mont Blanc) like 1 million, 5 like 100,000. So "Mont Blanc" finds the mountain before a village of
 * that name, and a town of 50,000 named like a scalerank-6 peak keeps its place.
 */
export function scalerankWeight(scalerank: number): number {
  return Math.round(10 ** (7.5 - scalerank / 2));
}

/** Natural Earth's features (with the names and countries added by hand) and then the hand-written ones. */
export function naturalFeatures(): (NamedFeature & { source: FeatureSource })[] {
  const fromNaturalEarth = NATURAL_EARTH_ROWS.map(([name, altNames, kind, scalerank, , , lat, lon, nearestTownCountry]) => {
    const named = NATURAL_EARTH_ADDITIONS[name];
    // An addition with a place is for the feature of that name near it only (Mount Olympus in Greece).
    const added = named?.near && Math.hypot(named.near[0] - lat, named.near[1] - lon) > 1 ? undefined : named;
    return {
      name,
      altNames: [altNames, added?.altNames].filter(Boolean).join(','),
      kind,
      // A country given by hand wins ('' for a waterfall on a border) over the nearest town's (capes, islands).
      country: added ? added.country : nearestTownCountry,
      lat,
      lon,
      // A summit that replaced a hand-written entry keeps that entry's weight (NaturalEarthAddition.weight).
      weight: Math.max(scalerankWeight(scalerank), added?.weight ?? 0),
      source: 'Natural Earth' as const,
    };
  });
  return [...fromNaturalEarth, ...NAMED_FEATURES.map((f) => ({ ...f, weight: f.weight ?? FEATURE_WEIGHT, source: 'hand-written' as const }))];
}
