import { useEffect, useRef, type Dispatch } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BAND_IDS, type BandId } from '../../core/bands/bandCatalog.js';
import type { LngLat } from '../../core/geo/lngLat.js';
import { footprintQueryOptions } from '../api/useServerQueries.js';
import { bandsToRequest } from '../bands/bandsToRequest.js';
import { resolveAnalysisArea, type AnalysisArea } from '../filters/analysisArea.js';
import { dateRangeProblem } from '../filters/dateRangeProblem.js';
import type { FilterValues } from '../filters/FiltersForm.js';
import { pushFetchEntry, usePopState } from '../urlState/fetchHistory.js';
import { readUrlState, type UrlState } from '../urlState/readUrlState.js';
import { urlStateSearch } from '../urlState/urlStateSearch.js';
import { committedPoint, urlPoint, urlSettings, type PageAction, type PageState } from './pageState.js';

interface FetchSettings {
  point: LngLat;
  values: FilterValues;
  bands: ReadonlySet<BandId>;
  areaChoice: AnalysisArea;
}

/**
 * Fetch Data and the ways to it: the button, the empty answer's way out, an older range, a shared
 * link and Back/Forward. Each fetch is one request in the page state (its server state then lives in
 * the query cache, useLandsatQueries); `push` makes it a history entry whose URL reopens it.
 */
export function usePageFetch(state: PageState, dispatch: Dispatch<PageAction>, openedWith: UrlState, polygon: { poly: string | null; areaId: string | null }) {
  const queryClient = useQueryClient();
  const fetchCounter = useRef(0);

  const fetchWith = async ({ point, values, bands, areaChoice }: FetchSettings, push: boolean) => {
    // A date problem is shown at the date fields (FiltersForm), not again beside Fetch Data.
    dispatch({ type: 'fetchAsked' });
    if (dateRangeProblem(values.startDate, values.endDate)) {
      document.getElementById('start-date')?.focus();
      return;
    }
    const id = ++fetchCounter.current;
    let resolved = resolveAnalysisArea(areaChoice, point, state.sceneBox);
    if (areaChoice === 'scene') {
      // The point's footprint (cached once looked up): never a neighbouring point's box or a small fallback.
      const body = await queryClient.fetchQuery(footprintQueryOptions(point)).catch(() => null);
      if (id !== fetchCounter.current) return;
      resolved = resolveAnalysisArea(areaChoice, point, body?.bbox && body.tiles.length > 0 ? body.bbox : null);
    }
    if (push) {
      pushFetchEntry(
        urlStateSearch({ lngLat: point, startDate: values.startDate, endDate: values.endDate, size: values.size, cloudCoverage: values.cloudCoverage, bands: BAND_IDS.filter((b) => bands.has(b)), scenes: values.scenes, area: areaChoice, mask: values.mask, harmonize: values.harmonize, poly: polygon.poly, areaId: polygon.areaId }),
      );
    }
    dispatch({
      type: 'fetchStarted',
      request: {
        id,
        lngLat: point,
        bbox: resolved.bbox,
        areaDescription: resolved.description,
        startDate: values.startDate,
        endDate: values.endDate,
        size: values.size,
        cloudCoverage: values.cloudCoverage,
        mask: values.mask,
        bands: bandsToRequest(bands),
        latestPixelOnly: values.scenes === 'latest',
        harmonize: values.harmonize,
      },
    });
  };

  /** The typed coordinates, committed (a new point when they name one; the problem shown at the fields otherwise). */
  const commitCoordinates = () => dispatch({ type: 'coordinatesCommitted' });

  /** Fetch Data: refused (no request) while the typed coordinates or the dates are unusable. */
  const fetchData = async (values: FilterValues = state.filters) => {
    const point = committedPoint(state);
    commitCoordinates();
    if (!point) {
      dispatch({ type: 'fetchRefused', problem: 'Fetch needs a valid Latitude and Longitude: see the message under them in Search Location.' });
      return;
    }
    await fetchWith({ point, values, bands: state.ticked, areaChoice: state.area }, true);
  };

  /** The same fetch with other filters (an older end date, the cloud limit an empty answer suggests). */
  const fetchWithFilters = (changes: Partial<FilterValues>) => {
    const next = { ...state.filters, ...changes };
    dispatch({ type: 'filtersChanged', filters: next });
    void fetchData(next);
  };

  // Settings from a URL (Back/Forward): applied, and fetched when the entry was a fetch.
  usePopState((search, isFetch) => {
    const settings = urlSettings(readUrlState(search), state);
    dispatch({ type: 'urlApplied', settings, fetch: isFetch });
    if (isFetch) void fetchWith({ point: settings.lngLat, values: settings.filters, bands: settings.ticked, areaChoice: settings.area }, false);
  });

  // A shared link (its URL names a point) shows its results without another click.
  const openedLink = useRef(false);
  useEffect(() => {
    if (openedLink.current || openedWith.lat === undefined || openedWith.lon === undefined) return;
    openedLink.current = true;
    // A link with a value the page refused is not fetched: the page says what was wrong (LinkProblems) and waits.
    if (openedWith.problems.length > 0) return;
    void fetchWith({ point: urlPoint(openedWith, state.lngLat), values: state.filters, bands: state.ticked, areaChoice: state.area }, false);
    window.history.replaceState({ landsatFetch: true }, '', window.location.href);
  }, []);

  return { fetchData, fetchWithFilters, commitCoordinates };
}
