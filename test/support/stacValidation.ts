import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from './fixturePaths.js';

/**
 * Validates a STAC document with stac-node-validator (ajv), offline: its loader is given the schemas in
 * test/stac-schemas (or STAC_SCHEMAS_DIR, a mirror of the official ones laid out as map.json says) and
 * refuses every other URL, so no validation ever fetches.
 */
const require = createRequire(import.meta.url);
const validate = require('stac-node-validator') as (data: unknown, config: object) => Promise<StacReport>;

export interface StacReport {
  valid: boolean;
  results: { core: { message?: string; instancePath?: string }[]; extensions: Record<string, { message?: string; instancePath?: string }[]> };
}

const BUNDLED = path.join(REPO_ROOT, 'test/stac-schemas');
const dir = process.env.STAC_SCHEMAS_DIR ?? BUNDLED;
const map = JSON.parse(readFileSync(path.join(BUNDLED, 'map.json'), 'utf8')) as Record<string, string>;

async function loader(uri: string): Promise<unknown> {
  const file = map[uri];
  if (!file) throw new Error(`no offline copy of ${uri}: add it to test/stac-schemas (tests never fetch)`);
  return JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
}

export async function validateStac(item: object): Promise<StacReport> {
  // A copy: the validator may add fields to what it is given.
  return validate(structuredClone(item), { loader });
}
