import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDependencies, spdxAllowed } from '../scripts/checkLicenses.mjs';
import { REPO_ROOT } from './support/fixturePaths.js';

const manifest = { engines: { node: '^20.19.0 || >=22.12.0' } };
const lockOf = (packages: Record<string, object>) => ({ packages: { '': {}, ...packages } });

describe('scripts/checkLicenses.mjs (run by npm test)', () => {
  it('reads SPDX expressions: OR needs one allowed licence, AND needs all', () => {
    expect(spdxAllowed('MIT')).toBe(true);
    expect(spdxAllowed('(MIT OR GPL-3.0)')).toBe(true);
    expect(spdxAllowed('MIT AND GPL-3.0')).toBe(false);
    expect(spdxAllowed('(MIT AND Zlib)')).toBe(true);
    expect(spdxAllowed('GPL-3.0')).toBe(false);
    expect(spdxAllowed('AGPL-3.0-only')).toBe(false);
    expect(spdxAllowed('LGPL-2.1')).toBe(false);
    expect(spdxAllowed('SSPL-1.0')).toBe(false);
    expect(spdxAllowed('Hippocratic-2.1')).toBe(false);
    expect(spdxAllowed('SEE LICENSE IN LICENSE.md')).toBe(false);
    expect(spdxAllowed('(MIT')).toBe(false);
  });

  it('names every runtime package with a refused or missing licence or a Node.js it does not run on, and skips dev packages', () => {
    const problems = checkDependencies({
      manifest,
      nvmrc: '20.20',
      lock: lockOf({
        'node_modules/country-state-city': { version: '3.2.1', license: 'GPL-3.0' },
        'node_modules/react-leaflet': { version: '5.0.0', license: 'Hippocratic-2.1' },
        'node_modules/mystery': { version: '1.0.0' },
        'node_modules/cookie': { version: '2.0.2', license: 'MIT', engines: { node: '>=22' } },
        'node_modules/leaflet': { version: '1.9.4', license: 'BSD-2-Clause' },
        'node_modules/gpl-test-tool': { version: '1.0.0', license: 'GPL-2.0', dev: true },
      }),
    });
    expect(problems).toEqual([
      'country-state-city@3.2.1: licence "GPL-3.0" is not on the allow list',
      'react-leaflet@5.0.0: licence "Hippocratic-2.1" is not on the allow list',
      'mystery@1.0.0: no licence declared (read it and add an override in scripts/checkLicenses.mjs)',
      'cookie@2.0.2: needs Node.js >=22, the project runs on 20.20.0 (.nvmrc / lowest engines.node)',
      'cookie@2.0.2: needs Node.js >=22, the project runs on 20.19.0 (.nvmrc / lowest engines.node)',
    ]);
  });

  it('refuses an .nvmrc outside engines', () => {
    expect(checkDependencies({ manifest, nvmrc: '18', lock: lockOf({}) })).toEqual(['.nvmrc (18) is outside package.json engines.node (^20.19.0 || >=22.12.0)']);
  });

  it("passes on this repository's own lockfile", () => {
    const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
    expect(checkDependencies({ lock: JSON.parse(read('package-lock.json')), manifest: JSON.parse(read('package.json')), nvmrc: read('.nvmrc').trim() })).toEqual([]);
  });
});
