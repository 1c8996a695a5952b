export interface XY {
  x: number;
  y: number;
}

export interface RegressionLine {
  slope: number;
  intercept: number;
}

/** Ordinary least-squares fit y = slope * x + intercept. One point (or all x equal) gives a flat line. */
export function regressionLine(points: readonly XY[]): RegressionLine {
  const n = points.length;
  if (n === 0) return { slope: 0, intercept: 0 };
  const meanX = points.reduce((s, p) => s + p.x, 0) / n;
  const meanY = points.reduce((s, p) => s + p.y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.x - meanX) * (p.y - meanY);
    sxx += (p.x - meanX) ** 2;
  }
  const slope = sxx === 0 ? 0 : sxy / sxx;
  return { slope, intercept: meanY - slope * meanX };
}

/** Seed rule: the best-fit line is green when the slope is >= 0, red otherwise. */
export function regressionLineColor(slope: number): 'green' | 'red' {
  return slope >= 0 ? 'green' : 'red';
}
