import type { LngLat } from '../geo/lngLat.js';
import type { DemoPlace } from './demoPlaces.js';
import { M_PER_DEG_LAT, M_PER_DEG_LON_EQUATOR, type DemoWindow } from './demoWindow.js';
import { hashSeed } from './seededRandom.js';
import { createValueNoise } from './valueNoise.js';

/** `fill`: outside the WRS-2 scene (QA_PIXEL fill, DN 0). */
export const LandCoverClass = { water: 0, forest: 1, crops: 2, urban: 3, bare: 4, desert: 5, fill: 255 } as const;
export type LandCoverClass = (typeof LandCoverClass)[keyof typeof LandCoverClass];

/** Static ground of one window: class per pixel plus per-pixel fields (0..255) the scene synthesis varies. */
export interface LandCoverMap {
  width: number;
  height: number;
  classes: Uint8Array;
  /** Brightness texture: 128 = the class's typical spectrum. */
  texture: Uint8Array;
  /** Evergreen share of a forest pixel (conifers keep green and hide snow). */
  evergreen: Uint8Array;
  /** Order in which pixels get snow as the season's snow fraction grows (low first). */
  snowOrder: Uint8Array;
}

type Classifier = (xM: number, yM: number) => LandCoverClass;

/**
 * Deterministic land cover for the window of a place. Classes are drawn in metres east/north of the
 * place (see DemoWindow.localX), so two windows that overlap (adjacent rows, another UTM zone) agree.
 */
export function createLandCoverMap(place: DemoPlace, window: DemoWindow, sceneFootprintLngLat?: LngLat[]): LandCoverMap {
  const inScene = sceneFootprintLngLat ? createLocalPolygonTest(place, sceneFootprintLngLat) : () => true;
  const seed = hashSeed(`landcover:${place.id}`);
  const classify = classifierFor(place, seed);
  const textureNoise = createValueNoise(seed + 11, 2);
  const evergreenNoise = createValueNoise(seed + 12, 3);
  const snowNoise = createValueNoise(seed + 13, 4);
  const { width, height, localX, localY } = window;
  const n = width * height;
  const classes = new Uint8Array(n);
  const texture = new Uint8Array(n);
  const evergreen = new Uint8Array(n);
  const snowOrder = new Uint8Array(n);
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const x = localX.c0 + col * localX.perCol + row * localX.perRow;
      const y = localY.c0 + col * localY.perCol + row * localY.perRow;
      const i = row * width + col;
      classes[i] = inScene(x, y) ? classify(x, y) : LandCoverClass.fill;
      texture[i] = clampByte(128 + (textureNoise(x / 300, y / 300) - 0.5) * 400);
      evergreen[i] = clampByte((evergreenNoise(x / 900, y / 900) - 0.25) * 400);
      snowOrder[i] = clampByte((snowNoise(x / 1500, y / 1500) - 0.2) * 420);
    }
  }
  return { width, height, classes, texture, evergreen, snowOrder };
}

/** Point-in-polygon in the place's local metres (a 185 km scene is small enough for a flat approximation). */
function createLocalPolygonTest(place: DemoPlace, ringLngLat: LngLat[]): (xM: number, yM: number) => boolean {
  const [lon0, lat0] = place.lngLat;
  const mPerDegLon = M_PER_DEG_LON_EQUATOR * Math.cos((lat0 * Math.PI) / 180);
  const xs = ringLngLat.map((p) => (p[0] - lon0) * mPerDegLon);
  const ys = ringLngLat.map((p) => (p[1] - lat0) * M_PER_DEG_LAT);
  return (x, y) => {
    let inside = false;
    for (let i = 0, j = xs.length - 1; i < xs.length; j = i++) {
      if (ys[i] > y !== ys[j] > y && x < ((xs[j] - xs[i]) * (y - ys[i])) / (ys[j] - ys[i]) + xs[i]) inside = !inside;
    }
    return inside;
  };
}

function clampByte(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
}

function classifierFor(place: DemoPlace, seed: number): Classifier {
  const n1 = createValueNoise(seed + 1, 4);
  const n2 = createValueNoise(seed + 2, 3);
  const n3 = createValueNoise(seed + 3, 4);
  const { water, forest, crops, urban, bare, desert } = LandCoverClass;
  switch (place.landscape) {
    case 'lakes-and-forest':
      // Muskoka: Canadian Shield forest full of lakes, a river through a small town, a few farms.
      return (x, y) => {
        const riverY = 350 * Math.sin(x / 1800) + 120;
        if (Math.abs(y - riverY) < 45 && Math.abs(x) < 4000) return water;
        if (n1(x / 2600, y / 2600) > 0.62) return water;
        const r = Math.hypot(x + 300, y - 200);
        if (r < 1600 + 3000 * (n2(x / 900, y / 900) - 0.5)) return urban;
        if (n3(x / 1400, y / 1400) > 0.68) return crops;
        return forest;
      };
    case 'city-on-river':
      // Paris: dense city astride a meandering Seine, parks and woods, farmland beyond the suburbs.
      return (x, y) => {
        const riverY = 1400 * Math.sin(x / 2600 + 0.5) - 0.12 * x - 700;
        if (Math.abs(y - riverY) < 80) return water;
        if (Math.hypot(x + 5600, y + 400) < 1300) return forest; // Bois de Boulogne
        if (Math.hypot(x - 6200, y + 1400) < 1000) return forest; // Bois de Vincennes
        const r = Math.hypot(x, y);
        if (r < 6200 + 9000 * (n2(x / 2500, y / 2500) - 0.5)) return n1(x / 500, y / 500) > 0.74 ? forest : urban;
        if (r < 7500 + 6000 * (n2(x / 1200, y / 1200) - 0.5)) return n3(x / 600, y / 600) > 0.6 ? forest : urban;
        return n3(x / 1200, y / 1200) > 0.55 ? forest : crops;
      };
    case 'desert-river-oasis':
      // Cairo: the Nile with irrigated fields along it, the city on both banks, desert beyond.
      return (x, y) => {
        const riverX = 500 * Math.sin(y / 4200) - 0.05 * y - 300;
        const d = x - riverX;
        if (Math.abs(d) < 260) return water;
        const edge = 5600 + 6000 * (n2(x / 2000, y / 2000) - 0.5);
        if (Math.abs(d) > edge) return n1(x / 800, y / 800) > 0.62 ? bare : desert;
        if (d > 0 && y > -3500 + 8000 * (n1(x / 2500, y / 2500) - 0.5)) return urban; // Cairo
        if (d < 0 && d > -3200 + 5000 * (n2(x / 1500, y / 1500) - 0.5) && y > -1500 + 6000 * (n3(x / 2500, y / 2500) - 0.5)) return urban; // Giza
        return n3(x / 300, y / 300) > 0.7 ? urban : crops;
      };
    case 'rainforest-river-city':
      // Manaus: the wide Rio Negro to the south, the city on its north bank, rainforest around.
      return (x, y) => {
        const bankY = 500 * Math.sin(x / 4500) - 0.08 * x - 1800 + 1500 * (n3(x / 1200, y / 1200) - 0.5);
        if (y < bankY && y > bankY - 5200) return water;
        if (y >= bankY && Math.hypot(x, (y - bankY) * 1.3) < 6500 + 8000 * (n2(x / 2500, y / 2500) - 0.5)) {
          return n1(x / 500, y / 500) > 0.72 ? forest : urban;
        }
        if (n3(x / 700, y / 700) > 0.72) return bare; // clearings
        return forest;
      };
  }
}
