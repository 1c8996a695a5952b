import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGazetteer } from './gazetteer.js';
import { FEATURE_WEIGHT } from './namedFeatures.js';
import { NATURAL_EARTH_ROWS } from './naturalEarthFeatures.js';
import { naturalFeatures } from './naturalFeatures.js';
import { pointInRing } from '../geo/pointInRing.js';

/**
 * The lakes of Natural Earth's ne_50m_lakes copied into scripts/naturalEarth (13 features, of the 33 pages
 * of the layer, all read): the lakes that were hand-written entries before (Lake Geneva, Lake Constance,
 * the Dead Sea ...) come from it now and are still found first by the names those entries had.
 */
interface LakeLine {
  ne_id: number;
  name: string;
  name_en: string;
  name_alt: string | null;
  featurecla: string;
  scalerank: number;
  min_zoom: number;
  bbox: [number, number, number, number];
  ring: [number, number][];
  holes?: [number, number][][];
}
const file = path.resolve(import.meta.dirname, '../../../scripts/naturalEarth/ne_50m_lakes.jsonl');
const extract: LakeLine[] = readFileSync(file, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l));

describe("lakes from Natural Earth's ne_50m_lakes", () => {
  const gazetteer = createGazetteer();

  it('holds the 13 lakes copied, in the order of the GeoJSON, each ring within its bounding box', () => {
    expect(extract.map((f) => f.name)).toEqual([
      'Lake Chad',
      'Great Salt Lake',
      'Issyk-Kul',
      'Lake Tahoe',
      'Lake Turkana',
      'Tonlé Sap',
      'Dead Sea',
      'Lake Geneva',
      'Lake Van',
      'Lake Balaton',
      'Lake Kariba',
      'Bodensee',
      'Lake Volta',
    ]);
    for (const f of extract) {
      // The GeoJSON's box of each feature is the box of its outer ring, to the digit: the ring was copied whole.
      const xs = f.ring.map((p) => p[0]);
      const ys = f.ring.map((p) => p[1]);
      expect([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)], f.name).toEqual(f.bbox);
      expect(f.ring[0], `${f.name}: a closed ring`).toEqual(f.ring.at(-1));
    }
  });

  // query (a name the hand-written entry had), the name the search gives, and from the GeoJSON as read:
  // the feature's `name`, ne_id, featurecla, scalerank and bbox [west, south, east, north].
  it.each([
    ['Lake Chad', 'Lake Chad', 'Lake Chad', 1159113219, 'Lake', 0, [14.258887, 12.876758, 14.742773, 13.238721]],
    ['Lac Tchad', 'Lake Chad', 'Lake Chad', 1159113219, 'Lake', 0, [14.258887, 12.876758, 14.742773, 13.238721]],
    ['Great Salt Lake', 'Great Salt Lake', 'Great Salt Lake', 1159126421, 'Alkaline Lake', 1, [-113.014355, 40.698877, -111.951123, 41.666992]],
    ['Issyk-Kul', 'Issyk-Kul', 'Issyk-Kul', 1159126655, 'Alkaline Lake', 2, [76.21543, 42.168164, 78.302637, 42.73374]],
    ['Ysyk Köl', 'Issyk-Kul', 'Issyk-Kul', 1159126655, 'Alkaline Lake', 2, [76.21543, 42.168164, 78.302637, 42.73374]],
    ['Lake Tahoe', 'Lake Tahoe', 'Lake Tahoe', 1159106907, 'Lake', 3, [-120.13916, 38.945264, -119.918359, 39.253955]],
    ['Lake Rudolf', 'Lake Turkana', 'Lake Turkana', 1159126669, 'Alkaline Lake', 3, [35.847266, 2.405176, 36.69668, 4.653906]],
    ['Tonle Sap', 'Tonlé Sap', 'Tonlé Sap', 1159113439, 'Lake', 3, [103.699121, 12.426367, 104.590527, 13.249902]],
    ['Dead Sea', 'Dead Sea', 'Dead Sea', 1159126747, 'Alkaline Lake', 3, [35.402148, 31.325391, 35.585352, 31.765527]],
    ['Lake Geneva', 'Lake Geneva', 'Lake Geneva', 1159114143, 'Lake', 4, [6.133301, 46.20459, 6.873633, 46.528809]],
    ['Lac Léman', 'Lake Geneva', 'Lake Geneva', 1159114143, 'Lake', 4, [6.133301, 46.20459, 6.873633, 46.528809]],
    ['Genfersee', 'Lake Geneva', 'Lake Geneva', 1159114143, 'Lake', 4, [6.133301, 46.20459, 6.873633, 46.528809]],
    ['Van Gölü', 'Lake Van', 'Lake Van', 1159126829, 'Alkaline Lake', 4, [42.353125, 38.326074, 43.610742, 38.987842]],
    ['Balaton', 'Lake Balaton', 'Lake Balaton', 1159114609, 'Lake', 5, [17.269336, 46.721289, 18.163672, 47.054688]],
    ['Kariba', 'Lake Kariba', 'Lake Kariba', 1159125055, 'Reservoir', 5, [27.018359, -17.963477, 28.987598, -16.494922]],
    ['Lake Constance', 'Lake Constance', 'Bodensee', 1159114259, 'Lake', 5, [9.113184, 47.506396, 9.730664, 47.782178]],
    ['Bodensee', 'Lake Constance', 'Bodensee', 1159114259, 'Lake', 5, [9.113184, 47.506396, 9.730664, 47.782178]],
    ['Volta Lake', 'Lake Volta', 'Lake Volta', 1159125149, 'Reservoir', 5, [-1.71499, 6.338184, 0.320117, 9.116602]],
  ] as const)('%s finds %s first, on the water of the file\'s "%s"', (query, found, name, neId, featurecla, scalerank, bbox) => {
    const line = extract.find((f) => f.name === name);
    expect(line, name).toMatchObject({ ne_id: neId, featurecla, scalerank, bbox });
    const [first] = gazetteer.search(query);
    expect(first).toMatchObject({ name: found, kind: 'lake', source: 'Natural Earth', population: 0 });
    // The label point is on the lake: inside its outer ring and outside its holes (Lake Volta's island).
    const point: [number, number] = [first.lon, first.lat];
    expect(pointInRing(point, line!.ring), `${name}: in the ring`).toBe(true);
    for (const hole of line!.holes ?? []) expect(pointInRing(point, hole), `${name}: not in a hole`).toBe(false);
  });

  it('gives the replaced entries their country and their weight', () => {
    const features = naturalFeatures();
    expect(features.find((f) => f.name === 'Lake Van')).toMatchObject({ country: 'TR', weight: FEATURE_WEIGHT });
    expect(features.find((f) => f.name === 'Lake Constance')).toMatchObject({ country: '', altNames: 'Bodensee', weight: FEATURE_WEIGHT });
    expect(features.find((f) => f.name === 'Lake Geneva')).toMatchObject({ altNames: 'Lac Léman,Lac de Genève,Genfersee' });
    // Natural Earth's 'Reservoir' class is a lake to the search.
    expect(NATURAL_EARTH_ROWS.find((r) => r[0] === 'Lake Kariba')?.slice(0, 5)).toEqual(['Lake Kariba', '', 'lake', 5, 4.7]);
  });

  it('puts the lake before the town of its name that the hand-written list ranked after it', () => {
    expect(gazetteer.search('Lake Geneva').map((r) => [r.kind, r.country]).slice(0, 2)).toEqual([
      ['lake', ''],
      ['city', 'United States'],
    ]);
    expect(gazetteer.search('Kariba').map((r) => r.kind).slice(0, 2)).toEqual(['lake', 'city']);
  });

  it('keeps the lake the layer lacks and no other layer read has hand-written, found first', () => {
    // Lake Como, Lake Eyre and Lake Garda, not in this layer either, now come from ne_10m_lakes_europe,
    // ne_50m_playas (naturalEarthPlayasLakesEurope.test.ts) and ne_10m_lakes (naturalEarthLakes10m.test.ts).
    expect(gazetteer.search('Lake Garda')[0]).toMatchObject({ name: 'Lake Garda', kind: 'lake', source: 'Natural Earth' });
    expect(gazetteer.search('Lake Maggiore')[0]).toMatchObject({ name: 'Lake Maggiore', kind: 'lake', source: 'hand-written' });
  });
});
