import { useEffect } from 'react';
import { BAND_IDS, type BandId } from '../../core/bands/bandCatalog.js';
import type { LngLat } from '../../core/geo/lngLat.js';
import type { AnalysisArea } from '../filters/analysisArea.js';
import { urlStateSearch } from './urlStateSearch.js';
import type { FilterValues } from '../filters/FiltersForm.js';
import { currentEntryIsFetch } from './fetchHistory.js';

/**
 * Keeps the view in the URL so a copied link reopens it (readUrlState reads it back). After a fetch
 * the URL names that fetch (its history entry) until the next one.
 */
export function useViewInUrl(lngLat: LngLat, filters: FilterValues, ticked: ReadonlySet<BandId>, area: AnalysisArea): void {
  useEffect(() => {
    if (currentEntryIsFetch()) return;
    const search = urlStateSearch({
      lngLat,
      startDate: filters.startDate,
      endDate: filters.endDate,
      size: filters.size,
      cloudCoverage: filters.cloudCoverage,
      bands: BAND_IDS.filter((id) => ticked.has(id)),
      scenes: filters.scenes,
      area,
      mask: filters.mask,
    });
    if (search !== window.location.search) window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
  }, [lngLat, filters, ticked, area]);
}
