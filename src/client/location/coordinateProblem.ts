export type Axis = 'Latitude' | 'Longitude';

const LIMIT: Record<Axis, number> = { Latitude: 90, Longitude: 180 };

/** A plain decimal number; one decimal comma is accepted for a decimal point ("10,2" is 10.2). */
const DECIMAL = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/;

/**
 * The typed coordinate as a number, or null when it is not one. A comma is read as the decimal
 * separator, never as a thousands separator (the browser's number input read "10,2" as 102).
 */
export function parseCoordinate(text: string): number | null {
  const t = text.trim().replace(/^\u2212/, '-');
  if (!DECIMAL.test(t)) return null;
  const n = Number(t.replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

/** Why a typed coordinate is unusable, or null when it is a number within range. */
export function coordinateProblem(axis: Axis, text: string): string | null {
  if (text.trim() === '') return `${axis} is required.`;
  const n = parseCoordinate(text);
  if (n === null) return `${axis} must be a decimal number, such as 45.3267 or 45,3267 ("${text.trim()}" is not one).`;
  const limit = LIMIT[axis];
  if (n < -limit || n > limit) return `${axis} must be between -${limit} and ${limit}.`;
  return null;
}

/** Seed: coordinates are shown to 6 decimals. */
export function formatCoordinate(value: number): string {
  return value.toFixed(6);
}
