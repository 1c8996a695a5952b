import type { BandId } from '../../core/bands/bandCatalog.js';
import type { BBox, LngLat } from '../../core/geo/lngLat.js';
import { DEFAULT_POINT } from '../../shared/defaults.js';
import type { Wrs2Tile } from '../../shared/api/wrs2.js';
import type { SiteInput } from '../../shared/sitesInput.js';
import type { AnalysisArea } from '../filters/analysisArea.js';
import { initialDateRange } from '../filters/dateWords.js';
import type { FilterValues } from '../filters/FiltersForm.js';
import { coordinateProblem, formatCoordinate, parseCoordinate } from '../location/coordinateProblem.js';
import type { MapViewRequest, MapViewTarget } from '../map/LocationMap.js';
import type { FetchRequest } from '../results/useLandsatQueries.js';
import type { UrlState } from '../urlState/readUrlState.js';

/** One Fetch Data as the page keeps it: the request, its number (a newer one wins) and the words for its area. */
export type PageRequest = FetchRequest & { id: number; areaDescription: string };

/**
 * The page's own state (what the person chose and typed, what the map shows); the server's answers
 * live in the query cache, and the URL carries the settings a link can reopen (src/client/urlState).
 */
export interface PageState {
  /** The chosen point. */
  lngLat: LngLat;
  /** The point came from the typed coordinates (Latitude then Longitude: one place in history, not two). */
  pointTyped: boolean;
  /** The coordinate fields as typed (committed to `lngLat` when they leave the field or Fetch Data is pressed). */
  latText: string;
  lonText: string;
  coordinateProblem: string | null;
  /** The seed's scene box of the point's footprint, once known (a miss keeps the last one). */
  sceneBox: BBox | null;
  footprints: Wrs2Tile[];
  area: AnalysisArea;
  /** The latest request to move the map; its id tells a new request from the same one. */
  view: MapViewRequest | null;
  filters: FilterValues;
  ticked: ReadonlySet<BandId>;
  request: PageRequest | null;
  /** Why Fetch Data sent nothing (shown beside it). */
  formProblem: string | null;
  cancelled: boolean;
  selectedSceneId: string | null;
  imageOpacity: number;
  /** The Many sites panel's sites, shown on the map. */
  sitesOnMap: readonly SiteInput[];
  mapReady: boolean;
}

export type PageAction =
  | { type: 'pointChosen'; lngLat: LngLat; zoom?: number }
  | { type: 'coordinateTyped'; axis: 'lat' | 'lon'; text: string }
  | { type: 'coordinatesCommitted' }
  | { type: 'footprintFound'; sceneBox: BBox; footprints: Wrs2Tile[] }
  | { type: 'viewRequested'; target: MapViewTarget }
  | { type: 'areaChosen'; area: AnalysisArea }
  | { type: 'filtersChanged'; filters: FilterValues }
  | { type: 'bandToggled'; id: BandId; checked: boolean }
  | { type: 'fetchAsked' }
  | { type: 'fetchRefused'; problem: string }
  | { type: 'fetchStarted'; request: PageRequest }
  | { type: 'fetchCancelled' }
  | { type: 'urlApplied'; settings: UrlSettings; fetch: boolean }
  | { type: 'sceneSelected'; sceneId: string | null }
  | { type: 'opacityChanged'; opacity: number }
  | { type: 'sitesParsed'; sites: readonly SiteInput[] }
  | { type: 'mapReady' };

/** What a URL (a shared link, a history entry) sets: the point, the filters, the bands and the area. */
export interface UrlSettings {
  lngLat: LngLat;
  filters: FilterValues;
  ticked: ReadonlySet<BandId>;
  area: AnalysisArea;
}

/** The point a URL names, or `fallback` when it names none. */
export const urlPoint = (url: UrlState, fallback: LngLat): LngLat => (url.lat !== undefined && url.lon !== undefined ? [url.lon, url.lat] : fallback);

/** The settings a URL carries, over `current` (a URL without a size keeps the size chosen; the rest have defaults). */
export function urlSettings(url: UrlState, current: Pick<PageState, 'lngLat' | 'filters'>, today = new Date()): UrlSettings {
  return {
    lngLat: urlPoint(url, current.lngLat),
    filters: { ...current.filters, ...initialDateRange(url, today), size: url.size ?? current.filters.size, cloudCoverage: url.cloudCoverage ?? 0, scenes: url.scenes ?? 'latest', mask: url.mask, harmonize: url.harmonize ?? false },
    ticked: new Set(url.bands ?? []),
    area: url.area ?? 'scene',
  };
}

/** The page as a link (or no link) opens it. */
export function initialPageState(url: UrlState, today = new Date()): PageState {
  const lngLat = urlPoint(url, [DEFAULT_POINT.lon, DEFAULT_POINT.lat]);
  return {
    lngLat,
    pointTyped: false,
    latText: formatCoordinate(lngLat[1]),
    lonText: formatCoordinate(lngLat[0]),
    coordinateProblem: null,
    sceneBox: null,
    footprints: [],
    area: url.area ?? 'scene',
    view: null,
    filters: { ...initialDateRange(url, today), size: url.size ?? '3x3', cloudCoverage: url.cloudCoverage ?? 0, scenes: url.scenes ?? 'latest', mask: url.mask, ...(url.harmonize ? { harmonize: true } : {}) },
    ticked: new Set(url.bands ?? []),
    request: null,
    formProblem: null,
    cancelled: false,
    selectedSceneId: null,
    imageOpacity: 0.7,
    sitesOnMap: [],
    mapReady: false,
  };
}

/** The typed coordinates as a point, or the problem to show at the fields. */
function typedPoint(latText: string, lonText: string): { point: LngLat; problem: null } | { point: null; problem: string } {
  const problem = coordinateProblem('Latitude', latText) ?? coordinateProblem('Longitude', lonText);
  if (problem) return { point: null, problem };
  return { point: [parseCoordinate(lonText)!, parseCoordinate(latText)!], problem: null };
}

const samePoint = (a: LngLat, b: LngLat) => a[0] === b[0] && a[1] === b[1];
/** Equal as the fields show them (six decimals): typing the shown value again is not a new point. */
const sameAsShown = (a: LngLat, b: LngLat) => formatCoordinate(a[0]) === formatCoordinate(b[0]) && formatCoordinate(a[1]) === formatCoordinate(b[1]);

/** The point the typed coordinates commit to (the one shown when they name it again), or null when they are unusable. */
export function committedPoint(state: Pick<PageState, 'latText' | 'lonText' | 'lngLat'>): LngLat | null {
  const { point } = typedPoint(state.latText, state.lonText);
  if (point === null) return null;
  return sameAsShown(point, state.lngLat) ? state.lngLat : point;
}

const withView = (state: PageState, target: MapViewTarget): PageState => ({ ...state, view: { ...target, id: (state.view?.id ?? 0) + 1 } });

/**
 * A new place: the old results, scene list, passes and notification form go at once (they were for
 * another point; unobserved, their requests are aborted); the fields show the point; the map centres on it.
 */
function choosePoint(state: PageState, lngLat: LngLat, zoom?: number): PageState {
  const request = state.request && !samePoint(state.request.lngLat, lngLat) ? null : state.request;
  // The scene chosen in the old results goes with them (else the new place's link would name it).
  const selectedSceneId = request ? state.selectedSceneId : null;
  return withView({ ...state, request, selectedSceneId, lngLat, latText: formatCoordinate(lngLat[1]), lonText: formatCoordinate(lngLat[0]), coordinateProblem: null }, { kind: 'center', lngLat, zoom });
}

export function pageReducer(state: PageState, action: PageAction): PageState {
  switch (action.type) {
    case 'pointChosen':
      return { ...choosePoint(state, action.lngLat, action.zoom), pointTyped: false };
    case 'coordinateTyped':
      return action.axis === 'lat' ? { ...state, latText: action.text } : { ...state, lonText: action.text };
    case 'coordinatesCommitted': {
      const typed = typedPoint(state.latText, state.lonText);
      if (typed.point === null) return { ...state, coordinateProblem: typed.problem };
      if (!sameAsShown(typed.point, state.lngLat)) return { ...choosePoint(state, typed.point), pointTyped: true };
      return { ...state, coordinateProblem: null, latText: formatCoordinate(typed.point[1]), lonText: formatCoordinate(typed.point[0]) };
    }
    case 'footprintFound':
      return { ...state, sceneBox: action.sceneBox, footprints: action.footprints };
    case 'viewRequested':
      return withView(state, action.target);
    case 'areaChosen':
      return { ...state, area: action.area };
    case 'filtersChanged':
      return { ...state, filters: action.filters };
    case 'bandToggled': {
      const ticked = new Set(state.ticked);
      if (action.checked) ticked.add(action.id);
      else ticked.delete(action.id);
      return { ...state, ticked };
    }
    case 'fetchAsked':
      return { ...state, formProblem: null };
    case 'fetchRefused':
      return { ...state, formProblem: action.problem };
    case 'fetchStarted':
      return { ...state, request: action.request, selectedSceneId: null, cancelled: false };
    case 'fetchCancelled':
      return { ...state, cancelled: true };
    case 'urlApplied': {
      const { lngLat, filters, ticked, area } = action.settings;
      // The entry's chosen scene (if any) is chosen again once its fetch lists it (useSceneFromLink.ts).
      const applied = { ...state, filters, ticked, area, request: action.fetch ? state.request : null, selectedSceneId: null };
      return samePoint(lngLat, state.lngLat) ? applied : { ...choosePoint(applied, lngLat), pointTyped: false };
    }
    case 'sceneSelected':
      return { ...state, selectedSceneId: action.sceneId };
    case 'opacityChanged':
      return { ...state, imageOpacity: action.opacity };
    case 'sitesParsed':
      // "No sites" again (the panel says so when it goes) is no change.
      return action.sites.length === 0 && state.sitesOnMap.length === 0 ? state : { ...state, sitesOnMap: action.sites };
    case 'mapReady':
      return state.mapReady ? state : { ...state, mapReady: true };
  }
}
