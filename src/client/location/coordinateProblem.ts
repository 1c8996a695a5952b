export type Axis = 'Latitude' | 'Longitude';

const LIMIT: Record<Axis, number> = { Latitude: 90, Longitude: 180 };

/** Why a typed coordinate is unusable, or null when it is a number within range. */
export function coordinateProblem(axis: Axis, text: string): string | null {
  if (text.trim() === '') return `${axis} is required.`;
  const n = Number(text);
  if (!Number.isFinite(n)) return `${axis} must be a number.`;
  const limit = LIMIT[axis];
  if (n < -limit || n > limit) return `${axis} must be between -${limit} and ${limit}.`;
  return null;
}

/** Seed: coordinates are shown to 6 decimals. */
export function formatCoordinate(value: number): string {
  return value.toFixed(6);
}
