import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGazetteer } from './gazetteer.js';
import { NATURAL_EARTH_ROWS } from './naturalEarthFeatures.js';
import { onLand110m } from '../../../test/support/land110m.js';

/**
 * The national parks copied from Natural Earth's ne_10m_parks_and_protected_lands_scale_rank into
 * scripts/naturalEarth: one line per piece of a unit's area, with the unit's code, name, type and
 * scalerank and the piece's bounding box as the GeoJSON gives it.
 */
interface ParkPiece {
  unit_code: string;
  unit_name: string;
  unit_type: string;
  scalerank: number;
  name: string;
  bbox: [number, number, number, number];
}
const file = path.resolve(import.meta.dirname, '../../../scripts/naturalEarth/ne_10m_parks_and_protected_lands_scale_rank.jsonl');
const pieces: ParkPiece[] = readFileSync(file, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l));

/** This test's own union of a unit's pieces of its lowest scalerank (its main area, not its islets). */
function unitBox(code: string): [number, number, number, number] {
  const all = pieces.filter((p) => p.unit_code === code);
  if (all.length === 0) throw new Error(`${code} is not in the extract`);
  const lowest = Math.min(...all.map((p) => p.scalerank));
  const main = all.filter((p) => p.scalerank === lowest);
  return [Math.min(...main.map((p) => p.bbox[0])), Math.min(...main.map((p) => p.bbox[1])), Math.max(...main.map((p) => p.bbox[2])), Math.max(...main.map((p) => p.bbox[3]))];
}

const onLand = onLand110m();

describe("national parks of the United States from Natural Earth's parks layer", () => {
  const gazetteer = createGazetteer();

  // query (the names the hand-written entries had), the unit's code in the file, the name the search gives.
  it.each([
    ['Yellowstone', 'YELL', 'Yellowstone National Park'],
    ['Yellowstone National Park', 'YELL', 'Yellowstone National Park'],
    ['Yosemite', 'YOSE', 'Yosemite National Park'],
    ['Yosemite National Park', 'YOSE', 'Yosemite National Park'],
    ['Grand Canyon', 'GRCA', 'Grand Canyon National Park'],
    ['Grand Canyon National Park', 'GRCA', 'Grand Canyon National Park'],
    ['Zion', 'ZION', 'Zion National Park'],
    ['Zion National Park', 'ZION', 'Zion National Park'],
    ['Glacier National Park', 'GLAC', 'Glacier National Park'],
    ['Everglades', 'EVER', 'Everglades National Park'],
    ['Everglades National Park', 'EVER', 'Everglades National Park'],
  ])("%s finds the file's unit %s first, on land inside its box", (query, code, name) => {
    const [first] = gazetteer.search(query);
    expect(first).toMatchObject({ name, kind: 'national park', source: 'Natural Earth', country: 'United States', population: 0 });
    const [west, south, east, north] = unitBox(code);
    expect(first.lon).toBeGreaterThanOrEqual(west);
    expect(first.lon).toBeLessThanOrEqual(east);
    expect(first.lat).toBeGreaterThanOrEqual(south);
    expect(first.lat).toBeLessThanOrEqual(north);
    // Each of these boxes' centres lies on land (Natural Earth's 1:110m land, this test's own ray
    // casting): the point is that centre, to the 0.01° the table keeps.
    const [cLon, cLat] = [(west + east) / 2, (south + north) / 2];
    expect(onLand([cLon, cLat]), `${code}'s box centre on land`).toBe(true);
    expect(first.lat).toBeCloseTo(cLat, 2);
    expect(first.lon).toBeCloseTo(cLon, 2);
  });

  it('holds every national park unit of the extract once, with the lowest scalerank of its pieces', () => {
    const codes = [...new Set(pieces.map((p) => p.unit_code))];
    expect(codes).toHaveLength(38);
    for (const code of codes) {
      const [piece] = pieces.filter((p) => p.unit_code === code);
      expect(['National Park', 'National Park and Preserve']).toContain(piece.unit_type);
      const rows = NATURAL_EARTH_ROWS.filter((r) => r[0] === `${piece.name} ${piece.unit_type}`);
      expect(rows, code).toHaveLength(1);
      expect(rows[0][3], code).toBe(Math.min(...pieces.filter((p) => p.unit_code === code).map((p) => p.scalerank)));
      expect(rows[0][8], code).toBe('US');
    }
  });

  it('finds the peak before the park named after it, and the park too', () => {
    const denali = gazetteer.search('Denali');
    expect(denali[0]).toMatchObject({ name: 'Denali', kind: 'mountain' });
    expect(denali.some((p) => p.name === 'Denali National Park and Preserve' && p.kind === 'national park')).toBe(true);
    expect(gazetteer.search('Mount Rainier')[0]).toMatchObject({ name: 'Mount Rainier', kind: 'mountain' });
    expect(gazetteer.search('Mount Rainier National Park')[0]).toMatchObject({ name: 'Mount Rainier National Park', kind: 'national park' });
  });

  it('keeps the parks outside the United States hand-written, found first', () => {
    expect(gazetteer.search('Serengeti')[0]).toMatchObject({ name: 'Serengeti National Park', country: 'Tanzania', source: 'hand-written' });
    expect(gazetteer.search('Kruger')[0]).toMatchObject({ name: 'Kruger National Park', source: 'hand-written' });
    expect(gazetteer.search('Banff')[0]).toMatchObject({ name: 'Banff National Park', source: 'hand-written' });
  });
});
