/**
 * Synthesizes the nine Level-2 bands of ONE tile of one synthetic scene, as DN (uint16, Collection 2
 * scale and offset; fill 0, QA fill 1). Everything derives from the scene id, the path/row grid and
 * the tile position, so the same tile always comes out byte-identical.
 */
import type { AssetKey } from '../bands/bandCatalog.js';
import { blockCloudy, cloudAmountAt, type SceneClouds } from './demoClouds.js';
import { Cover, type LandCoverTile } from './demoLandCover.js';
import { TILE_PX } from './demoSceneGrid.js';
import { createSeededRandom, hashSeed, mixHash } from './seededRandom.js';

/** Collection 2 Level-2 scale factors (https://www.usgs.gov/faqs/how-do-i-use-a-scale-factor-landsat-level-2-science-products). */
export const REFLECTANCE_SCALE = 0.0000275;
export const REFLECTANCE_OFFSET = -0.2;
export const KELVIN_SCALE = 0.00341802;
export const KELVIN_OFFSET = 149.0;

export const DEMO_ASSET_KEYS: readonly AssetKey[] = ['coastal', 'blue', 'green', 'red', 'nir08', 'swir16', 'swir22', 'lwir11', 'qa_pixel'];

/**
 * QA_PIXEL bits of Collection 2 (Landsat 8-9 Collection 2 Level-2 Science Product Guide, table 6-3:
 * https://www.usgs.gov/media/files/landsat-8-9-collection-2-level-2-science-product-guide).
 * Two-bit confidences: 1 low, 3 high.
 */
export const QA = { fill: 1, dilatedCloud: 2, cloud: 8, cloudShadow: 16, snow: 32, clear: 64, water: 128 } as const;
const CONF = { cloud: 8, shadow: 10, snow: 12, cirrus: 14 } as const;
const LOW = 1;
const HIGH = 3;
/** Every non-fill pixel of real scenes carries at least low confidences (e.g. 21824 = clear land). */
const QA_BASE = (LOW << CONF.cloud) | (LOW << CONF.shadow) | (LOW << CONF.snow) | (LOW << CONF.cirrus);

type Spectrum = readonly [number, number, number, number, number, number, number];
// Typical surface reflectance, bands coastal, blue, green, red, NIR, SWIR1, SWIR2 (USGS spectral library levels).
const WATER: Spectrum = [0.045, 0.04, 0.05, 0.03, 0.015, 0.008, 0.005];
const LEAF_ON: Spectrum = [0.02, 0.025, 0.055, 0.03, 0.38, 0.17, 0.07];
const LEAF_OFF: Spectrum = [0.04, 0.05, 0.07, 0.085, 0.2, 0.22, 0.14];
const RAINFOREST: Spectrum = [0.018, 0.022, 0.045, 0.025, 0.33, 0.15, 0.055];
const CONIFER: Spectrum = [0.02, 0.022, 0.04, 0.025, 0.23, 0.11, 0.045];
const CROP_GREEN: Spectrum = [0.02, 0.03, 0.075, 0.04, 0.44, 0.2, 0.09];
const GRASS_DRY: Spectrum = [0.06, 0.07, 0.1, 0.13, 0.24, 0.3, 0.22];
const SOIL: Spectrum = [0.06, 0.075, 0.1, 0.13, 0.21, 0.27, 0.22];
const SAND: Spectrum = [0.14, 0.17, 0.25, 0.33, 0.38, 0.45, 0.4];
const ROCK: Spectrum = [0.08, 0.09, 0.11, 0.13, 0.16, 0.2, 0.18];
const TUNDRA: Spectrum = [0.04, 0.045, 0.07, 0.07, 0.25, 0.2, 0.12];
// Snow: bright in the visible, dark in the SWIR (what NDSI exploits). Clouds: bright in the SWIR too.
const SNOW: Spectrum = [0.88, 0.87, 0.85, 0.82, 0.72, 0.12, 0.09];
const CLOUD: Spectrum = [0.62, 0.6, 0.62, 0.63, 0.66, 0.5, 0.36];

/** What one scene's tiles share: derived once per scene from its id, date and centre latitude. */
export interface SceneWeather {
  seed: number;
  /** 0 in mid-winter, 1 in mid-summer of the scene's hemisphere. */
  season: number;
  deciduousGreen: number;
  grassGreen: number;
  /** Day of the local year (northern-hemisphere days, shifted half a year in the south). */
  localDoy: number;
  snowFraction: number;
  waterFrozen: boolean;
  airKelvin: number;
  /** sin(sun elevation): daytime heating of dry ground. */
  heating: number;
  tropical: boolean;
}

export function dayOfYear(date: Date): number {
  return Math.floor((date.getTime() - Date.UTC(date.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
}

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);
const smooth = (a: number, b: number, v: number) => {
  const t = clamp01((v - a) / (b - a));
  return t * t * (3 - 2 * t);
};

/** Seasons by latitude: green-up, snow and temperature follow the sun, with a little weather per scene. */
export function createSceneWeather(sceneId: string, datetime: Date, centerLat: number, sunElevationDeg: number): SceneWeather {
  const seed = hashSeed(sceneId);
  const random = createSeededRandom(seed);
  const alat = Math.abs(centerLat);
  const doy = dayOfYear(datetime);
  const localDoy = ((centerLat < 0 ? doy - 182 : doy) + 365) % 365;
  // Coldest around 20 January (local), warmest around 21 July.
  const season = 0.5 - 0.5 * Math.cos((2 * Math.PI * (localDoy - 20)) / 365);
  const tropical = alat < 23;
  const deciduousGreen = tropical ? 0.75 + 0.2 * season : clamp01(0.08 + 0.87 * smooth(0.3, 0.7, season) + (random() - 0.5) * 0.06);
  const grassGreen = tropical ? 0.35 + 0.35 * season : clamp01(0.15 + 0.65 * smooth(0.35, 0.75, season) + (random() - 0.5) * 0.08);
  const snowiness = clamp01((alat - 35) / 25);
  const snowFraction = clamp01((1 - season - 0.95 + 0.75 * snowiness) * 4 + (random() - 0.5) * 0.2);
  const meanKelvin = centerLat < -60 ? 252 : 301 - 0.5 * Math.max(0, alat - 15);
  const amplitude = Math.min(20, 1 + 0.35 * alat);
  const airKelvin = meanKelvin + amplitude * (2 * season - 1) + (random() - 0.5) * 4;
  return {
    seed,
    season,
    deciduousGreen,
    grassGreen,
    localDoy,
    snowFraction,
    waterFrozen: alat > 50 && snowFraction > 0.7,
    airKelvin,
    heating: Math.max(0, Math.sin((sunElevationDeg * Math.PI) / 180)),
    tropical,
  };
}

function reflectanceToDn(reflectance: number): number {
  const dn = Math.round((reflectance - REFLECTANCE_OFFSET) / REFLECTANCE_SCALE);
  return dn < 1 ? 1 : dn > 65535 ? 65535 : dn;
}

function kelvinToDn(kelvin: number): number {
  const dn = Math.round((kelvin - KELVIN_OFFSET) / KELVIN_SCALE);
  return dn < 1 ? 1 : dn > 65535 ? 65535 : dn;
}

/** The nine bands of one tile, TILE_PX x TILE_PX each, in DEMO_ASSET_KEYS order. */
export function synthesizeTile(cover: LandCoverTile, weather: SceneWeather, clouds: SceneClouds): Uint16Array[] {
  const n = TILE_PX * TILE_PX;
  // Cloud state of every block the tile's pixels, their neighbours and their shadows' casters touch,
  // looked up once each (at overviews every pixel is its own block).
  const bx0 = Math.min(cover.blockX[0], cover.blockX[0] - clouds.shadowDx) - 1;
  const bx1 = Math.max(cover.blockX[TILE_PX - 1], cover.blockX[TILE_PX - 1] - clouds.shadowDx) + 1;
  const by0 = Math.min(cover.blockY[0], cover.blockY[0] - clouds.shadowDy) - 1;
  const by1 = Math.max(cover.blockY[TILE_PX - 1], cover.blockY[TILE_PX - 1] - clouds.shadowDy) + 1;
  const mapW = bx1 - bx0 + 1;
  const cloudMap = new Uint8Array(mapW * (by1 - by0 + 1));
  for (let by = by0; by <= by1; by++) for (let bx = bx0; bx <= bx1; bx++) if (blockCloudy(clouds, bx, by)) cloudMap[(by - by0) * mapW + (bx - bx0)] = 1;
  const cloudAt = (bx: number, by: number) => cloudMap[(by - by0) * mapW + (bx - bx0)] === 1;
  const bands = DEMO_ASSET_KEYS.map(() => new Uint16Array(n));
  const qa = bands[8];
  const lwir = bands[7];
  const rho = [0, 0, 0, 0, 0, 0, 0];
  const w = weather;
  const cloudTopKelvin = 250 + 0.3 * (w.airKelvin - 280);
  let lastBx = NaN;
  let lastBy = NaN;
  let cloudy = false;
  let shadow = false;
  let dilated = false;
  let amount = 0;
  for (let r = 0; r < TILE_PX; r++) {
    const by = cover.blockY[r];
    for (let c = 0; c < TILE_PX; c++) {
      const i = r * TILE_PX + c;
      const cls = cover.cls[i];
      if (cls === Cover.fill) {
        qa[i] = QA.fill;
        continue;
      }
      const bx = cover.blockX[c];
      if (bx !== lastBx || by !== lastBy) {
        lastBx = bx;
        lastBy = by;
        cloudy = cloudAt(bx, by);
        shadow = !cloudy && cloudAt(bx - clouds.shadowDx, by - clouds.shadowDy);
        dilated = false;
        if (!cloudy) {
          for (let dy = -1; dy <= 1 && !dilated; dy++) for (let dx = -1; dx <= 1; dx++) if ((dx || dy) && cloudAt(bx + dx, by + dy)) dilated = true;
        }
        amount = cloudy ? cloudAmountAt(clouds, bx, by) : 0;
      }
      const tex = (cover.tex[i] - 128) / 128;
      const order = cover.aux[i] / 255;
      let kelvin = w.airKelvin;
      let snowCover = 0;
      let isWater = false;
      switch (cls) {
        case Cover.water:
          isWater = true;
          mix(rho, WATER, WATER, 0, 1 + 0.08 * tex);
          kelvin = Math.max(w.waterFrozen ? 268 : 274.5, w.airKelvin - 3);
          if (w.waterFrozen) snowCover = 0.9;
          break;
        case Cover.rainforest:
          mix(rho, RAINFOREST, LEAF_OFF, 0.1 * (1 - w.deciduousGreen), 1 + 0.12 * tex);
          kelvin = w.airKelvin - 3;
          break;
        case Cover.deciduous:
          mix(rho, LEAF_OFF, LEAF_ON, w.deciduousGreen, 1 + 0.12 * tex);
          if (w.snowFraction > order) snowCover = 0.65;
          kelvin = w.airKelvin - 2 + 2 * w.heating * (1 - w.deciduousGreen);
          break;
        case Cover.conifer:
          mix(rho, CONIFER, CONIFER, 0, (1 + 0.1 * tex) * (0.85 + 0.15 * w.deciduousGreen));
          if (w.snowFraction > order) snowCover = 0.25;
          kelvin = w.airKelvin - 2;
          break;
        case Cover.grass:
          mix(rho, GRASS_DRY, CROP_GREEN, w.grassGreen * 0.75, 1 + 0.1 * tex);
          if (w.snowFraction > order) snowCover = 0.95;
          kelvin = w.airKelvin + w.heating * 5 * (1 - w.grassGreen);
          break;
        case Cover.crops: {
          // Each field's own growing season: a 100-day bell around its peak, or always green-ish in the tropics.
          const peak = 190 + (cover.aux[i] - 128) * 0.5;
          const g = w.tropical ? 0.4 + 0.5 * order : Math.exp(-(((w.localDoy - peak) / 45) ** 2)) * (w.snowFraction > 0.5 ? 0 : 1);
          // Harvested fields keep stubble: between bare soil and dry grass.
          mix(rho, GRASS_DRY, CROP_GREEN, g, (1 + 0.05 * tex) * (0.9 + 0.2 * order));
          if (w.snowFraction > order) snowCover = 0.95;
          kelvin = w.airKelvin + w.heating * (6 * (1 - g) - 1);
          break;
        }
        case Cover.sand:
          mix(rho, SAND, SAND, 0, 1 + 0.1 * tex);
          kelvin = w.airKelvin + 4 + 12 * w.heating;
          break;
        case Cover.rock:
          mix(rho, ROCK, SAND, 0.3 + 0.4 * order, 1 + 0.2 * tex);
          if (w.snowFraction > order * 0.8) snowCover = 0.9;
          kelvin = w.airKelvin + 2 + 8 * w.heating;
          break;
        case Cover.tundra:
          mix(rho, SOIL, TUNDRA, w.grassGreen, 1 + 0.15 * tex);
          if (w.snowFraction > order * 0.7) snowCover = 0.95;
          kelvin = w.airKelvin + 2 * w.heating;
          break;
        default: // ice
          mix(rho, SNOW, SNOW, 0, 0.97 + 0.04 * tex);
          snowCover = 1;
          kelvin = Math.min(w.airKelvin, 271);
      }
      if (snowCover > 0 && cls !== Cover.ice) {
        for (let b = 0; b < 7; b++) rho[b] += (SNOW[b] * (1 + 0.03 * tex) - rho[b]) * snowCover;
        kelvin = Math.min(kelvin, 272.5) - 2 * snowCover;
      }
      let bits = QA_BASE;
      if (cloudy) {
        const t = 0.55 + 0.45 * amount * (0.85 + 0.15 * tex);
        for (let b = 0; b < 7; b++) rho[b] += (CLOUD[b] * (1 + 0.05 * tex) - rho[b]) * t;
        kelvin += (cloudTopKelvin - kelvin) * t;
        bits |= QA.cloud | (HIGH << CONF.cloud);
      } else {
        if (dilated) {
          // The dilation buffer: haze at the cloud's edge.
          for (let b = 0; b < 7; b++) rho[b] += (CLOUD[b] - rho[b]) * 0.2;
          kelvin -= 3;
          bits |= QA.dilatedCloud;
        } else {
          bits |= QA.clear;
        }
        if (shadow) {
          for (let b = 0; b < 7; b++) rho[b] *= b < 4 ? 0.35 : 0.45;
          kelvin -= 3;
          bits |= QA.cloudShadow | (HIGH << CONF.shadow);
        }
        if (snowCover >= 0.6) bits |= QA.snow | (HIGH << CONF.snow);
        else if (isWater && !dilated) bits |= QA.water;
      }
      // Speckle of about 0.001 reflectance, shared by the bands.
      const speckle = ((mixHash(i, cover.tex[i], w.seed) & 3) - 1.5) * 0.0003;
      for (let b = 0; b < 7; b++) bands[b][i] = reflectanceToDn(rho[b] + speckle);
      lwir[i] = kelvinToDn(kelvin + tex * 0.8);
      qa[i] = bits;
    }
  }
  return bands;
}

/** out = (a + (b - a) * t) * factor, per band. */
function mix(out: number[], a: Spectrum, b: Spectrum, t: number, factor: number): void {
  for (let k = 0; k < 7; k++) out[k] = (a[k] + (b[k] - a[k]) * t) * factor;
}
