/** Steps in degrees, coarse to fine; the first that puts at least MIN_LINES lines across the view wins. */
const STEPS_DEG = [30, 10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001];
const MIN_LINES = 3;

export interface Graticule {
  stepDeg: number;
  /** Latitudes and longitudes of the lines inside the view, in degrees. */
  lats: number[];
  lons: number[];
}

/** Whole multiples of the step between min and max (rounded to the step's decimals, no float fuzz). */
function multiples(min: number, max: number, step: number): number[] {
  const decimals = Math.max(0, Math.ceil(-Math.log10(step)));
  const out: number[] = [];
  for (let i = Math.ceil(min / step); i * step <= max; i++) out.push(Number((i * step).toFixed(decimals)));
  return out;
}

/**
 * A latitude/longitude grid for the visible box, so the offline map (outline only) still shows where
 * one is at street zoom, where a country's fill alone would be a blank canvas.
 */
export function graticuleLines(view: { south: number; north: number; west: number; east: number }): Graticule {
  const span = Math.min(view.north - view.south, view.east - view.west);
  const stepDeg = STEPS_DEG.find((s) => span / s >= MIN_LINES) ?? STEPS_DEG[STEPS_DEG.length - 1];
  return {
    stepDeg,
    lats: multiples(Math.max(view.south, -85), Math.min(view.north, 85), stepDeg),
    lons: multiples(view.west, view.east, stepDeg),
  };
}

/** "45.33° N", "79.2° W": as many decimals as the step needs. */
export function formatGraticuleLabel(valueDeg: number, axis: 'lat' | 'lon', stepDeg: number): string {
  const decimals = Math.max(0, Math.ceil(-Math.log10(stepDeg) - 1e-9));
  const wrapped = axis === 'lon' ? ((((valueDeg + 180) % 360) + 360) % 360) - 180 : valueDeg;
  const hemisphere = wrapped === 0 ? '' : axis === 'lat' ? (wrapped > 0 ? ' N' : ' S') : wrapped > 0 ? ' E' : ' W';
  return `${Math.abs(wrapped).toFixed(decimals)}°${hemisphere}`;
}

/**
 * Of labels placed along one screen axis (pixels, ascending), those at least minGapPx apart, first kept.
 * At the world view (zoom 0-1) the 30° lines are ~20 px apart and the labels would overprint.
 */
export function spacedLabels<T extends { px: number }>(labels: T[], minGapPx: number): T[] {
  const kept: T[] = [];
  for (const label of labels) {
    if (kept.length === 0 || label.px - kept[kept.length - 1].px >= minGapPx) kept.push(label);
  }
  return kept;
}
