import type { GreennessCurve, SnowSeason } from './demoPlaces.js';

const DAYS_PER_YEAR = 365.25;
const TRANSITION_DAYS = 12;

/** UTC day of year, 1..366. */
export function dayOfYear(date: Date): number {
  const start = Date.UTC(date.getUTCFullYear(), 0, 1);
  return Math.floor((date.getTime() - start) / 86_400_000) + 1;
}

const sigmoid = (t: number) => 1 / (1 + Math.exp(-t));

/**
 * Vegetation greenness (0..1) on a day of year: a logistic green-up and brown-off. Curves are written
 * for the northern hemisphere; south of the equator the seasons run half a year later.
 * A curve whose brown-off comes before its green-up wraps over the new year.
 */
export function seasonalGreenness(doy: number, curve: GreennessCurve, latDeg: number): number {
  const { greenUpDoy: up, min, max } = curve;
  let down = curve.brownOffDoy;
  if (down - up >= 365) return max;
  if (down < up) down += 365;
  const d = latDeg < 0 ? doy - 182 : doy;
  let season = 0;
  for (const shift of [-365, 0, 365]) {
    const t = d + shift;
    season = Math.max(season, sigmoid((t - up) / (TRANSITION_DAYS / 4)) * sigmoid((down - t) / (TRANSITION_DAYS / 4)));
  }
  return min + (max - min) * season;
}

/** True when `doy` lies in [from, to] on a circular year (the range may wrap over the new year). */
function inSeason(doy: number, from: number, to: number): boolean {
  const f = ((from % 365) + 365) % 365;
  const t = ((to % 365) + 365) % 365;
  return f <= t ? doy >= f && doy <= t : doy >= f || doy <= t;
}

/** Days from `from` forward to `doy` on a circular year. */
function daysSince(doy: number, from: number): number {
  return (((doy - from) % 365) + 365) % 365;
}

/** Share of open ground under snow (0..1) on a day of year. */
export function snowFraction(doy: number, snow: SnowSeason | null): number {
  if (!snow) return 0;
  if (inSeason(doy, snow.fullDoy, snow.meltDoy)) return 1;
  if (inSeason(doy, snow.onsetDoy, snow.fullDoy)) return daysSince(doy, snow.onsetDoy) / daysSince(snow.fullDoy, snow.onsetDoy);
  if (inSeason(doy, snow.meltDoy, snow.goneDoy)) return 1 - daysSince(doy, snow.meltDoy) / daysSince(snow.goneDoy, snow.meltDoy);
  return 0;
}

export function lakesFrozen(doy: number, snow: SnowSeason | null): boolean {
  return snow !== null && inSeason(doy, snow.lakeFreezeDoy, snow.lakeBreakupDoy);
}

/** Clear-sky land surface temperature of a day, kelvin, before land-cover offsets. */
export function seasonalKelvin(doy: number, t: { meanKelvin: number; amplitudeKelvin: number; warmestDoy: number }, lagDays = 0): number {
  return t.meanKelvin + t.amplitudeKelvin * Math.cos((2 * Math.PI * (doy - t.warmestDoy - lagDays)) / DAYS_PER_YEAR);
}
