/**
 * Temperature climate of the synthetic archive, a function of ground position and date only (never
 * of a scene), so that overlapping scenes agree and snow lies where and when it plausibly would:
 *
 * - sea-level January and July mean temperatures by latitude (zonal means of the climatology, e.g.
 *   NH January: 26 C at the equator, 4 C at 40 N, -7 C at 50 N, -16 C at 60 N), corrected by a few
 *   hand-drawn regional anomalies (the mild Atlantic winters of western Europe and the Pacific
 *   coast, the cold winters of eastern North America and Siberia);
 * - a lapse rate of 6.5 C per km over the elevation proxy (demoRelief.ts);
 * - weather: a ground-fixed anomaly field about 1,500 km across, drawn anew each week and
 *   interpolated between weeks, so that a cold spell covers a region for days.
 *
 * Snow lies where the temperature of about two weeks earlier (the snowpack's memory) is below
 * freezing. Lyon (45.8 N, 4.8 E, January mean ~4.5 C here) therefore sees snow only in cold spells;
 * the Alps, Ontario and the Arctic are white in winter.
 */
import { groundNoiseAt, noisePoints, type NoisePoints } from './demoGroundNoise.js';

export const LAPSE_C_PER_KM = 6.5;

/** Piecewise-linear table lookup. */
function table(xs: readonly number[], ys: readonly number[], x: number): number {
  if (x <= xs[0]) return ys[0];
  for (let i = 1; i < xs.length; i++) {
    if (x <= xs[i]) return ys[i - 1] + ((ys[i] - ys[i - 1]) * (x - xs[i - 1])) / (xs[i] - xs[i - 1]);
  }
  return ys[ys.length - 1];
}

const LATS = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90];
// Zonal mean surface air temperature (C) of the coldest and warmest month, northern and southern land.
const NORTH_WINTER = [26, 25, 21, 14, 4, -7, -16, -26, -32, -34];
const NORTH_SUMMER = [26, 27, 28, 27, 24, 18, 14, 7, 2, 0];
const SOUTH_WINTER = [26, 23, 18, 13, 8, 3, -5, -20, -30, -35];
const SOUTH_SUMMER = [26, 27, 27, 24, 17, 10, 3, -3, -12, -28];

/** Soft membership (0..1) of a box with edges `soft` degrees wide. */
function inBox(lon: number, lat: number, w: number, s: number, e: number, n: number, soft: number): number {
  const inside = Math.min(lon - w, e - lon, lat - s, n - lat);
  return inside >= soft ? 1 : inside <= -soft ? 0 : (inside + soft) / (2 * soft);
}

/** Hand-drawn winter anomalies (C) against the zonal mean: maritime west coasts mild, continental east cold. */
function winterAnomaly(lon: number, lat: number): number {
  // Western and central Europe: the North Atlantic Drift, stronger northwards, fading towards Russia.
  const europe = inBox(lon, lat, -25, 35, 45, 72, 3) * Math.min(12, Math.max(4, 6 + 0.8 * (lat - 45))) * Math.min(1, Math.max(0.15, (45 - lon) / 40));
  const pacificCoast = inBox(lon, lat, -170, 38, -120, 62, 3) * 8;
  const easternNorthAmerica = inBox(lon, lat, -100, 35, -55, 65, 4) * -4;
  const siberia = inBox(lon, lat, 60, 45, 180, 75, 6) * -8;
  return europe + pacificCoast + easternNorthAmerica + siberia;
}

export interface ClimateNormals {
  /** Sea-level mean temperature (C) of the coldest and of the warmest month. */
  winterC: number;
  summerC: number;
}

export function climateNormals(lon: number, lat: number): ClimateNormals {
  const alat = Math.abs(lat);
  if (lat >= 0) return { winterC: table(LATS, NORTH_WINTER, alat) + winterAnomaly(lon, lat), summerC: table(LATS, NORTH_SUMMER, alat) };
  return { winterC: table(LATS, SOUTH_WINTER, alat), summerC: table(LATS, SOUTH_SUMMER, alat) };
}

/** Day of the local year: northern-hemisphere days, shifted half a year in the south. */
export function localDayOfYear(dayOfYear: number, lat: number): number {
  return lat < 0 ? (dayOfYear + 182) % 365 : dayOfYear;
}

/** 0 at the coldest time of the local year (about 20 January in the north), 1 at the warmest. */
export function seasonPhase(localDoy: number): number {
  return 0.5 - 0.5 * Math.cos((2 * Math.PI * (localDoy - 20)) / 365);
}

const WEATHER_SCALE_KM = 1500;
const WEATHER_AMPLITUDE_C = 14;

/** The weather noise's view of ground points (Earth-centred km triples), for weatherAnomalyAtC: per place, not per day. */
export function weatherNoisePoints(km: Float64Array, count: number): NoisePoints {
  return noisePoints(km, count, WEATHER_SCALE_KM);
}

/**
 * The weather's departure from the normal (C) at point k of `points` (weatherNoisePoints) on day
 * `dayNumber`: noise ~1,500 km across, blended from one week's field to the next.
 */
export function weatherAnomalyAtC(points: NoisePoints, k: number, dayNumber: number): number {
  const week = Math.floor(dayNumber / 7);
  const t = (dayNumber - week * 7) / 7;
  const a = groundNoiseAt(points, k, 0x5eed + week);
  const b = groundNoiseAt(points, k, 0x5eed + week + 1);
  return (a + (b - a) * t - 0.5) * WEATHER_AMPLITUDE_C;
}

/** Sea-level temperature (C) of a day of the local year from the normals (no weather). */
export function normalTemperatureC(normals: ClimateNormals, localDoy: number): number {
  return normals.winterC + (normals.summerC - normals.winterC) * seasonPhase(localDoy);
}

/** The snowpack remembers about two weeks: snow follows the temperature of this many days earlier. */
export const SNOW_MEMORY_DAYS = 14;

/** Fraction of the ground under snow (0..1) at a temperature (C) of SNOW_MEMORY_DAYS earlier. */
export function snowFractionAt(temperatureC: number): number {
  const t = Math.min(1, Math.max(0, (1.5 - temperatureC) / 3));
  return t * t * (3 - 2 * t);
}
