import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { foldName } from './buildGazetteerIndex.js';
import { NAMED_FEATURES, NATURAL_EARTH_ADDITIONS } from './namedFeatures.js';
import { NATURAL_EARTH_ROWS } from './naturalEarthFeatures.js';
import { naturalFeatures, scalerankWeight } from './naturalFeatures.js';

const root = path.resolve(import.meta.dirname, '../../..');
const extracts = path.join(root, 'scripts/naturalEarth');

describe('the Natural Earth table (naturalEarthFeatures.ts)', () => {
  it('is what scripts/naturalEarthFeatures.mjs makes from the committed extracts', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ne-table-'));
    try {
      const out = path.join(dir, 'table.ts');
      execFileSync(process.execPath, [path.join(root, 'scripts/naturalEarthFeatures.mjs'), extracts, out], { stdio: 'pipe' });
      expect(readFileSync(out, 'utf8')).toBe(readFileSync(path.join(import.meta.dirname, 'naturalEarthFeatures.ts'), 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('holds every named feature of the extracts once, but the misplaced second Lake Onega', () => {
    const lines = (file: string) =>
      readFileSync(path.join(extracts, file), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { name: string | null });
    const named = [...lines('ne_50m_geography_regions_elevation_points.jsonl'), ...lines('ne_110m_lakes.jsonl')].filter((f) => f.name);
    expect(NATURAL_EARTH_ROWS.length).toBe(named.length - 1);
    expect(NATURAL_EARTH_ROWS.filter((r) => r[0] === 'Lake Onega')).toHaveLength(1);
  });

  it('gives every name added by hand to a feature Natural Earth has', () => {
    const names = new Set(NATURAL_EARTH_ROWS.map((r) => r[0]));
    for (const name of Object.keys(NATURAL_EARTH_ADDITIONS)) expect(names, name).toContain(name);
  });

  it('leaves in the hand-written list no feature Natural Earth gives (same name within 3°)', () => {
    for (const f of NAMED_FEATURES) {
      const names = [f.name, ...f.altNames.split(',')].filter(Boolean).map(foldName);
      const twin = NATURAL_EARTH_ROWS.find((r) => [r[0], ...r[1].split(',')].filter(Boolean).some((n) => names.includes(foldName(n))) && Math.hypot(r[6] - f.lat, r[7] - f.lon) < 3);
      expect(twin, `${f.name} is in Natural Earth as ${twin?.[0]}`).toBeUndefined();
    }
  });

  it('weighs a feature by its scalerank as a population: smaller rank, heavier', () => {
    expect(scalerankWeight(0)).toBe(31_622_777);
    expect(scalerankWeight(1)).toBe(10_000_000);
    expect(scalerankWeight(3)).toBe(1_000_000);
    const features = naturalFeatures();
    expect(features.find((f) => f.name === 'Mount Everest')).toMatchObject({ source: 'Natural Earth', weight: 10_000_000, country: '' });
    expect(features.find((f) => f.name === 'Sahara')).toMatchObject({ source: 'hand-written', weight: 2_000_000 });
  });
});
