import type { LngLat } from '../geo/lngLat.js';
import { DEFAULT_POINT } from '../../shared/defaults.js';

/** The kind of landscape the land-cover model draws around a place (see landCover.ts). */
export type Landscape = 'lakes-and-forest' | 'city-on-river' | 'desert-river-oasis' | 'rainforest-river-city';

/** A green-up / brown-off curve in day-of-year, written for the northern hemisphere (shifted half a year in the south). */
export interface GreennessCurve {
  greenUpDoy: number;
  brownOffDoy: number;
  /** Greenness (0..1) outside the season and at its peak. */
  min: number;
  max: number;
}

export interface SnowSeason {
  /** Day of year snow starts to fall, and the day the ground is fully covered (may run past 365). */
  onsetDoy: number;
  fullDoy: number;
  /** Day of year melt starts and the day the ground is bare again. */
  meltDoy: number;
  goneDoy: number;
  /** Lakes are frozen (ice with snow on top) between these days of year. */
  lakeFreezeDoy: number;
  lakeBreakupDoy: number;
}

export interface DemoPlace {
  id: string;
  name: string;
  lngLat: LngLat;
  landscape: Landscape;
  /** Deciduous forest / natural vegetation. */
  vegetation: GreennessCurve;
  crops: GreennessCurve;
  snow: SnowSeason | null;
  /** Clear-sky land surface temperature: annual mean, half the annual range, warmest day of year. */
  temperature: { meanKelvin: number; amplitudeKelvin: number; warmestDoy: number };
  /** Probability that a scene is clear (< 2 % cloud) and that it is mostly cloudy (> 60 %). */
  sky: { clearProbability: number; overcastProbability: number };
}

/**
 * The places the synthetic demo archive covers: the seed's default point in central Ontario and three
 * well-known places with different land cover, one south of the equator (north-zone UTM, negative northings).
 * The climate numbers are rough, public climatology; they only need to make the synthetic series plausible.
 */
export const DEMO_PLACES: readonly DemoPlace[] = [
  {
    id: 'huntsville',
    name: 'Huntsville, Muskoka, Ontario',
    lngLat: [DEFAULT_POINT.lon, DEFAULT_POINT.lat],
    landscape: 'lakes-and-forest',
    vegetation: { greenUpDoy: 135, brownOffDoy: 285, min: 0.05, max: 0.95 },
    crops: { greenUpDoy: 160, brownOffDoy: 250, min: 0.05, max: 0.9 },
    snow: { onsetDoy: 320, fullDoy: 350, meltDoy: 75, goneDoy: 105, lakeFreezeDoy: 360, lakeBreakupDoy: 110 },
    temperature: { meanKelvin: 281, amplitudeKelvin: 17, warmestDoy: 200 },
    sky: { clearProbability: 0.3, overcastProbability: 0.3 },
  },
  {
    id: 'paris',
    name: 'Paris, France',
    lngLat: [2.3522, 48.8566],
    landscape: 'city-on-river',
    vegetation: { greenUpDoy: 105, brownOffDoy: 300, min: 0.15, max: 0.9 },
    // Winter cereals: green in spring, harvested in July.
    crops: { greenUpDoy: 70, brownOffDoy: 185, min: 0.15, max: 0.95 },
    snow: null,
    temperature: { meanKelvin: 287, amplitudeKelvin: 10, warmestDoy: 205 },
    sky: { clearProbability: 0.25, overcastProbability: 0.35 },
  },
  {
    id: 'cairo',
    name: 'Cairo and the Nile, Egypt',
    lngLat: [31.2357, 30.0444],
    landscape: 'desert-river-oasis',
    vegetation: { greenUpDoy: 0, brownOffDoy: 366, min: 0.55, max: 0.7 },
    // Irrigated winter crops (sown in November, harvested in April-May); summer crops keep some green.
    crops: { greenUpDoy: -45, brownOffDoy: 125, min: 0.45, max: 0.9 },
    snow: null,
    temperature: { meanKelvin: 300, amplitudeKelvin: 9, warmestDoy: 200 },
    sky: { clearProbability: 0.75, overcastProbability: 0.04 },
  },
  {
    id: 'manaus',
    name: 'Manaus and the Rio Negro, Amazonas, Brazil',
    lngLat: [-60.0217, -3.119],
    landscape: 'rainforest-river-city',
    // Evergreen rainforest: a small dip in the dry season (August-October, written here in northern-hemisphere days).
    vegetation: { greenUpDoy: 100, brownOffDoy: 50, min: 0.85, max: 0.95 },
    crops: { greenUpDoy: 0, brownOffDoy: 366, min: 0.6, max: 0.8 },
    snow: null,
    temperature: { meanKelvin: 302, amplitudeKelvin: 1.5, warmestDoy: 260 },
    sky: { clearProbability: 0.1, overcastProbability: 0.5 },
  },
];

export function findDemoPlace(id: string): DemoPlace | undefined {
  return DEMO_PLACES.find((p) => p.id === id);
}
