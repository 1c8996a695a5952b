/**
 * Synthetic land disturbances of the demo archive (issue 34 item 7): fires, harvests (clear-cuts),
 * floods, building and regrowth, as pure functions of ground position and date, so that change
 * detection has something to find in the embedded default. They are SYNTHETIC: invented by hashes,
 * not taken from any record of real events.
 *
 * Layout: the Earth-centred space is cut into CELL_KM cubes (the same 3-D cells as the towns, so
 * nothing tears at the antimeridian or the poles). A cell holds at most one patch, with probability
 * CELL_PROBABILITY; its centre is a hashed point of the cell's inner box projected onto the sphere
 * (a patch whose projected centre leaves the inner box is dropped, so a patch never crosses its
 * cell and a pixel looks at its own cell only: one hash per cell, no search). Radii are 0.15-1.2 km
 * with a ragged edge (the ground texture pushes it in and out), i.e. patches of a few hundred metres
 * to a few km; about 3.4 per 100 km^2 over the record, 2.9 % of the ground disturbed at some time
 * (before land cover decides which kinds can strike; demoDisturbances.test.ts measures it).
 *
 * Each patch has an onset date (1986-2023), a kind that must fit the ground (no harvest of a
 * cornfield, no fire on bare rock), and a severity over time: fires and harvests strike at once and
 * recover exponentially (years), floods stand for one to four years and then recede, building and
 * regrowth ramp up and stay. The effect pulls the pixel's reflectance towards the kind's spectrum by
 * the severity, and shifts its surface temperature.
 */
import { EARTH_RADIUS_KM } from './demoGroundNoise.js';
import { mixHash } from './seededRandom.js';

export const DISTURBANCE_KINDS = ['fire', 'harvest', 'flood', 'building', 'regrowth'] as const;
export type DisturbanceKind = (typeof DISTURBANCE_KINDS)[number];

/** Side of the hashed cells (km), and the share of cells that hold a patch. */
export const CELL_KM = 4;
const CELL_PROBABILITY = 0.9;
const MAX_RADIUS_KM = 1.2;
/** The ragged edge reaches this far beyond the radius (texture term of `inPatch`). */
const EDGE_SLACK = 1.25;

/** Days since 1970-01-01 of 1986-01-01 and the span of onsets (to the end of 2023). */
const FIRST_ONSET_DAY = 5844;
const ONSET_SPAN_DAYS = 19722 - 5844;
const YEAR_DAYS = 365.25;

type Spectrum = readonly [number, number, number, number, number, number, number];
// Bands coastal, blue, green, red, NIR, SWIR1, SWIR2 (as demoTileSynth.ts).
/** Char and ash: dark in the NIR, bright in the SWIR2 (what the normalized burn ratio exploits). */
const BURN: Spectrum = [0.04, 0.045, 0.055, 0.07, 0.11, 0.19, 0.2];
/** A clear-cut: slash, stumps and bare soil. */
const CLEARCUT: Spectrum = [0.06, 0.07, 0.095, 0.12, 0.22, 0.3, 0.23];
/** Muddy flood water standing on the land. */
const FLOODWATER: Spectrum = [0.07, 0.07, 0.09, 0.07, 0.035, 0.015, 0.01];
/** Roofs, asphalt, concrete. */
const BUILT: Spectrum = [0.09, 0.1, 0.12, 0.14, 0.19, 0.22, 0.2];
/** Young closed forest. */
const YOUNG_FOREST: Spectrum = [0.02, 0.025, 0.05, 0.03, 0.33, 0.15, 0.06];
const TARGET: Record<DisturbanceKind, Spectrum> = { fire: BURN, harvest: CLEARCUT, flood: FLOODWATER, building: BUILT, regrowth: YOUNG_FOREST };
/** Surface temperature change (K) at full severity: burnt and bare ground heats, water and forest cool. */
const KELVIN_SHIFT: Record<DisturbanceKind, number> = { fire: 6, harvest: 3, flood: -4, building: 4, regrowth: -3 };

/** Land-cover classes (demoLandCover.ts Cover) each kind can strike; another class is left alone. */
const FORESTS = [1, 2, 3];
const OPEN = [4, 5, 8];
const FITS: Record<DisturbanceKind, readonly number[]> = {
  fire: [...FORESTS, 4],
  harvest: FORESTS,
  flood: [...FORESTS, ...OPEN],
  building: [4, 5],
  regrowth: [4, 5, 8],
};

export interface DisturbancePatch {
  kind: DisturbanceKind;
  /** Earth-centred km of the patch's centre (on the sphere). */
  x: number;
  y: number;
  z: number;
  radiusKm: number;
  /** Days since 1970-01-01 (UTC). */
  onsetDay: number;
  /** Recovery e-folding time (fire, harvest), standing time (flood) or ramp time (building, regrowth), days. */
  timeDays: number;
}

const unit = (h: number) => h / 4294967296;

/**
 * Whether v lies in cell c's inner box (the cell less `margin` on both sides). A module function, not
 * a closure in cellPatch: the closure made per call (with tsx's function-name helper) was ~8 % of the
 * synthesis worker's time over a 40-year record's scene-box statistics, whose overview pixels each
 * fall in another cell (docs/performance.md, fifth round).
 */
function within(v: number, c: number, margin: number): boolean {
  return v >= c * CELL_KM + margin && v <= (c + 1) * CELL_KM - margin;
}

/** The patch of the cell with integer coordinates (i, j, k), or null: a pure function of the cell. */
export function cellPatch(i: number, j: number, k: number): DisturbancePatch | null {
  const h0 = mixHash(i + 0x1d15, j - 0x7ab, k + 0x3c3);
  if (unit(h0) >= CELL_PROBABILITY) return null;
  const h1 = mixHash(h0, i, k);
  const h2 = mixHash(h1, j, i);
  const h3 = mixHash(h2, k, j);
  // Sizes skewed to small: most patches a few hundred metres, a few over 2 km across.
  const s = (h3 & 0xff) / 0xff;
  const radiusKm = 0.15 + (MAX_RADIUS_KM - 0.15) * s * s;
  const margin = radiusKm * EDGE_SLACK;
  const inner = CELL_KM - 2 * margin;
  const px = i * CELL_KM + margin + inner * ((h1 & 0xffff) / 0xffff);
  const py = j * CELL_KM + margin + inner * ((h1 >>> 16) / 0xffff);
  const pz = k * CELL_KM + margin + inner * ((h2 & 0xffff) / 0xffff);
  const scale = EARTH_RADIUS_KM / Math.hypot(px, py, pz);
  const x = px * scale;
  const y = py * scale;
  const z = pz * scale;
  if (!within(x, i, margin) || !within(y, j, margin) || !within(z, k, margin)) return null;
  const kind = DISTURBANCE_KINDS[(h2 >>> 16) % DISTURBANCE_KINDS.length];
  const onsetDay = FIRST_ONSET_DAY + Math.floor(unit(mixHash(h3, i, 77)) * ONSET_SPAN_DAYS);
  const t = ((h3 >>> 8) & 0xff) / 0xff;
  const years = kind === 'fire' ? 4 + 6 * t : kind === 'harvest' ? 6 + 9 * t : kind === 'flood' ? 1 + 3 * t : kind === 'building' ? 0.5 + t : 3 + 5 * t;
  return { kind, x, y, z, radiusKm, onsetDay, timeDays: years * YEAR_DAYS };
}

/** Severity 0..1 of a patch on a day. */
export function severityOn(patch: DisturbancePatch, day: number): number {
  const age = day - patch.onsetDay;
  if (age < 0) return 0;
  switch (patch.kind) {
    case 'fire':
    case 'harvest':
      return Math.exp(-age / patch.timeDays);
    case 'flood':
      // Stands, then recedes over half a year.
      return age < patch.timeDays ? 1 : Math.max(0, 1 - (age - patch.timeDays) / 180);
    default:
      return Math.min(1, age / patch.timeDays);
  }
}

/** Whether ground at Earth-centred km (x, y, z) with texture `tex` (-1..1) lies in the patch. */
export function inPatch(patch: DisturbancePatch, xKm: number, yKm: number, zKm: number, tex: number): boolean {
  const dx = xKm - patch.x;
  const dy = yKm - patch.y;
  const dz = zKm - patch.z;
  const q = (dx * dx + dy * dy + dz * dz) / (patch.radiusKm * patch.radiusKm);
  // Ragged edge: q within [1 - 0.55, 1 + 0.55] depends on the ground's texture (EDGE_SLACK^2 ~ 1.56).
  return q + 0.55 * tex < 1;
}

/** The one-cell memo of a thread (pixels in a row mostly share their cell). */
const memo = { i: NaN, j: NaN, k: NaN, patch: null as DisturbancePatch | null };

/** The patch (if any) of the cell holding the ground point (Earth-centred km). */
export function patchAt(xKm: number, yKm: number, zKm: number): DisturbancePatch | null {
  const i = Math.floor(xKm / CELL_KM);
  const j = Math.floor(yKm / CELL_KM);
  const k = Math.floor(zKm / CELL_KM);
  if (i !== memo.i || j !== memo.j || k !== memo.k) {
    memo.i = i;
    memo.j = j;
    memo.k = k;
    // Cells are at most ~1,600 from the centre along each axis (6,371 km / 4 km): the key is exact in a double.
    const key = ((i + 2048) * 4096 + (j + 2048)) * 4096 + (k + 2048);
    let patch = knownPatches.get(key);
    if (patch === undefined) {
      if (knownPatches.size >= KNOWN_PATCHES) knownPatches.clear();
      knownPatches.set(key, (patch = cellPatch(i, j, k)));
    }
    memo.patch = patch;
  }
  return memo.patch;
}

/**
 * Patches of cells met lately (null: none there), per thread. Overview pixels (480 m) step into
 * another 4 km cell every few pixels, so the one-cell memo alone recomputed each cell's hashes many
 * times per tile, and again for every scene of the path/row: ~1,000 cells cover a scene.
 */
const knownPatches = new Map<number, DisturbancePatch | null>();
const KNOWN_PATCHES = 16_384;

/**
 * Applies the disturbance (if any) at a ground point on a day to a pixel's reflectance `rho` (7
 * bands, in place) of land-cover class `cls`; returns the surface temperature change (K) and sets
 * `out.water` when the ground is under flood water. `tex` is the ground texture (-1..1).
 */
export function applyDisturbance(rho: number[], cls: number, xKm: number, yKm: number, zKm: number, tex: number, day: number, out: { water: boolean }): number {
  out.water = false;
  const patch = patchAt(xKm, yKm, zKm);
  if (!patch || day < patch.onsetDay || !FITS[patch.kind].includes(cls) || !inPatch(patch, xKm, yKm, zKm, tex)) return 0;
  const severity = severityOn(patch, day);
  if (severity <= 0) return 0;
  const target = TARGET[patch.kind];
  // Texture keeps the disturbed ground from being a flat colour.
  const grain = 1 + 0.08 * tex;
  for (let b = 0; b < 7; b++) rho[b] += (target[b] * grain - rho[b]) * severity;
  if (patch.kind === 'flood' && severity > 0.5) out.water = true;
  return KELVIN_SHIFT[patch.kind] * severity;
}

/** Whether a kind fits a land-cover class (for tests and docs). */
export function kindFits(kind: DisturbanceKind, cls: number): boolean {
  return FITS[kind].includes(cls);
}
