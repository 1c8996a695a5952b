import { useEffect } from 'react';
import { BAND_IDS, type BandId } from '../../core/bands/bandCatalog.js';
import type { LngLat } from '../../core/geo/lngLat.js';
import type { AnalysisArea } from '../filters/analysisArea.js';
import { urlStateSearch } from './urlStateSearch.js';
import type { FilterValues } from '../filters/FiltersForm.js';
import { currentEntryIsFetch } from './fetchHistory.js';

/** The point a query string names, as the link writes it (6 decimals), or null. */
function pointInSearch(search: string): string | null {
  const q = new URLSearchParams(search);
  return q.has('lat') && q.has('lon') ? `${q.get('lat')},${q.get('lon')}` : null;
}

/** A query string with the area polygon (`poly` or `areaId`) and the chosen scene as given, the rest as it was. */
function viewSet(search: string, polygon: { poly: string | null; areaId: string | null }, scene: string | null): string {
  const q = new URLSearchParams(search);
  q.delete('poly');
  q.delete('areaId');
  q.delete('scene');
  if (polygon.poly) q.set('poly', polygon.poly);
  else if (polygon.areaId) q.set('areaId', polygon.areaId);
  if (scene) q.set('scene', scene);
  const text = q.toString().replace(/%2C/g, ',').replace(/%3B/g, ';').replace(/%21/g, '!');
  return text ? `?${text}` : '';
}

/**
 * Keeps the view in the URL so a copied link reopens it (readUrlState reads it back). A new place is
 * a new history entry (Back returns to the place before); other settings change the entry in place.
 * After a fetch the URL names that fetch (its history entry) until the next one or another place.
 */
export function useViewInUrl(lngLat: LngLat, filters: FilterValues, ticked: ReadonlySet<BandId>, area: AnalysisArea, polygon: { poly: string | null; areaId: string | null }, pointTyped = false, scene: string | null = null): void {
  useEffect(() => {
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
      harmonize: filters.harmonize,
      poly: polygon.poly,
      areaId: polygon.areaId,
      scene,
    });
    if (search === window.location.search) return;
    const url = `${window.location.pathname}${search}${window.location.hash}`;
    const before = pointInSearch(window.location.search);
    // Back/Forward land on a URL whose point the page then applies: the same point, so no new entry.
    // Typing Latitude then Longitude commits twice: the second replaces the first's entry.
    const typedEntry = (window.history.state as { landsatTypedPlace?: boolean } | null)?.landsatTypedPlace === true;
    if (before !== null && before !== pointInSearch(search)) {
      if (pointTyped && typedEntry) window.history.replaceState(window.history.state, '', url);
      else window.history.pushState(pointTyped ? { landsatTypedPlace: true } : null, '', url);
    } else if (!currentEntryIsFetch()) window.history.replaceState(window.history.state, '', url);
    else {
      // The area polygon and the chosen scene are no fetch settings: a fetch's entry takes them in its own URL.
      const withPolygon = viewSet(window.location.search, polygon, scene);
      if (withPolygon !== window.location.search) window.history.replaceState(window.history.state, '', `${window.location.pathname}${withPolygon}${window.location.hash}`);
    }
  }, [lngLat, filters, ticked, area, polygon.poly, polygon.areaId, pointTyped, scene]);
}
