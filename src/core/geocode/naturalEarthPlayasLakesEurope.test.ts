import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGazetteer } from './gazetteer.js';
import { FEATURE_WEIGHT, NAMED_FEATURES } from './namedFeatures.js';
import { NATURAL_EARTH_ROWS } from './naturalEarthFeatures.js';
import { naturalFeatures, scalerankWeight } from './naturalFeatures.js';
import { outerRingsExtent } from '../geo/geoJsonPolygons.js';
import { pointInRing } from '../geo/pointInRing.js';

/**
 * Lake Eyre from Natural Earth's ne_50m_playas (the two features the layer splits it into, Lake Eyre North
 * and Lake Eyre South) and Lago di Como from ne_10m_lakes_europe, both read from
 * martynafford/natural-earth-geojson at commit 240f64768025994be9dcfc6941fa3ff9a2739d8f (all 4 pages of the
 * playas layer, all 64 of the European lakes: scripts/naturalEarth/README.md). They replace the hand-written
 * Lake Eyre and Lake Como; Lake Garda and Lake Maggiore are in neither layer (Garda comes from ne_10m_lakes
 * since: naturalEarthLakes10m.test.ts; Maggiore stays hand-written).
 * The expected values below are copied from the GeoJSON pages as read (the page offsets in the comments).
 */
type Point = [number, number];
interface PlayaLine {
  name: string;
  name_alt: string | null;
  featurecla: string;
  scalerank: number;
  ring: Point[];
}
interface EuropeLakeLine {
  id: number;
  objectid: number;
  name: string;
  featurecla: string;
  scalerank: number;
  ring: Point[];
}
const read = <T>(file: string): T[] =>
  readFileSync(path.resolve(import.meta.dirname, '../../../scripts/naturalEarth', file), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);
const playas = read<PlayaLine>('ne_50m_playas.jsonl');
const europeLakes = read<EuropeLakeLine>('ne_10m_lakes_europe.jsonl');

describe("Lake Eyre from Natural Earth's ne_50m_playas and Lago di Como from ne_10m_lakes_europe", () => {
  const gazetteer = createGazetteer();

  it('holds the features as the GeoJSON pages give them, in the layer order, each ring closed', () => {
    // The properties as the file writes them: Lake Eyre South on the page at offset 16,000, Lake Eyre North
    // on the page at 48,000 (the layer is in the order of its scalerank, 5 first).
    expect(playas.map(({ ring: _ring, ...properties }) => properties)).toEqual([
      { name: 'Lake Eyre South', name_alt: null, featurecla: 'Playa', scalerank: 5 },
      { name: 'Lake Eyre North', name_alt: null, featurecla: 'Playa', scalerank: 1 },
    ]);
    // Lago di Como on the page at offset 480,000 of ne_10m_lakes_europe ("id": 135053.0).
    expect(europeLakes.map(({ ring: _ring, ...properties }) => properties)).toEqual([{ id: 135053, objectid: 82985, name: 'Lago di Como', featurecla: 'Lake', scalerank: 10 }]);

    // Number of points, first point and the vertices that bound each ring, copied from the pages.
    const [south, north] = playas;
    const [como] = europeLakes;
    expect(south.ring).toHaveLength(17);
    expect(south.ring[0]).toEqual([137.6605692892972, -29.348234144815372]);
    expect(outerRingsExtent([[south.ring]])).toEqual([137.11057702041478, -29.467761732706471, 137.720100539297448, -29.130573012002003]);
    expect(north.ring).toHaveLength(48);
    expect(north.ring[0]).toEqual([137.914093866121164, -29.099722181923752]);
    expect(outerRingsExtent([[north.ring]])).toEqual([136.784550409085398, -29.099722181923752, 138.01419111547051, -27.858505954705244]);
    expect(como.ring).toHaveLength(76);
    expect(como.ring[0]).toEqual([9.129161003521233, 45.882330633587827]);
    expect(outerRingsExtent([[como.ring]])).toEqual([9.067515495708733, 45.819342352337827, 9.412852409771233, 46.174994207806577]);
    for (const f of [...playas, ...europeLakes]) expect(f.ring.at(-1), `${f.name}: a closed ring`).toEqual(f.ring[0]);
  });

  // query, the name the search gives, its country, and the line of the extract whose ring holds the point.
  it.each([
    ['Lake Eyre', 'Lake Eyre North', 'Australia', 'Lake Eyre North'],
    ['Kati Thanda', 'Lake Eyre North', 'Australia', 'Lake Eyre North'],
    ['Lake Eyre North', 'Lake Eyre North', 'Australia', 'Lake Eyre North'],
    ['Lake Eyre South', 'Lake Eyre South', 'Australia', 'Lake Eyre South'],
    ['Lake Como', 'Lago di Como', 'Italy', 'Lago di Como'],
    ['Lago di Como', 'Lago di Como', 'Italy', 'Lago di Como'],
    ['Lario', 'Lago di Como', 'Italy', 'Lago di Como'],
  ] as const)('%s finds Natural Earth\'s %s first, on the water of its ring', (query, found, country, lineName) => {
    const [first] = gazetteer.search(query);
    expect(first).toMatchObject({ name: found, kind: 'lake', country, source: 'Natural Earth', population: 0 });
    const line = [...playas, ...europeLakes].find((f) => f.name === lineName);
    expect(pointInRing([first.lon, first.lat], line!.ring), `${found} at ${first.lat}, ${first.lon}`).toBe(true);
  });

  it('gives the replaced entries their weight, and the table one row each', () => {
    const features = naturalFeatures();
    // Scalerank 1 weighs more than a hand-written entry; Como (scalerank 10) keeps the entry's weight.
    expect(features.find((f) => f.name === 'Lake Eyre North')).toMatchObject({ country: 'AU', altNames: 'Lake Eyre,Kati Thanda', weight: scalerankWeight(1) });
    expect(features.find((f) => f.name === 'Lake Eyre South')).toMatchObject({ country: 'AU', altNames: '', weight: scalerankWeight(5) });
    expect(features.find((f) => f.name === 'Lago di Como')).toMatchObject({ country: 'IT', altNames: 'Lake Como,Lario', weight: FEATURE_WEIGHT });
    for (const name of ['Lake Eyre North', 'Lake Eyre South', 'Lago di Como']) {
      expect(NATURAL_EARTH_ROWS.filter((r) => r[0] === name), name).toHaveLength(1);
    }
  });

  it('keeps Lake Maggiore, in neither layer, hand-written and found first; the replaced entries are gone', () => {
    expect(gazetteer.search('Lake Maggiore')[0]).toMatchObject({ name: 'Lake Maggiore', kind: 'lake', source: 'hand-written' });
    const handWritten = NAMED_FEATURES.map((f) => f.name);
    expect(handWritten).not.toContain('Lake Eyre');
    expect(handWritten).not.toContain('Lake Como');
    // Lake Garda, in neither layer, comes from ne_10m_lakes since (naturalEarthLakes10m.test.ts).
    expect(NAMED_FEATURES.filter((f) => f.kind === 'lake').map((f) => f.name)).toEqual(['Lake Maggiore']);
    expect(NAMED_FEATURES).toHaveLength(61);
  });
});
