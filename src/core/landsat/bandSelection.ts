import { BAND_CATALOG, type ArchiveAssetKey, type BandId, type BandInfo } from '../bands/bandCatalog.js';

export interface BandSelection {
  /** Chosen bands that Level-2 products carry, in the order chosen (`asset` is OLI's until sceneBands.ts onSensor re-keys it). */
  available: (Omit<BandInfo, 'asset'> & { asset: Exclude<ArchiveAssetKey, 'qa_pixel'> })[];
  /** Chosen bands Level-2 lacks, with the reason: reported, never invented. */
  unavailable: Record<string, string>;
}

export function selectBands(bandIds: BandId[]): BandSelection {
  const available: BandSelection['available'] = [];
  const unavailable: Record<string, string> = {};
  for (const id of bandIds) {
    const info = BAND_CATALOG[id];
    if (info.asset) available.push(info as BandSelection['available'][number]);
    else unavailable[id] = info.unavailableReason ?? `${info.label} is not in Level-2 products`;
  }
  return { available, unavailable };
}

/**
 * Which chosen bands become the image's red, green and blue: B04,B03,B02 make true colour when
 * all three are chosen; otherwise the first three chosen bands in order; one band is grey; two
 * bands give R = first, G = second, B = first.
 */
export function displayBands(available: BandSelection['available']): BandSelection['available'] {
  const byId = new Map(available.map((b) => [b.id, b]));
  const red = byId.get('B04');
  const green = byId.get('B03');
  const blue = byId.get('B02');
  if (red && green && blue) return [red, green, blue];
  if (available.length >= 3) return available.slice(0, 3);
  if (available.length === 2) return [available[0], available[1], available[0]];
  return available.slice(0, 1);
}
