import { BAND_IDS, DEFAULT_BAND_IDS, type BandId } from '../../core/bands/bandCatalog.js';

/** The bands a fetch asks for: the ticked ones in catalogue order, or B01..B05 when none is ticked (seed rule). */
export function bandsToRequest(ticked: Iterable<BandId>): BandId[] {
  const set = new Set(ticked);
  if (set.size === 0) return [...DEFAULT_BAND_IDS];
  return BAND_IDS.filter((id) => set.has(id));
}
