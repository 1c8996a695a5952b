import type { LandsatDataEntry } from '../../shared/api/landsatData.js';

/**
 * Seed rule: values are grouped across entries, in order, per band name. Entries whose mean is
 * missing (a scene with only no-data pixels in the box) are skipped so charts plot real numbers only.
 */
export function groupBandMeans(entries: readonly LandsatDataEntry[]): Map<string, number[]> {
  const meansByBand = new Map<string, number[]>();
  for (const entry of entries) {
    const bands = entry.outputs?.data?.bands;
    if (!bands) continue;
    for (const [name, value] of Object.entries(bands)) {
      const mean = value?.stats?.mean;
      if (typeof mean !== 'number' || !Number.isFinite(mean)) continue;
      const list = meansByBand.get(name) ?? [];
      list.push(mean);
      meansByBand.set(name, list);
    }
  }
  return meansByBand;
}
