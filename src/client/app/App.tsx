import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { BAND_IDS, type BandId } from '../../core/bands/bandCatalog.js';
import type { BBox, LngLat } from '../../core/geo/lngLat.js';
import { DEFAULT_POINT, DEFAULT_ZOOM } from '../../shared/defaults.js';
import type { Place } from '../location/placeLabel.js';
import type { Wrs2Tile } from '../../shared/api/wrs2.js';
import { isAbortError } from '../api/ApiRequestError.js';
import { footprintQueryOptions, useFootprintQuery, usePageConfig } from '../api/useServerQueries.js';
import { AreaChoice } from '../filters/AreaChoice.js';
import { resolveAnalysisArea, type AnalysisArea } from '../filters/analysisArea.js';
import { ComparisonSection } from '../series/ComparisonSection.js';
import { OpacitySlider } from '../results/OpacitySlider.js';
import { pixelSeriesState } from '../series/pixelSeriesState.js';
import { urlStateSearch } from '../urlState/urlStateSearch.js';
import { StreamProgressNote } from '../results/StreamProgressNote.js';
import { BandCards } from '../bands/BandCards.js';
import { bandsToRequest } from '../bands/bandsToRequest.js';
import { CrashForTest } from '../errors/CrashForTest.js';
import { dateRangeProblem } from '../filters/dateRangeProblem.js';
import { initialDateRange, localizeIsoDates } from '../filters/dateWords.js';
import { FiltersForm, type FilterValues } from '../filters/FiltersForm.js';
import { Landing } from '../landing/Landing.js';
import { coordinateProblem, formatCoordinate, parseCoordinate } from '../location/coordinateProblem.js';
import { LocationSidebar } from '../location/LocationSidebar.js';
import { useGeolocation } from '../location/useGeolocation.js';
import { LocationMap, type MapViewRequest, type MapViewTarget } from '../map/LocationMap.js';
import { DemoDataNotice } from '../notify/DemoDataNotice.js';
import { FieldSpectrumSection } from '../fieldSpectrum/FieldSpectrumSection.js';
import { lazy, Suspense } from 'react';
import { ResultsSection } from '../results/ResultsSection.js';
import { AreaPanel } from '../area/AreaPanel.js';
import { useAreaDrawing } from '../area/useAreaDrawing.js';
import { chosenPixelScene } from '../map/PixelOutlines.js';
import type { SiteInput } from '../../shared/sitesInput.js';
import { useLandsatQueries, type FetchRequest } from '../results/useLandsatQueries.js';
import { useFetchResults } from '../results/useFetchResults.js';
import { useLandOnResult } from '../results/useLandOnResult.js';
import { readUrlState } from '../urlState/readUrlState.js';
import { pushFetchEntry, usePopState } from '../urlState/fetchHistory.js';
import { useViewInUrl } from '../urlState/useViewInUrl.js';
import { EmptyAnswer } from '../results/EmptyAnswer.js';
import { StatisticsStatus } from '../results/StatisticsStatus.js';

// Loaded when the page shows it: the panel brings the request schemas (zod) the first view does not need.
const ManySitesSection = lazy(() => import('../sites/ManySitesSection.js').then((m) => ({ default: m.ManySitesSection })));

/** The page's server state lives in one query cache (cancellation, de-duplication, caching). */
export function App() {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <AppPage />
    </QueryClientProvider>
  );
}

/** The single page: landing, location, filters + bands, results. Owns the state the sections share. */
function AppPage() {
  const urlState = useMemo(() => readUrlState(window.location.search), []);
  const initialLngLat: LngLat = urlState.lat !== undefined && urlState.lon !== undefined ? [urlState.lon, urlState.lat] : [DEFAULT_POINT.lon, DEFAULT_POINT.lat];

  const config = usePageConfig();
  const [mapReady, setMapReady] = useState(false);

  const [lngLat, setLngLat] = useState<LngLat>(initialLngLat);
  const [latText, setLatText] = useState(formatCoordinate(initialLngLat[1]));
  const [lonText, setLonText] = useState(formatCoordinate(initialLngLat[0]));
  const [coordProblem, setCoordProblem] = useState<string | null>(null);
  const [sceneBox, setSceneBox] = useState<BBox | null>(null);
  const [area, setArea] = useState<AnalysisArea>(urlState.area ?? 'scene');
  const [footprints, setFootprints] = useState<Wrs2Tile[]>([]);
  const [view, setView] = useState<MapViewRequest | null>(null);

  const [filters, setFilters] = useState<FilterValues>({
    ...initialDateRange(urlState),
    size: urlState.size ?? '3x3',
    cloudCoverage: urlState.cloudCoverage ?? 0,
    scenes: urlState.scenes ?? 'latest',
    mask: urlState.mask,
  });
  const [ticked, setTicked] = useState<Set<BandId>>(() => new Set(urlState.bands ?? []));
  const [request, setRequest] = useState<(FetchRequest & { id: number; areaDescription: string }) | null>(null);
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const [selectedSceneId, setSelectedSceneId] = useState<string | null>(null);
  const [imageOpacity, setImageOpacity] = useState(0.7);
  // The Area statistics panel's polygon and the Many sites panel's sites, both shown on the map.
  const areaDrawing = useAreaDrawing();
  const [sitesOnMap, setSitesOnMap] = useState<readonly SiteInput[]>([]);
  const queries = useLandsatQueries(request);
  const queryClient = useQueryClient();
  const footprint = useFootprintQuery(lngLat);
  const analysisArea = useMemo(() => resolveAnalysisArea(area, lngLat, sceneBox), [area, lngLat, sceneBox]);

  const viewCounter = useRef(0);
  const fetchCounter = useRef(0);
  const bandsSection = useRef<HTMLElement>(null);
  const resultsSection = useRef<HTMLElement>(null);

  const requestView = useCallback((target: MapViewTarget) => {
    viewCounter.current += 1;
    setView({ ...target, id: viewCounter.current });
  }, []);

  // Every chosen point, the default one included, gets its footprint and scene box (seed: a miss
  // leaves the box as it was); the map then fits the analysis area, as after a click.
  useEffect(() => {
    const body = footprint.data;
    const found = body?.bbox && body.tiles.length > 0 ? body.bbox : null;
    if (found) {
      setSceneBox(found);
      setFootprints(body!.tiles);
    }
    const fitBox = area === 'scene' ? found : resolveAnalysisArea(area, lngLat, null).bbox;
    if (fitBox) requestView({ kind: 'fit', bbox: fitBox });
    // Only a new footprint answer or a new area choice moves the map.
  }, [footprint.data, area]);

  useEffect(() => {
    if (!footprint.error || isAbortError(footprint.error)) return;
    console.error('Could not look up the scene footprint:', footprint.error);
    setLocationMessage(`Could not find the Landsat scene footprint: ${(footprint.error as Error).message}`);
  }, [footprint.error]);

  const selectPoint = useCallback(
    (point: LngLat, zoom?: number) => {
      // A new place: the old results, scene list, passes and notification form go at once (they were
      // for another point); unobserved, their requests are aborted.
      setRequest((current) => (current && (current.lngLat[0] !== point[0] || current.lngLat[1] !== point[1]) ? null : current));
      setLngLat(point);
      setLatText(formatCoordinate(point[1]));
      setLonText(formatCoordinate(point[0]));
      setCoordProblem(null);
      requestView({ kind: 'center', lngLat: point, zoom });
    },
    [requestView],
  );

  /** The typed coordinates as a point (committed when they name a new one), or null with the problem shown at the fields. */
  const commitCoordinates = (): LngLat | null => {
    const problem = coordinateProblem('Latitude', latText) ?? coordinateProblem('Longitude', lonText);
    setCoordProblem(problem);
    if (problem) return null;
    const typed: LngLat = [parseCoordinate(lonText)!, parseCoordinate(latText)!];
    const unchanged = formatCoordinate(typed[0]) === formatCoordinate(lngLat[0]) && formatCoordinate(typed[1]) === formatCoordinate(lngLat[1]);
    if (unchanged) {
      setLatText(formatCoordinate(typed[1]));
      setLonText(formatCoordinate(typed[0]));
      return lngLat;
    }
    selectPoint(typed);
    return typed;
  };

  const usePlace = (place: Place) => selectPoint([place.lon, place.lat], DEFAULT_ZOOM);

  const { locating, locationMessage, setLocationMessage, useCurrentPosition } = useGeolocation(selectPoint);

  const scrollToBands = () => {
    bandsSection.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    bandsSection.current?.focus({ preventScroll: true });
  };

  const toggleBand = (id: BandId, checked: boolean) =>
    setTicked((prev) => {
      const next = new Set(prev);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });

  interface FetchSettings {
    point: LngLat;
    values: FilterValues;
    bands: Set<BandId>;
    areaChoice: AnalysisArea;
  }

  /** One fetch: the image, the statistics and the pixel series of the analysis area; `push` makes it a history entry. */
  const fetchWith = async ({ point, values, bands, areaChoice }: FetchSettings, push: boolean) => {
    // A date problem is shown at the date fields (FiltersForm), not again beside Fetch Data.
    setFormProblem(null);
    if (dateRangeProblem(values.startDate, values.endDate)) {
      document.getElementById('start-date')?.focus();
      return;
    }
    const id = ++fetchCounter.current;
    let resolved = resolveAnalysisArea(areaChoice, point, sceneBox);
    if (areaChoice === 'scene') {
      // The point's footprint (cached once looked up): never a neighbouring point's box or a small fallback.
      const body = await queryClient.fetchQuery(footprintQueryOptions(point)).catch(() => null);
      if (id !== fetchCounter.current) return;
      resolved = resolveAnalysisArea(areaChoice, point, body?.bbox && body.tiles.length > 0 ? body.bbox : null);
    }
    setSelectedSceneId(null);
    setCancelled(false);
    if (push) {
      pushFetchEntry(
        urlStateSearch({ lngLat: point, startDate: values.startDate, endDate: values.endDate, size: values.size, cloudCoverage: values.cloudCoverage, bands: BAND_IDS.filter((b) => bands.has(b)), scenes: values.scenes, area: areaChoice, mask: values.mask }),
      );
    }
    setRequest({
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
    });
  };

  /** Fetch Data: refused (no request) while the typed coordinates or the dates are unusable. */
  const fetchData = async (values: FilterValues = filters) => {
    const point = commitCoordinates();
    if (!point) {
      setFormProblem('Fetch needs a valid Latitude and Longitude: see the message under them in Search Location.');
      return;
    }
    await fetchWith({ point, values, bands: ticked, areaChoice: area }, true);
  };

  const showOlderScenes = (endDate: string) => {
    const next = { ...filters, endDate };
    setFilters(next);
    void fetchData(next);
  };

  /** The way out of an empty answer: the same fetch at the cloud limit the explanation suggests. */
  const fetchAtCloudLimit = (cloudCoverage: number) => {
    const next = { ...filters, cloudCoverage };
    setFilters(next);
    void fetchData(next);
  };

  // Settings from a URL (a shared link, or Back/Forward): applied, and fetched when the entry was a fetch.
  const applyUrlState = (search: string, fetch: boolean) => {
    const state = readUrlState(search);
    const point: LngLat = state.lat !== undefined && state.lon !== undefined ? [state.lon, state.lat] : lngLat;
    const values: FilterValues = { ...filters, ...initialDateRange(state), size: state.size ?? filters.size, cloudCoverage: state.cloudCoverage ?? 0, scenes: state.scenes ?? 'latest', mask: state.mask };
    const bands = new Set<BandId>(state.bands ?? []);
    const areaChoice = state.area ?? 'scene';
    setFilters(values);
    setTicked(bands);
    setArea(areaChoice);
    if (point[0] !== lngLat[0] || point[1] !== lngLat[1]) selectPoint(point);
    if (fetch) void fetchWith({ point, values, bands, areaChoice }, false);
    else setRequest(null);
  };
  usePopState((search, isFetch) => applyUrlState(search, isFetch));

  // A shared link (its URL names a point) shows its results without another click.
  const openedLink = useRef(false);
  useEffect(() => {
    if (openedLink.current || urlState.lat === undefined || urlState.lon === undefined) return;
    openedLink.current = true;
    void fetchWith({ point: initialLngLat, values: filters, bands: ticked, areaChoice: area }, false);
    window.history.replaceState({ landsatFetch: true }, '', window.location.href);
  }, []);

  const cancelFetch = () => {
    queries.cancel();
    setCancelled(true);
  };

  const { image, data, pixels } = queries;
  const { complete, emptyAnswer, imageProblem, dataProblem, results, running, doneCount, statusMessage } = useFetchResults(request, queries, { cancelled, formProblem });

  // Once per fetch, when its image (or the reason there is none) is in: land on it (not on a sidebar).
  useLandOnResult(Boolean(results) && !image.isFetching && (Boolean(image.data) || Boolean(complete) || Boolean(imageProblem)), request?.id ?? null, resultsSection);

  // The full image covers the analysis area: fit the map to it, so the whole overlay is in view.
  useEffect(() => {
    const bounds = image.data?.boundsLngLat;
    if (bounds) requestView({ kind: 'fit', bbox: { minLon: bounds[0], minLat: bounds[1], maxLon: bounds[2], maxLat: bounds[3] } });
  }, [image.data]);

  useViewInUrl(lngLat, filters, ticked, area);

  const shownImage = results?.image;
  const imageOverlay = shownImage?.boundsLngLat ? { url: shownImage.dataUrl, boundsLngLat: shownImage.boundsLngLat, opacity: imageOpacity } : null;

  return (
    <>
      {urlState.crash && <CrashForTest />}
      <Landing />
      <main id="main-container">
        {config?.synthetic && <DemoDataNotice />}
        <section id="location" className="page-section with-sidebar" aria-label="Location">
          <LocationSidebar
            latText={latText}
            lonText={lonText}
            onLatText={setLatText}
            onLonText={setLonText}
            onCommitCoordinates={commitCoordinates}
            coordinateProblem={coordProblem}
            onPlace={usePlace}
            onUseCurrentPosition={useCurrentPosition}
            locating={locating}
            locationMessage={locationMessage}
            onNext={scrollToBands}
          />
          <div className="section-main map-area" role="region" aria-label="Map: click to choose a point">
            {!mapReady && <p className="map-loading">Loading map...</p>}
            {config && (
              <LocationMap
                tileUrl={config.tileUrl}
                tileAttribution={config.tileAttribution}
                initialCenter={initialLngLat}
                initialZoom={DEFAULT_ZOOM}
                marker={lngLat}
                bbox={sceneBox}
                areaBox={area === 'scene' ? null : analysisArea.bbox}
                footprints={footprints}
                view={view}
                onPick={(point) => selectPoint(point)}
                onReady={() => setMapReady(true)}
                imageOverlay={imageOverlay}
                pixelScene={chosenPixelScene(pixels.data, selectedSceneId, results?.image?.sceneId)}
                sites={sitesOnMap}
                areaDrawing={areaDrawing}
              />
            )}
            {imageOverlay && <OpacitySlider label="Scene image opacity on the map" value={imageOpacity} onChange={setImageOpacity} />}
            <AreaChoice
              value={area}
              onChange={setArea}
              note={`Statistics and the full image use ${analysisArea.description}${analysisArea.kind === 'square' ? ' (orange on the map)' : ''}.`}
            />
          </div>
        </section>

        <section id="bands" ref={bandsSection} tabIndex={-1} className="page-section with-sidebar" aria-labelledby="bands-heading">
          <aside className="sidebar">
            <FiltersForm values={filters} onChange={setFilters} onSubmit={() => void fetchData()} dateProblem={dateRangeProblem(filters.startDate, filters.endDate)} />
            {running && !results && (
              <div className="fetch-progress" role="status">
                <label htmlFor="fetch-progress">Fetching image and band statistics ({doneCount} of 2 done)...</label>
                <progress id="fetch-progress" max={2} value={doneCount} />
                <StreamProgressNote what="Band statistics" progress={queries.dataProgress} />
                <button type="button" className="secondary-button" onClick={cancelFetch}>
                  Cancel
                </button>
              </div>
            )}
            <p className="field-error" role="alert">
              {statusMessage ? localizeIsoDates(statusMessage) : ''}
            </p>
          </aside>
          <div className="section-main">
            <h2 id="bands-heading">Choose Your Desired Landsat Bands:</h2>
            <p className="hint">Hover over each card to view detailed descriptions.</p>
            <BandCards selected={ticked} onToggle={toggleBand} />
          </div>
        </section>

        {results && (
          <ResultsSection
            ref={resultsSection}
            results={results}
            pixels={pixels.data ?? null}
            showDemoNotice={Boolean(config?.synthetic)}
            selectedSceneId={selectedSceneId}
            onSelectScene={setSelectedSceneId}
            onShowOlder={showOlderScenes}
            statisticsStatus={
              <StatisticsStatus
                complete={results.complete !== false}
                running={data.isFetching}
                cancelled={cancelled}
                progress={queries.dataProgress}
                problem={dataProblem}
                data={results.data}
                onCancel={cancelFetch}
              />
            }
            emptyAnswer={emptyAnswer && <EmptyAnswer explanation={emptyAnswer} sceneFilter={complete?.sceneFilter} onFetchAt={fetchAtCloudLimit} />}
          >
            <ComparisonSection
              lngLat={results.lngLat}
              startDate={results.startDate}
              endDate={results.endDate}
              pixelSeries={pixelSeriesState(pixels, queries.pixelProgress)}
              statistics={results.data}
              imageDataUrl={results.image?.dataUrl ?? null}
              selectedSceneId={selectedSceneId}
            />
          </ResultsSection>
        )}
        <FieldSpectrumSection lngLat={lngLat} startDate={filters.startDate} endDate={filters.endDate} />
        <AreaPanel filters={{ startDate: filters.startDate, endDate: filters.endDate, cloudCoverage: filters.cloudCoverage, bands: bandsToRequest(ticked), mask: filters.mask, harmonize: filters.harmonize }} area={areaDrawing} />
        <Suspense fallback={null}>
          <ManySitesSection startDate={filters.startDate} endDate={filters.endDate} cloudCoverage={filters.cloudCoverage} bands={bandsToRequest(ticked)} harmonize={filters.harmonize} onSitesParsed={setSitesOnMap} />
        </Suspense>
      </main>
      <footer className="page-footer">
        Landsat Collection 2 Level-2 data courtesy of the U.S. Geological Survey. Map outline: Natural Earth.
        Place names: <a href="https://www.geonames.org/">GeoNames</a> (<a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>).
      </footer>
    </>
  );
}
