import { describe, expect, it } from 'vitest';
import type { LngLat } from '../../core/geo/lngLat.js';
import { DEFAULT_POINT } from '../../shared/defaults.js';
import { initialPageState, pageReducer, urlSettings, type PageAction, type PageRequest, type PageState } from './pageState.js';

const TODAY = new Date('2026-05-15T12:00:00Z');
const START = initialPageState({ crash: false, problems: [] }, TODAY);
const BOX = { minLon: -80, minLat: 44.5, maxLon: -77.5, maxLat: 46.3 };

const requestAt = (lngLat: LngLat): PageRequest => ({
  id: 1,
  lngLat,
  bbox: BOX,
  areaDescription: 'the scene box',
  startDate: '2025-05-15',
  endDate: '2026-05-15',
  size: '3x3',
  cloudCoverage: 20,
  bands: ['B04'],
  latestPixelOnly: true,
});
const at = (lngLat: LngLat, extra: Partial<PageState> = {}): PageState => ({ ...START, lngLat, ...extra });
const fetched = at([-79.2, 45.3], { request: requestAt([-79.2, 45.3]), cancelled: true, selectedSceneId: 'LC08_X' });

interface Case {
  what: string;
  state: PageState;
  action: PageAction;
  expected: Partial<PageState>;
}

/** Each action from a given state, and the fields it must leave as the page then shows them. */
const CASES: Case[] = [
  {
    what: 'a point chosen elsewhere drops the old results, fills both fields to 6 decimals and centres the map',
    state: fetched,
    action: { type: 'pointChosen', lngLat: [2.35, 48.8566], zoom: 10 },
    expected: { lngLat: [2.35, 48.8566], latText: '48.856600', lonText: '2.350000', request: null, selectedSceneId: null, coordinateProblem: null, view: { kind: 'center', lngLat: [2.35, 48.8566], zoom: 10, id: 1 } },
  },
  {
    what: 'the same point chosen again keeps the results shown for it',
    state: fetched,
    action: { type: 'pointChosen', lngLat: [-79.2, 45.3] },
    expected: { request: fetched.request, selectedSceneId: 'LC08_X' },
  },
  {
    what: 'typing changes only the field typed in',
    state: START,
    action: { type: 'coordinateTyped', axis: 'lon', text: '12,5' },
    expected: { lonText: '12,5', latText: START.latText, lngLat: START.lngLat },
  },
  {
    what: 'committed coordinates out of range are refused with the problem at the fields',
    state: { ...START, latText: '95', lonText: '10' },
    action: { type: 'coordinatesCommitted' },
    expected: { coordinateProblem: 'Latitude must be between -90 and 90.', lngLat: START.lngLat },
  },
  {
    what: 'committed coordinates with a decimal comma become the new point',
    state: { ...START, latText: '10,25', lonText: '-3.5' },
    action: { type: 'coordinatesCommitted' },
    expected: { lngLat: [-3.5, 10.25], latText: '10.250000', lonText: '-3.500000', coordinateProblem: null, view: { kind: 'center', lngLat: [-3.5, 10.25], zoom: undefined, id: 1 } },
  },
  {
    what: 'committing the point already shown only tidies the fields (no new point, no map move)',
    state: { ...fetched, latText: ' 45.3000001', lonText: '-79.2', coordinateProblem: 'Latitude is required.' },
    action: { type: 'coordinatesCommitted' },
    expected: { lngLat: [-79.2, 45.3], latText: '45.300000', lonText: '-79.200000', coordinateProblem: null, view: null, request: fetched.request },
  },
  {
    what: "a footprint found sets the scene box and the map's outlines",
    state: START,
    action: { type: 'footprintFound', sceneBox: BOX, footprints: [] },
    expected: { sceneBox: BOX, footprints: [] },
  },
  {
    what: 'each view request gets a new id, so the same target twice moves the map twice',
    state: { ...START, view: { kind: 'fit', bbox: BOX, id: 4 } },
    action: { type: 'viewRequested', target: { kind: 'fit', bbox: BOX } },
    expected: { view: { kind: 'fit', bbox: BOX, id: 5 } },
  },
  {
    what: 'ticking a band adds it',
    state: START,
    action: { type: 'bandToggled', id: 'B05', checked: true },
    expected: { ticked: new Set(['B05']) },
  },
  {
    what: 'unticking a band removes only it',
    state: { ...START, ticked: new Set(['B02', 'B05']) },
    action: { type: 'bandToggled', id: 'B05', checked: false },
    expected: { ticked: new Set(['B02']) },
  },
  {
    what: 'a fetch that starts clears the last problem',
    state: { ...START, formProblem: 'Fetch needs a valid Latitude and Longitude.' },
    action: { type: 'fetchAsked' },
    expected: { formProblem: null },
  },
  {
    what: 'a refused fetch says why',
    state: START,
    action: { type: 'fetchRefused', problem: 'Fetch needs a valid Latitude and Longitude.' },
    expected: { formProblem: 'Fetch needs a valid Latitude and Longitude.', request: null },
  },
  {
    what: 'a started fetch replaces the request, forgets the scene picked and the cancel of the last one',
    state: fetched,
    action: { type: 'fetchStarted', request: { ...requestAt([-79.2, 45.3]), id: 2 } },
    expected: { request: { ...requestAt([-79.2, 45.3]), id: 2 }, selectedSceneId: null, cancelled: false },
  },
  {
    what: 'Cancel marks the fetch cancelled and keeps what arrived',
    state: { ...fetched, cancelled: false },
    action: { type: 'fetchCancelled' },
    expected: { cancelled: true, request: fetched.request },
  },
  {
    what: "a history entry that was not a fetch sets its settings and drops the results",
    state: fetched,
    action: { type: 'urlApplied', fetch: false, settings: { lngLat: [-79.2, 45.3], filters: { ...START.filters, cloudCoverage: 40 }, ticked: new Set(['B03']), area: '5km' } },
    expected: { request: null, selectedSceneId: null, filters: { ...START.filters, cloudCoverage: 40 }, ticked: new Set(['B03']), area: '5km', view: null },
  },
  {
    what: 'a history entry of a fetch elsewhere moves the point (its own fetch follows)',
    state: fetched,
    action: { type: 'urlApplied', fetch: true, settings: { lngLat: [10, 20], filters: START.filters, ticked: new Set(), area: 'scene' } },
    expected: { lngLat: [10, 20], latText: '20.000000', request: null, view: { kind: 'center', lngLat: [10, 20], zoom: undefined, id: 1 } },
  },
  {
    what: 'a history entry of a fetch at the same point keeps the results until the fetch replaces them (its own chosen scene follows the fetch)',
    state: fetched,
    action: { type: 'urlApplied', fetch: true, settings: { lngLat: [-79.2, 45.3], filters: START.filters, ticked: new Set(), area: 'scene' } },
    expected: { request: fetched.request, selectedSceneId: null },
  },
  { what: 'a scene picked in the timeline', state: fetched, action: { type: 'sceneSelected', sceneId: 'LC09_Y' }, expected: { selectedSceneId: 'LC09_Y' } },
  { what: 'the image opacity slider', state: START, action: { type: 'opacityChanged', opacity: 0.25 }, expected: { imageOpacity: 0.25 } },
  { what: 'the sites read in the Many sites panel go on the map', state: START, action: { type: 'sitesParsed', sites: [{ id: 'a', lat: 1, lon: 2 }] }, expected: { sitesOnMap: [{ id: 'a', lat: 1, lon: 2 }] } },
  { what: 'the map says it is ready', state: START, action: { type: 'mapReady' }, expected: { mapReady: true } },
];

describe('pageReducer', () => {
  it.each(CASES)('$what', ({ state, action, expected }) => {
    const next = pageReducer(state, action);
    expect(next).toMatchObject(expected);
    // Never changes the state it was given (React keeps the old one for comparison).
    expect(next).not.toBe(state);
  });

  it('hands back the same state when nothing changes (no render for nothing, no effect loop)', () => {
    const ready = { ...START, mapReady: true };
    expect(pageReducer(ready, { type: 'mapReady' })).toBe(ready);
    expect(pageReducer(START, { type: 'sitesParsed', sites: [] })).toBe(START);
  });
});

describe('the page as a link opens it', () => {
  it('with no link: the default point, the last twelve months, 3x3, 0 % cloud, the latest scene, the scene box', () => {
    expect(START).toMatchObject({
      lngLat: [DEFAULT_POINT.lon, DEFAULT_POINT.lat],
      filters: { startDate: '2025-05-15', endDate: '2026-05-15', size: '3x3', cloudCoverage: 0, scenes: 'latest', mask: undefined },
      area: 'scene',
      request: null,
      imageOpacity: 0.7,
    });
    expect(START.latText).toBe(START.lngLat[1].toFixed(6));
    expect(START.ticked.size).toBe(0);
  });

  it("with a link: its point, dates, size, cloud limit, bands, scenes, area and mask", () => {
    const state = initialPageState({ crash: false, problems: [], lat: 45.3, lon: -79.2, startDate: '2020-01-01', endDate: '2020-12-31', size: 'full', cloudCoverage: 30, bands: ['B04', 'B05'], scenes: 'all', area: '5km', mask: 'cloud' }, TODAY);
    expect(state).toMatchObject({
      lngLat: [-79.2, 45.3],
      latText: '45.300000',
      lonText: '-79.200000',
      filters: { startDate: '2020-01-01', endDate: '2020-12-31', size: 'full', cloudCoverage: 30, scenes: 'all', mask: 'cloud' },
      ticked: new Set(['B04', 'B05']),
      area: '5km',
    });
  });

  it('a URL without a size keeps the size chosen, and resets what it leaves out to the defaults', () => {
    const current = { lngLat: [1, 2] as LngLat, filters: { ...START.filters, size: 'full' as const, cloudCoverage: 50, scenes: 'all' as const, mask: 'cloud', harmonize: true } };
    expect(urlSettings({ crash: false, problems: [], startDate: '2021-01-01', endDate: '2021-06-30' }, current, TODAY)).toEqual({
      lngLat: [1, 2],
      filters: { startDate: '2021-01-01', endDate: '2021-06-30', size: 'full', cloudCoverage: 0, scenes: 'latest', mask: undefined, harmonize: false },
      ticked: new Set(),
      area: 'scene',
    });
  });
});

describe('which places make history entries (issue 35)', () => {
  it('marks a point from the typed fields (Latitude then Longitude is one place), not one from the map or a link', () => {
    const typed = pageReducer(pageReducer(START, { type: 'coordinateTyped', axis: 'lat', text: '48.85' }), { type: 'coordinatesCommitted' });
    expect(typed.pointTyped).toBe(true);
    expect(pageReducer(typed, { type: 'pointChosen', lngLat: [2.35, 48.85] }).pointTyped).toBe(false);
  });
});
