import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGazetteer } from './gazetteer.js';
import { NATURAL_EARTH_ROWS } from './naturalEarthFeatures.js';
import { onLand110m } from '../../../test/support/land110m.js';

/**
 * Natural Earth's ne_110m_geography_regions_polys as copied into scripts/naturalEarth (name, English name,
 * class, scalerank and the GeoJSON's bounding box of each feature, in the layer's order).
 */
interface RegionLine {
  name: string;
  name_en: string;
  featurecla: string;
  scalerank: number;
  bbox: [number, number, number, number];
}
const file = path.resolve(import.meta.dirname, '../../../scripts/naturalEarth/ne_110m_geography_regions_polys.jsonl');
const extract: RegionLine[] = readFileSync(file, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l));

/** The kind each class of the layer becomes in the search (this test's own table; Continent is not one). */
const KIND_OF_CLASS: Record<string, string> = {
  'Range/mtn': 'mountain range',
  Desert: 'desert',
  Plain: 'plain',
  Plateau: 'plateau',
  Basin: 'basin',
  'Pen/cape': 'peninsula',
  Peninsula: 'peninsula',
  Isthmus: 'isthmus',
  Tundra: 'region',
  Geoarea: 'region',
  Island: 'island',
  'Island group': 'island',
};

const onLand = onLand110m();

const line = (name: string) => {
  const found = extract.find((f) => f.name === name);
  if (!found) throw new Error(`${name} is not in the extract`);
  return found;
};
const centre = ({ bbox: [west, south, east, north] }: RegionLine): [number, number] => [(west + east) / 2, (south + north) / 2];

describe("deserts, ranges, plains, plateaus, basins and peninsulas from Natural Earth's ne_110m_geography_regions_polys", () => {
  const gazetteer = createGazetteer();

  // query, the feature's `name` in the file; the search gives its English name, the kind of its class
  // and, the box's centre lying on land, that centre to 0.01°.
  it.each([
    ['Sahara', 'SAHARA'],
    ['Gobi', 'GOBI DESERT'],
    ['Great Plains', 'GREAT PLAINS'],
    ['Tibetan Plateau', 'PLATEAU OF TIBET'],
    ['Plateau of Tibet', 'PLATEAU OF TIBET'],
    ['Amazon basin', 'AMAZON BASIN'],
    ['Congo Basin', 'CONGO BASIN'],
    ['Alps', 'ALPS'],
    ['Himalaya', 'HIMALAYAS'],
    ['Rockies', 'ROCKY MOUNTAINS'],
    ['Arabian Peninsula', 'ARABIAN PENINSULA'],
    ['Iberian Peninsula', 'PENÍNSULA IBÉRICA'],
    ['Scandinavia', 'SCANDINAVIA'],
    ['Siberia', 'SIBERIA'],
    ['Kazakh Steppe', 'KAZAKH STEPPE'],
  ])("%s finds the file's %s first, at its box's centre", (query, name) => {
    const f = line(name);
    const [lon, lat] = centre(f);
    expect(onLand([lon, lat]), `${name}'s box centre on land`).toBe(true);
    const [first] = gazetteer.search(query);
    expect(first).toMatchObject({ name: f.name_en, kind: KIND_OF_CLASS[f.featurecla], source: 'Natural Earth', population: 0 });
    expect(first.lat).toBeCloseTo(lat, 2);
    expect(first.lon).toBeCloseTo(lon, 2);
  });

  it("puts the Andes on land in the file's box when the box's centre lies in the Pacific", () => {
    const andes = line('ANDES');
    const [cLon, cLat] = centre(andes);
    expect(onLand([cLon, cLat])).toBe(false);
    const [first] = gazetteer.search('Andes');
    expect(first).toMatchObject({ name: 'Andes', kind: 'mountain range', source: 'Natural Earth' });
    const [west, south, east, north] = andes.bbox;
    expect(first.lon).toBeGreaterThanOrEqual(west);
    expect(first.lon).toBeLessThanOrEqual(east);
    expect(first.lat).toBeGreaterThanOrEqual(south);
    expect(first.lat).toBeLessThanOrEqual(north);
    expect(onLand([first.lon, first.lat])).toBe(true);
    // Moved no farther than the coast it stands on: within 3° of the centre.
    expect(Math.hypot(first.lon - cLon, first.lat - cLat)).toBeLessThan(3);
  });

  it('keeps what the layer lacks hand-written, and the city most people mean first', () => {
    expect(gazetteer.search('Kalahari')[0]).toMatchObject({ name: 'Kalahari Desert', kind: 'desert', source: 'hand-written' });
    expect(gazetteer.search('Po valley')[0]).toMatchObject({ name: 'Po Valley', kind: 'valley', source: 'hand-written' });
    expect(gazetteer.search('Serengeti')[0]).toMatchObject({ kind: 'national park', source: 'hand-written' });
    expect(gazetteer.search('Cologne')[0]).toMatchObject({ name: 'Köln', kind: 'city', country: 'Germany' });
  });

  it('holds every named feature of the layer once, but the continents, the boxes of half the world, and the repeated names', () => {
    // A name met twice in one class is one feature over both boxes (the layer splits the Canadian Shield
    // and the Transantarctic Mountains in two).
    const merged = new Map<string, RegionLine>();
    for (const f of extract) {
      const key = `${f.name}|${f.featurecla}`;
      const first = merged.get(key);
      if (!first) merged.set(key, { ...f, bbox: [...f.bbox] });
      else first.bbox = [Math.min(first.bbox[0], f.bbox[0]), Math.min(first.bbox[1], f.bbox[1]), Math.max(first.bbox[2], f.bbox[2]), Math.max(first.bbox[3], f.bbox[3])];
    }
    expect(extract.length - merged.size).toBe(2);
    expect(extract.filter((f) => f.featurecla === 'Continent')).toHaveLength(7);
    const wide = [...merged.values()].filter((f) => f.featurecla !== 'Continent' && f.bbox[2] - f.bbox[0] >= 179.99).map((f) => f.name_en);
    expect(wide.sort()).toEqual(['Alaska', 'East Antarctica', 'Kiribati', 'Melanesia', 'Antarctic Plateau', 'Polynesia', 'Transantarctic Mountains', 'West Antarctica'].sort());
    const kept = [...merged.values()].filter((f) => f.featurecla !== 'Continent' && !wide.includes(f.name_en));
    expect(kept).toHaveLength(43);
    for (const f of kept) {
      const rows = NATURAL_EARTH_ROWS.filter((r) => r[0] === f.name_en && r[2] === KIND_OF_CLASS[f.featurecla]);
      expect(rows, f.name).toHaveLength(1);
      const [, , , scalerank, , , lat, lon] = rows[0];
      expect(scalerank, f.name).toBe(f.scalerank);
      const [west, south, east, north] = f.bbox;
      expect(lon, f.name).toBeGreaterThanOrEqual(west - 0.005);
      expect(lon, f.name).toBeLessThanOrEqual(east + 0.005);
      expect(lat, f.name).toBeGreaterThanOrEqual(south - 0.005);
      expect(lat, f.name).toBeLessThanOrEqual(north + 0.005);
      // Where the box's centre lies on land the point is that centre; islands too small for the 1:110m
      // land are not checked here (the script searches Natural Earth's 1:50m land).
      const [cLon, cLat] = centre(f);
      if (onLand([cLon, cLat])) {
        expect(lat, f.name).toBeCloseTo(cLat, 2);
        expect(lon, f.name).toBeCloseTo(cLon, 2);
      } else if (KIND_OF_CLASS[f.featurecla] !== 'island') {
        expect(onLand([lon, lat]), `${f.name} at ${lat}, ${lon}`).toBe(true);
      }
    }
    for (const name of wide) expect(NATURAL_EARTH_ROWS.some((r) => r[0] === name)).toBe(false);
  });
});
