import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { foldName } from './buildGazetteerIndex.js';
import { NAMED_FEATURES, NATURAL_EARTH_ADDITIONS } from './namedFeatures.js';
import { NATURAL_EARTH_ROWS } from './naturalEarthFeatures.js';
import { naturalFeatures, scalerankWeight } from './naturalFeatures.js';
import { onLand110m } from '../../../test/support/land110m.js';

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

  const lines = (file: string) =>
    readFileSync(path.join(extracts, file), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { name: string | null; featurecla: string; coordinates?: [number, number] });

  it('holds every named feature of the extracts once, but the copies and the poles', () => {
    const named = [
      ...lines('ne_50m_geography_regions_elevation_points.jsonl'),
      ...lines('ne_110m_lakes.jsonl'),
      ...lines('ne_50m_lakes.jsonl'),
      ...lines('ne_50m_playas.jsonl'),
      ...lines('ne_10m_lakes_europe.jsonl'),
      ...lines('ne_10m_lakes.jsonl'),
      ...lines('ne_10m_geography_regions_points.jsonl'),
      ...lines('ne_110m_geography_marine_polys.jsonl'),
      ...lines('ne_50m_geography_marine_polys.jsonl'),
      ...lines('ne_110m_geography_regions_polys.jsonl'),
    ].filter((f) => f.name);
    // The parks layer's lines are the pieces of a unit's area: one feature per unit_code.
    const parkPieces = lines('ne_10m_parks_and_protected_lands_scale_rank.jsonl') as unknown as { unit_code: string }[];
    const parkUnits = new Set(parkPieces.map((p) => p.unit_code)).size;
    expect(parkUnits).toBe(38);
    const poles = lines('ne_10m_geography_regions_points.jsonl').filter((f) => f.featurecla === 'pole');
    expect(poles).toHaveLength(3);
    const oceans = lines('ne_110m_geography_marine_polys.jsonl').filter((f) => f.featurecla === 'ocean');
    expect(oceans).toHaveLength(7);
    const regions = lines('ne_110m_geography_regions_polys.jsonl') as unknown as { name: string; featurecla: string; bbox: [number, number, number, number] }[];
    const continents = regions.filter((f) => f.featurecla === 'Continent');
    expect(continents).toHaveLength(7);
    // The regions layer's features whose box spans 180° of longitude or more (they cross the antimeridian,
    // or are half of Antarctica), a name counted once: Melanesia, Polynesia, Kiribati, Alaska, East and
    // West Antarctica, the Antarctic Plateau and the Transantarctic Mountains (whose two boxes together span 360°).
    const wideNames = new Set(regions.filter((f) => f.featurecla !== 'Continent' && f.bbox[2] - f.bbox[0] >= 179.99).map((f) => f.name));
    expect(wideNames.size).toBe(7);
    const wide = wideNames.size + 1;
    // Names the regions layer gives twice in one class (the Canadian Shield, the Transantarctic Mountains): one feature each.
    const repeated = regions.length - new Set(regions.map((f) => `${f.name}|${f.featurecla}`)).size;
    expect(repeated).toBe(2);
    // The 1:10m peaks layer: its features at a point of the 1:50m layer (every 1:50m peak, pass and
    // depression again, the same coordinates in both files) are not counted twice; its research stations
    // ('plateau') and its one 'cape' (Cape Colbeck, "elevation" 4069 m) are no peaks.
    const peaks50m = lines('ne_50m_geography_regions_elevation_points.jsonl');
    const peaks10m = lines('ne_10m_geography_regions_elevation_points.jsonl').filter((f) => f.name);
    const samePoint = (a: [number, number], b: [number, number]) => a[0] === b[0] && a[1] === b[1];
    const again = peaks10m.filter((f) => peaks50m.some((g) => samePoint(g.coordinates as [number, number], f.coordinates as [number, number]))).length;
    expect(again).toBe(peaks50m.filter((f) => f.name).length);
    const notPeaks = peaks10m.filter((f) => f.featurecla === 'plateau' || f.featurecla === 'cape').length;
    expect(notPeaks).toBe(6);
    // Less the misplaced second Lake Onega, the second Cape Lopatka and Île Amsterdam (copies), the poles,
    // the oceans, the Ross Sea (its bounding box spans all longitudes), and of the regions layer the
    // continents, the boxes of half the world and the repeated names.
    expect(NATURAL_EARTH_ROWS.length).toBe(named.length + peaks10m.length - again - notPeaks + parkUnits - 1 - 2 - poles.length - oceans.length - 1 - continents.length - wide - repeated);
    expect(NATURAL_EARTH_ROWS.some((r) => r[0] === 'Ross Sea')).toBe(false);
    expect(NATURAL_EARTH_ROWS.filter((r) => r[0] === 'Lake Onega')).toHaveLength(1);
    expect(NATURAL_EARTH_ROWS.filter((r) => r[0] === 'Cape Lopatka')).toHaveLength(1);
    expect(NATURAL_EARTH_ROWS.filter((r) => r[0] === 'Île Amsterdam')).toHaveLength(1);
    // Two capes that share a name are two features, not a copy.
    expect(NATURAL_EARTH_ROWS.filter((r) => r[0] === 'Cape York').map((r) => r[8]).sort()).toEqual(['', 'AU']);
  });

  it("keeps every point of the regions layer as the file gives it (6 decimals), with the kind of its class", () => {
    const kindOf: Record<string, string> = { cape: 'cape', island: 'island', 'island group': 'island', waterfall: 'waterfall', plain: 'plain' };
    const extract = lines('ne_10m_geography_regions_points.jsonl') as { name: string; name_en: string | null; featurecla: string; coordinates: [number, number] }[];
    // The copies the script leaves out, by name and latitude as the file gives them.
    const copies = [
      ['Cape Lopatka', 71.907782],
      ['Île Amsterdam', -38.720147],
    ];
    for (const f of extract.filter((e) => kindOf[e.featurecla])) {
      const row = NATURAL_EARTH_ROWS.find((r) => r[0] === (f.name_en ?? f.name) && r[6] === f.coordinates[1] && r[7] === f.coordinates[0]);
      if (copies.some(([name, lat]) => name === f.name && lat === f.coordinates[1])) {
        expect(row, `${f.name} copy`).toBeUndefined();
        continue;
      }
      expect(row, f.name).toBeDefined();
      expect(row?.[2]).toBe(kindOf[f.featurecla]);
    }
  });

  it("puts each sea, gulf, bay and channel inside the file's bounding box, on water in Natural Earth's 1:110m land", () => {
    // An independent check of the script's label points: the coarser land of world-atlas/land-110m (the
    // script searches 1:50m) and this test's own ray casting.
    const onLand = onLand110m();
    type MarineLine = { name: string; name_en: string; featurecla: string; bbox: [number, number, number, number] };
    const marine = lines('ne_110m_geography_marine_polys.jsonl') as unknown as MarineLine[];
    const marine50m = lines('ne_50m_geography_marine_polys.jsonl') as unknown as MarineLine[];
    expect(marine50m).toHaveLength(12);
    const kept = [...marine.filter((f) => f.featurecla !== 'ocean' && f.name !== 'Ross Sea'), ...marine50m];
    expect(kept).toHaveLength(21 + 12);
    for (const f of kept) {
      const row = NATURAL_EARTH_ROWS.find((r) => r[0] === f.name_en);
      expect(row, f.name).toBeDefined();
      const [west, south, east, north] = f.bbox;
      const [lat, lon] = [row?.[6] ?? NaN, row?.[7] ?? NaN];
      expect(row?.[2]).toBe(f.featurecla);
      expect(lon, f.name).toBeGreaterThanOrEqual(west - 0.005);
      expect(lon, f.name).toBeLessThanOrEqual(east + 0.005);
      expect(lat, f.name).toBeGreaterThanOrEqual(south - 0.005);
      expect(lat, f.name).toBeLessThanOrEqual(north + 0.005);
      expect(onLand([lon, lat]), `${f.name} at ${lat}, ${lon}`).toBe(false);
    }
  });

  it('gives every name added by hand to a feature Natural Earth has', () => {
    const names = new Set(NATURAL_EARTH_ROWS.map((r) => r[0]));
    for (const name of Object.keys(NATURAL_EARTH_ADDITIONS)) expect(names, name).toContain(name);
  });

  it('leaves in the hand-written list no feature Natural Earth gives (same name and kind within 3°, 6° for a sea, 20° for a region)', () => {
    // A sea's point is its middle, written by hand or taken from a bounding box: two points of one sea
    // can lie farther apart than a peak's (the Sea of Okhotsk's were 4.5° apart). A desert's, range's or
    // plain's from ne_110m_geography_regions_polys is its box's centre: the Andes' box is 67° tall.
    const marine = new Set(['sea', 'gulf', 'bay', 'channel']);
    const regional = new Set(['mountain range', 'desert', 'plain', 'plateau', 'basin', 'peninsula', 'isthmus', 'region', 'forest', 'valley', 'delta']);
    for (const f of NAMED_FEATURES) {
      const names = [f.name, ...f.altNames.split(',')].filter(Boolean).map(foldName);
      const reach = (r: (typeof NATURAL_EARTH_ROWS)[number]) => (marine.has(f.kind) && marine.has(r[2]) ? 6 : regional.has(f.kind) && regional.has(r[2]) ? 20 : 3);
      // A peak and the park named after it are two features (Mount Rainier and its national park).
      const sameKind = (r: (typeof NATURAL_EARTH_ROWS)[number]) => r[2] === f.kind || (marine.has(f.kind) && marine.has(r[2])) || (regional.has(f.kind) && regional.has(r[2]));
      const near = (r: (typeof NATURAL_EARTH_ROWS)[number]) => sameKind(r) && Math.hypot(r[6] - f.lat, r[7] - f.lon) < reach(r);
      const twin = NATURAL_EARTH_ROWS.find((r) => [r[0], ...r[1].split(',')].filter(Boolean).some((n) => names.includes(foldName(n))) && near(r));
      expect(twin, `${f.name} is in Natural Earth as ${twin?.[0]}`).toBeUndefined();
    }
  });

  it('weighs a feature by its scalerank as a population: smaller rank, heavier', () => {
    expect(scalerankWeight(0)).toBe(31_622_777);
    expect(scalerankWeight(1)).toBe(10_000_000);
    expect(scalerankWeight(3)).toBe(1_000_000);
    const features = naturalFeatures();
    expect(features.find((f) => f.name === 'Mount Everest')).toMatchObject({ source: 'Natural Earth', weight: 10_000_000, country: '' });
    expect(features.find((f) => f.name === 'Sahara')).toMatchObject({ source: 'Natural Earth', weight: 10_000_000, kind: 'desert' });
    expect(features.find((f) => f.name === 'Kalahari Desert')).toMatchObject({ source: 'hand-written', weight: 2_000_000 });
  });
});
