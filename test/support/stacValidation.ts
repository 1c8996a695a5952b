import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from './fixturePaths.js';

/**
 * Validates a STAC document with stac-node-validator (ajv), offline. Its loader serves every schema the
 * validator asks for by URL from files in this repository and refuses any other URL, so no validation
 * ever fetches: test/stac-schemas/official/map.json maps the official STAC 1.1.0 Item schemas and the
 * official eo v2.0.0, file v2.1.0, processing v1.1.0, projection v2.0.0 and raster v2.0.0 extension
 * schemas and the PROJJSON v0.7 schema the projection schema refers to, stored verbatim (sources in its
 * README), to files; the GeoJSON schemas the Item and projection schemas refer to come from the
 * `geojson-schema` npm package (geojson/schema).
 */
const require = createRequire(import.meta.url);
const validate = require('stac-node-validator') as (data: unknown, config: object) => Promise<StacReport>;

export interface StacReport {
  valid: boolean;
  /** The schema URLs the validator asked the loader for during this validation (none is fetched). */
  served: string[];
  results: { core: { message?: string; instancePath?: string }[]; extensions: Record<string, { message?: string; instancePath?: string }[]> };
}

const OFFICIAL = path.join(REPO_ROOT, 'test/stac-schemas/official');
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;

/** The GeoJSON schemas the STAC Item schema refers to, as geojson.org publishes them (geojson/schema's npm package). */
const GEOJSON: Record<string, string> = {
  'https://geojson.org/schema/Feature.json': require.resolve('geojson-schema/Feature.json'),
  'https://geojson.org/schema/Geometry.json': require.resolve('geojson-schema/Geometry.json'),
};

/** Schema URL → file. */
const FILES = new Map<string, string>([
  ...Object.entries(readJson(path.join(OFFICIAL, 'map.json'))).map(([url, file]): [string, string] => [url, path.join(OFFICIAL, file)]),
  ...Object.entries(GEOJSON),
]);

/** The validator asks for `…/schema.json` and for refs resolved against a schema's `$id`, some with a `#`. */
const loaderRecording = (served: string[]) => async (uri: string): Promise<unknown> => {
  const url = uri.replace(/#$/, '');
  const file = FILES.get(url);
  if (!file) throw new Error(`no offline copy of ${uri}: add it to test/stac-schemas (tests never fetch)`);
  served.push(url);
  return JSON.parse(readFileSync(file, 'utf8'));
};

/** Every schema URL the loader can serve (all from official files). */
export const OFFICIAL_SCHEMA_URLS = [...Object.keys(readJson(path.join(OFFICIAL, 'map.json'))), ...Object.keys(GEOJSON)];

/**
 * JSON Schema (draft-07) patterns are ECMA-262 regular expressions; ajv compiles them in Unicode mode by
 * default, which refuses identity escapes such as `\:` that ECMA-262 allows. The official file v2.1.0
 * schema's `file:local_path` pattern has them (`[^\r\n\t\\:'\"/]`), so with the default the whole file
 * schema fails to compile ("Invalid escape") whatever the Item says. The validator's documented hook for
 * customising its ajv instance turns Unicode mode off, as the draft-07 regular expression dialect reads.
 */
const BaseValidator = require('stac-node-validator/src/baseValidator.js') as new () => { createAjv(ajv: unknown): Promise<unknown> };
class Ecma262Patterns extends BaseValidator {
  override async createAjv(ajv: unknown) {
    (ajv as { opts: { unicodeRegExp: boolean } }).opts.unicodeRegExp = false;
    return ajv;
  }
}

export async function validateStac(item: object): Promise<StacReport> {
  // A copy: the validator may add fields to what it is given.
  const served: string[] = [];
  const report = await validate(structuredClone(item), { loader: loaderRecording(served), customValidator: new Ecma262Patterns() });
  return { ...report, served };
}
