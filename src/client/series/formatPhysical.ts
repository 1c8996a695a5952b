/** A physical value for display: reflectance to 4 decimals, kelvin to 2 (the CSV keeps full precision). */
export function formatPhysical(value: number | null | undefined, unit: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return unit === 'kelvin' ? `${value.toFixed(2)} K` : value.toFixed(4);
}
