import type { AssetKey } from '../bands/bandCatalog.js';
import type { DemoScenePlan } from './demoSchedule.js';
import { LandCoverClass, type LandCoverMap } from './landCover.js';
import { dayOfYear, lakesFrozen, seasonalGreenness, seasonalKelvin, snowFraction } from './seasons.js';
import type { SceneSky } from './sceneSky.js';
import { createSeededRandom, hashSeed, mixHash } from './seededRandom.js';

/** Collection 2 Level-2 scale factors (https://www.usgs.gov/faqs/how-do-i-use-a-scale-factor-landsat-level-2-science-products). */
export const REFLECTANCE_SCALE = 0.0000275;
export const REFLECTANCE_OFFSET = -0.2;
export const KELVIN_SCALE = 0.00341802;
export const KELVIN_OFFSET = 149.0;

export const REFLECTANCE_ASSETS = ['coastal', 'blue', 'green', 'red', 'nir08', 'swir16', 'swir22'] as const;

export function reflectanceToDn(reflectance: number): number {
  const dn = Math.round((reflectance - REFLECTANCE_OFFSET) / REFLECTANCE_SCALE);
  return dn < 1 ? 1 : dn > 65535 ? 65535 : dn;
}

export function kelvinToDn(kelvin: number): number {
  const dn = Math.round((kelvin - KELVIN_OFFSET) / KELVIN_SCALE);
  return dn < 1 ? 1 : dn > 65535 ? 65535 : dn;
}

/**
 * QA_PIXEL bits of Collection 2 (Landsat 8-9 Collection 2 Level-2 Science Product Guide, table 6-3:
 * https://www.usgs.gov/media/files/landsat-8-9-collection-2-level-2-science-product-guide).
 * Two-bit confidences: 1 low, 2 medium, 3 high.
 */
export const QA = {
  fill: 1 << 0,
  dilatedCloud: 1 << 1,
  cirrus: 1 << 2,
  cloud: 1 << 3,
  cloudShadow: 1 << 4,
  snow: 1 << 5,
  clear: 1 << 6,
  water: 1 << 7,
  cloudConfidenceShift: 8,
  shadowConfidenceShift: 10,
  snowConfidenceShift: 12,
  cirrusConfidenceShift: 14,
} as const;

const LOW = 1;
const HIGH = 3;
/** Every non-fill pixel of real scenes carries at least low confidences (e.g. 21824 = clear land). */
const QA_BASE = (LOW << QA.cloudConfidenceShift) | (LOW << QA.shadowConfidenceShift) | (LOW << QA.snowConfidenceShift) | (LOW << QA.cirrusConfidenceShift);

type Spectrum = readonly [number, number, number, number, number, number, number];

// Typical surface reflectance, bands coastal, blue, green, red, NIR, SWIR1, SWIR2 (USGS spectral library levels).
const WATER: Spectrum = [0.045, 0.04, 0.05, 0.03, 0.015, 0.008, 0.005];
const LEAF_ON: Spectrum = [0.02, 0.025, 0.055, 0.03, 0.38, 0.17, 0.07];
const LEAF_OFF: Spectrum = [0.04, 0.05, 0.07, 0.085, 0.2, 0.22, 0.14];
const CONIFER: Spectrum = [0.02, 0.022, 0.04, 0.025, 0.23, 0.11, 0.045];
const CROP_GREEN: Spectrum = [0.02, 0.03, 0.075, 0.04, 0.44, 0.2, 0.09];
const SOIL: Spectrum = [0.07, 0.09, 0.12, 0.16, 0.23, 0.29, 0.24];
const URBAN: Spectrum = [0.09, 0.1, 0.11, 0.12, 0.17, 0.19, 0.17];
const SAND: Spectrum = [0.14, 0.17, 0.25, 0.33, 0.38, 0.45, 0.4];
// Snow: bright in the visible, dark in the SWIR (what NDSI exploits).
const SNOW: Spectrum = [0.88, 0.87, 0.85, 0.82, 0.72, 0.12, 0.09];
// Clouds: bright in every reflective band, SWIR included (unlike snow).
const CLOUD: Spectrum = [0.62, 0.6, 0.62, 0.63, 0.66, 0.5, 0.36];

/**
 * Synthesizes the nine Level-2 bands of one scene as DN (uint16, Collection 2 scale and offset; fill 0).
 * Everything derives from the plan (place, date, seeds) so a scene comes out byte-identical every time.
 */
export function synthesizeScene(plan: DemoScenePlan, landCover: LandCoverMap, sky: SceneSky): Record<AssetKey, Uint16Array> {
  const { place } = plan;
  const lat = place.lngLat[1];
  const doy = dayOfYear(plan.datetime);
  const seed = hashSeed(plan.id);
  const random = createSeededRandom(seed);
  // A little weather from scene to scene: greener or browner, more or less snow, warmer or colder.
  const vegGreen = clamp01(seasonalGreenness(doy, place.vegetation, lat) + (random() - 0.5) * 0.06);
  const cropGreen = seasonalGreenness(doy, place.crops, lat);
  const snow = clamp01(snowFraction(doy, place.snow) + (random() - 0.5) * 0.1);
  const frozen = lakesFrozen(doy, place.snow);
  const airKelvin = seasonalKelvin(doy, place.temperature) + (random() - 0.5) * 4;
  const waterKelvin = Math.max(frozen ? 268 : 274.5, seasonalKelvin(doy, { ...place.temperature, amplitudeKelvin: place.temperature.amplitudeKelvin * 0.7 }, 25) - 1);
  // Daytime heating of dry surfaces grows with the sun.
  const heating = Math.max(0, Math.sin((plan.sunElevationDeg * Math.PI) / 180));
  const cloudTopKelvin = 250 + 0.3 * (airKelvin - 280);

  const n = landCover.width * landCover.height;
  const bands = REFLECTANCE_ASSETS.map(() => new Uint16Array(n));
  const lwir = new Uint16Array(n);
  const qa = new Uint16Array(n);
  const { classes, texture, evergreen, snowOrder } = landCover;
  const rho = [0, 0, 0, 0, 0, 0, 0];

  for (let i = 0; i < n; i++) {
    const cls = classes[i];
    if (cls === LandCoverClass.fill) {
      qa[i] = QA.fill;
      continue; // DN 0 everywhere: nodata
    }
    const tex = (texture[i] - 128) / 128;
    let kelvin = airKelvin;
    let snowCover = 0;
    let isWater = false;
    switch (cls) {
      case LandCoverClass.water: {
        isWater = true;
        set(rho, WATER, 1 + 0.08 * tex);
        if (place.landscape === 'city-on-river' || place.landscape === 'desert-river-oasis') {
          // The Seine and the Nile carry silt (the Rio Negro is a black-water river): brighter in the visible, still dark in the infrared.
          rho[2] += 0.02;
          rho[3] += 0.02;
          rho[4] += 0.008;
        }
        kelvin = waterKelvin;
        if (frozen) snowCover = 0.9;
        break;
      }
      case LandCoverClass.forest: {
        const ever = evergreen[i] / 255;
        for (let b = 0; b < 7; b++) {
          const deciduous = LEAF_OFF[b] + (LEAF_ON[b] - LEAF_OFF[b]) * vegGreen;
          const conifer = CONIFER[b] * (b === 4 ? 0.75 + 0.25 * vegGreen : 1);
          rho[b] = (ever * conifer + (1 - ever) * deciduous) * (1 + 0.12 * tex);
        }
        // Canopies hide the snow below them, evergreen ones most.
        if (snow > snowOrder[i] / 255) snowCover = 0.65 * (1 - ever) + 0.2 * ever;
        kelvin = airKelvin - 2 + 2 * heating * (1 - vegGreen);
        break;
      }
      case LandCoverClass.crops: {
        // Fields are sown and harvested on slightly different days.
        const g = clamp01(cropGreen + 0.3 * tex * (cropGreen * (1 - cropGreen) * 4));
        for (let b = 0; b < 7; b++) rho[b] = (SOIL[b] + (CROP_GREEN[b] - SOIL[b]) * g) * (1 + 0.05 * tex);
        if (snow > snowOrder[i] / 255) snowCover = 0.95;
        kelvin = airKelvin + heating * (6 * (1 - g) - 1);
        break;
      }
      case LandCoverClass.urban: {
        for (let b = 0; b < 7; b++) rho[b] = URBAN[b] * (1 + 0.3 * tex) * 0.85 + 0.15 * (LEAF_OFF[b] + (LEAF_ON[b] - LEAF_OFF[b]) * vegGreen);
        if (snow > snowOrder[i] / 255) snowCover = 0.7;
        kelvin = airKelvin + 3 + 6 * heating;
        break;
      }
      case LandCoverClass.bare: {
        set(rho, SOIL, 1 + 0.2 * tex);
        if (snow > snowOrder[i] / 255) snowCover = 0.95;
        kelvin = airKelvin + 2 + 8 * heating;
        break;
      }
      default: {
        set(rho, SAND, 1 + 0.1 * tex);
        kelvin = airKelvin + 4 + 12 * heating;
      }
    }
    if (snowCover > 0) {
      for (let b = 0; b < 7; b++) rho[b] += (SNOW[b] * (1 + 0.03 * tex) - rho[b]) * snowCover;
      kelvin = Math.min(kelvin, 272.5) - 2 * snowCover;
    }
    const snowFlag = snowCover >= 0.6;

    let bits = QA_BASE;
    const cloudState = sky.cloud[i];
    if (cloudState === 2) {
      const t = 0.55 + 0.45 * (sky.thickness[i] / 255);
      for (let b = 0; b < 7; b++) rho[b] += (CLOUD[b] * (1 + 0.05 * tex) - rho[b]) * t;
      kelvin += (cloudTopKelvin - kelvin) * t;
      bits |= QA.cloud | (HIGH << QA.cloudConfidenceShift);
    } else {
      if (cloudState === 1) {
        // The dilation buffer: haze at the cloud's edge.
        for (let b = 0; b < 7; b++) rho[b] += (CLOUD[b] - rho[b]) * 0.2;
        kelvin -= 3;
        bits |= QA.dilatedCloud;
      } else {
        bits |= QA.clear;
      }
      if (sky.shadow[i]) {
        for (let b = 0; b < 7; b++) rho[b] *= b < 4 ? 0.35 : 0.45;
        kelvin -= 3;
        bits |= QA.cloudShadow | (HIGH << QA.shadowConfidenceShift);
      }
      if (snowFlag) bits |= QA.snow | (HIGH << QA.snowConfidenceShift);
      else if (isWater && cloudState === 0) bits |= QA.water;
    }
    if (sky.cirrus[i]) {
      rho[0] += 0.04;
      rho[1] += 0.04;
      rho[2] += 0.035;
      rho[3] += 0.03;
      rho[4] += 0.025;
      rho[5] += 0.015;
      kelvin -= 4;
      bits |= QA.cirrus | (HIGH << QA.cirrusConfidenceShift);
    }
    // Speckle of about 0.001 reflectance, shared by the bands (kept small: it does not compress).
    const speckle = ((mixHash(i, 7, seed) & 3) - 1.5) * 0.0003;
    for (let b = 0; b < 7; b++) bands[b][i] = reflectanceToDn(rho[b] + speckle);
    lwir[i] = kelvinToDn(kelvin + tex * 0.8);
    qa[i] = bits;
  }
  return {
    coastal: bands[0],
    blue: bands[1],
    green: bands[2],
    red: bands[3],
    nir08: bands[4],
    swir16: bands[5],
    swir22: bands[6],
    lwir11: lwir,
    qa_pixel: qa,
  };
}

function set(out: number[], spectrum: Spectrum, factor: number): void {
  for (let b = 0; b < 7; b++) out[b] = spectrum[b] * factor;
}

function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}
