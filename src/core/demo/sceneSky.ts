import type { DemoScenePlan } from './demoSchedule.js';
import { LandCoverClass, type LandCoverMap } from './landCover.js';
import { createSeededRandom, hashSeed } from './seededRandom.js';
import { createValueNoise } from './valueNoise.js';

/** Clouds of one scene, per pixel of its window (with `coverOnly`, only `cloud` and the percentages are filled). */
export interface SceneSky {
  /** 0 clear, 1 dilated cloud (the buffer CFMask adds around clouds), 2 cloud. */
  cloud: Uint8Array;
  /** Cloud optical thickness, 0..255 (thin at the edges). */
  thickness: Uint8Array;
  /** 1 where a cloud's shadow falls. */
  shadow: Uint8Array;
  /** 1 under high-confidence cirrus. */
  cirrus: Uint8Array;
  /** Share of the scene's (non-fill) pixels flagged cloud (QA_PIXEL bit 3), percent, unrounded. */
  cloudPercent: number;
  /** The same over land (non-water) pixels, like landsat:cloud_cover_land; null without land. */
  landCloudPercent: number | null;
}

const GRID_STEP_PX = 8;
const DILATION = 0.03;
const EDGE = 0.08;

/**
 * The clouds of a scene: a seeded fractal field thresholded at the scene's cloudiness. The field is
 * evaluated on a coarse grid (every 8 px) and interpolated, which makes it cheap enough that the catalogue
 * computes each item's eo:cloud_cover from the very mask the QA_PIXEL band will carry, without writing rasters.
 * The sky is seeded by place, satellite and date (not row), so the scenes of one pass that overlap see the same clouds.
 */
export function createSceneSky(plan: DemoScenePlan, landCover: LandCoverMap, opts: { coverOnly?: boolean } = {}): SceneSky {
  const { window, place } = plan;
  const { width, height } = window;
  const date = plan.datetime.toISOString().slice(0, 10);
  const seed = hashSeed(`sky:${place.id}:${plan.satellite}:${date}`);
  const random = createSeededRandom(seed);
  const cloudiness = drawCloudiness(random, place.sky);
  const cirrusShare = random() < 0.15 ? 0.05 + random() * 0.3 : 0;
  const cloudHeightM = 1000 + random() * 2500;
  const n = width * height;
  const cloud = new Uint8Array(n);
  const thickness = new Uint8Array(n);
  const shadow = new Uint8Array(n);
  const cirrus = new Uint8Array(n);

  const cloudField = sampleCoarse(createValueNoise(seed ^ 0x5bd1e995, 5), window, 5000);
  const cloudThreshold = quantileThreshold(cloudField, cloudiness);
  const classes = landCover.classes;
  let validCount = 0;
  let landCount = 0;
  for (let i = 0; i < n; i++) {
    const k = classes[i];
    if (k !== LandCoverClass.fill) {
      validCount++;
      if (k !== LandCoverClass.water) landCount++;
    }
  }
  let cloudCount = 0;
  let landCloudCount = 0;
  if (cloudThreshold < Infinity) {
    // Inlined bilinear interpolation: this loop runs for every scene the catalogue lists.
    const { values, cols } = cloudField;
    const blended = new Float64Array(cols);
    const withThickness = !opts.coverOnly;
    for (let row = 0; row < height; row++) {
      const gr = (row / GRID_STEP_PX) | 0;
      const fy = (row - gr * GRID_STEP_PX) / GRID_STEP_PX;
      const top = gr * cols;
      for (let c = 0; c < cols; c++) blended[c] = values[top + c] + (values[top + cols + c] - values[top + c]) * fy;
      const base = row * width;
      for (let col = 0; col < width; col++) {
        const i = base + col;
        const k = classes[i];
        if (k === LandCoverClass.fill) continue;
        const gc = (col / GRID_STEP_PX) | 0;
        const a = blended[gc];
        const f = a + (blended[gc + 1] - a) * ((col - gc * GRID_STEP_PX) / GRID_STEP_PX);
        const v = f + (jitter(col, row, seed) - 0.5) * 0.012;
        if (v >= cloudThreshold) {
          cloud[i] = 2;
          cloudCount++;
          if (k !== LandCoverClass.water) landCloudCount++;
          if (withThickness) thickness[i] = Math.min(255, Math.round(((v - cloudThreshold) / EDGE) * 255));
        } else if (v >= cloudThreshold - DILATION) {
          cloud[i] = 1;
        }
      }
    }
  }
  if (cloudThreshold < Infinity && !opts.coverOnly) {
    // Shadows fall away from the sun, offset by cloud height / tan(sun elevation).
    const elevation = (Math.max(plan.sunElevationDeg, 8) * Math.PI) / 180;
    const azimuth = (plan.sunAzimuthDeg * Math.PI) / 180;
    const offsetM = cloudHeightM / Math.tan(elevation);
    const dCol = Math.round((-Math.sin(azimuth) * offsetM) / window.pixelSizeM);
    const dRow = Math.round((Math.cos(azimuth) * offsetM) / window.pixelSizeM);
    for (let row = 0; row < height; row++) {
      const srcRow = row - dRow;
      if (srcRow < 0 || srcRow >= height) continue;
      for (let col = 0; col < width; col++) {
        const srcCol = col - dCol;
        if (srcCol < 0 || srcCol >= width) continue;
        const i = row * width + col;
        if (cloud[i] !== 2 && cloud[srcRow * width + srcCol] === 2 && classes[i] !== LandCoverClass.fill) shadow[i] = 1;
      }
    }
  }
  if (cirrusShare > 0 && !opts.coverOnly) {
    const cirrusField = sampleCoarse(createValueNoise(seed ^ 0x2545f491, 3), window, 9000);
    const t = quantileThreshold(cirrusField, cirrusShare);
    forEachInterpolated(cirrusField, width, height, (i, _c, _r, f) => {
      if (f >= t && cloud[i] !== 2 && classes[i] !== LandCoverClass.fill) cirrus[i] = 1;
    });
  }
  return {
    cloud,
    thickness,
    shadow,
    cirrus,
    cloudPercent: validCount === 0 ? 0 : (100 * cloudCount) / validCount,
    landCloudPercent: landCount === 0 ? null : (100 * landCloudCount) / landCount,
  };
}

/** A cheap per-pixel hash in [0, 1) that roughens cloud edges. */
function jitter(col: number, row: number, seed: number): number {
  let h = Math.imul(col + 0x9e37, 0x85ebca6b) ^ Math.imul(row + 0x7f4a, 0xc2b2ae35) ^ seed;
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h ^= h >>> 12;
  return (h >>> 0) / 4294967296;
}

/** Some scenes clear, some partly cloudy, some mostly cloudy, in the place's proportions. */
function drawCloudiness(random: () => number, sky: { clearProbability: number; overcastProbability: number }): number {
  const u = random();
  const r = random();
  if (u < sky.clearProbability) return r < 0.5 ? 0 : r * 0.03;
  if (u > 1 - sky.overcastProbability) return 0.6 + r * 0.38;
  return 0.03 + r * 0.55;
}

interface CoarseField {
  values: Float32Array;
  cols: number;
  rows: number;
}

function sampleCoarse(noise: (x: number, y: number) => number, window: DemoScenePlan['window'], featureM: number): CoarseField {
  const cols = Math.ceil((window.width - 1) / GRID_STEP_PX) + 2;
  const rows = Math.ceil((window.height - 1) / GRID_STEP_PX) + 2;
  const values = new Float32Array(cols * rows);
  const { localX, localY } = window;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const col = c * GRID_STEP_PX;
      const row = r * GRID_STEP_PX;
      const x = localX.c0 + col * localX.perCol + row * localX.perRow;
      const y = localY.c0 + col * localY.perCol + row * localY.perRow;
      values[r * cols + c] = noise(x / featureM, y / featureM);
    }
  }
  return { values, cols, rows };
}

/** The field value above which about `share` of the coarse samples lie (Infinity for a clear sky). */
function quantileThreshold(field: CoarseField, share: number): number {
  if (share <= 0) return Infinity;
  const sorted = Float32Array.from(field.values).sort();
  const k = Math.min(sorted.length - 1, Math.max(0, Math.floor((1 - share) * sorted.length)));
  return sorted[k];
}

/** Visits every pixel with the bilinear interpolation of the coarse field (row blends computed once per row). */
function forEachInterpolated(
  field: CoarseField,
  width: number,
  height: number,
  visit: (i: number, col: number, row: number, value: number) => void,
): void {
  const { values, cols } = field;
  const blended = new Float64Array(cols);
  for (let row = 0; row < height; row++) {
    const gr = (row / GRID_STEP_PX) | 0;
    const fy = (row - gr * GRID_STEP_PX) / GRID_STEP_PX;
    const top = gr * cols;
    const bottom = top + cols;
    for (let c = 0; c < cols; c++) blended[c] = values[top + c] + (values[bottom + c] - values[top + c]) * fy;
    const base = row * width;
    for (let col = 0; col < width; col++) {
      const gc = (col / GRID_STEP_PX) | 0;
      const fx = (col - gc * GRID_STEP_PX) / GRID_STEP_PX;
      const a = blended[gc];
      visit(base + col, col, row, a + (blended[gc + 1] - a) * fx);
    }
  }
}
