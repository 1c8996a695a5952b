import { lazy, Suspense, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { BandId } from '../../core/bands/bandCatalog.js';
import type { LngLat } from '../../core/geo/lngLat.js';
import type { SiteInput } from '../../shared/sitesInput.js';
import { DEFAULT_ZOOM } from '../../shared/defaults.js';
import type { Place } from '../location/placeLabel.js';
import { useFootprintQuery, usePageConfig } from '../api/useServerQueries.js';
import { AreaChoice } from '../filters/AreaChoice.js';
import { resolveAnalysisArea, type AnalysisArea } from '../filters/analysisArea.js';
import { OpacitySlider } from '../results/OpacitySlider.js';
import { pixelSeriesState } from '../series/pixelSeriesState.js';
import { StreamProgressNote } from '../results/StreamProgressNote.js';
import { BandCards } from '../bands/BandCards.js';
import { bandsToRequest } from '../bands/bandsToRequest.js';
import { CrashForTest } from '../errors/CrashForTest.js';
import { dateRangeProblem } from '../filters/dateRangeProblem.js';
import { localizeIsoDates } from '../filters/dateWords.js';
import { FiltersForm, type FilterValues } from '../filters/FiltersForm.js';
import { Landing } from '../landing/Landing.js';
import { LocationSidebar } from '../location/LocationSidebar.js';
import { useGeolocation } from '../location/useGeolocation.js';
import { LocationMap } from '../map/LocationMap.js';
import { DemoDataNotice, pageServedAsSynthetic } from '../notify/DemoDataNotice.js';
import { useAreaDrawing } from '../area/useAreaDrawing.js';
import { chosenPixelScene } from '../map/PixelOutlines.js';
import { preloadAnswerReaders, useLandsatQueries } from '../results/useLandsatQueries.js';
import { useFetchResults } from '../results/useFetchResults.js';
import { useChosenSceneImage, useLatestClearScene } from '../results/useChosenScene.js';
import { problemText } from '../results/describeEmptyAnswer.js';
import { useLandOnResult } from '../results/useLandOnResult.js';
import { readUrlState } from '../urlState/readUrlState.js';
import { useViewInUrl } from '../urlState/useViewInUrl.js';
import { LinkProblems } from '../urlState/LinkProblems.js';
import { useSceneFromLink } from '../urlState/useSceneFromLink.js';
import { usePolygonInLink } from '../area/usePolygonInLink.js';
import { initialPageState, pageReducer } from './pageState.js';
import { useMapFollows } from './useMapFollows.js';
import { usePageFetch } from './usePageFetch.js';
import { LazySection } from './LazySection.js';

// Loaded when the page shows it: the panel brings the request schemas (zod) the first view does not need.
const ManySitesSection = lazy(() => import('../sites/ManySitesSection.js').then((m) => ({ default: m.ManySitesSection })));
// "What changed here?": its chart, CSVs and the change contract load with it (as the person scrolls near it, or at once for its alert link), never on the first view.
const ChangeSection = lazy(() => import('../change/ChangeSection.js').then((m) => ({ default: m.ChangeSection })));
// Issue 33: the first load carries what the first screen needs (map, filters, bands). The results come
// with the first Fetch (their chunk starts loading at the click); the sections below the fold load as
// the person scrolls near them (LazySection), each with a placeholder holding its place.
const loadResults = () => import('../results/ResultsSection.js');
/**
 * The chunks the results and the map load lazily when results show (the charts, the pixel tables, the
 * map's pixel outlines and image overlay), all asked at once. Asked only as they render, they came one
 * after another: a waterfall of ~0.8 s in the 40-year journey's trace, on two cores busy with the server.
 */
const loadResultsParts = () =>
  Promise.all([
    import('../series/ComparisonSection.js'),
    import('../results/BandChartGrid.js'),
    import('../series/PixelAnalysis.js'),
    import('../map/PixelOutlinesLayer.js'),
    import('../results/SceneImageOverlay.js'),
  ]);
const ResultsSection = lazy(() => loadResults().then((m) => ({ default: m.ResultsSection })));
// Parts of the results this page hands to ResultsSection: in its chunk too, not in the first load.
const LatestClearChoice = lazy(() => loadResults().then((m) => ({ default: m.LatestClearChoice })));
const EmptyAnswer = lazy(() => loadResults().then((m) => ({ default: m.EmptyAnswer })));
const StatisticsStatus = lazy(() => loadResults().then((m) => ({ default: m.StatisticsStatus })));
const ComparisonSection = lazy(() => import('../series/ComparisonSection.js').then((m) => ({ default: m.ComparisonSection })));
const FieldSpectrumSection = lazy(() => import('../fieldSpectrum/FieldSpectrumSection.js').then((m) => ({ default: m.FieldSpectrumSection })));
const AreaPanel = lazy(() => import('../area/AreaPanel.js').then((m) => ({ default: m.AreaPanel })));

/** The page's server state lives in one query cache (cancellation, de-duplication, caching). */
export function App() {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <AppPage />
    </QueryClientProvider>
  );
}

/** The single page: landing, location, filters + bands, results. Lays out the sections over the page state (pageState.ts). */
function AppPage() {
  const openedWith = useMemo(() => readUrlState(window.location.search), []);
  // A kept job link (#job=…) opens the many-sites section at once, to show its job.
  const [openedWithJobLink] = useState(() => /(?:^#|&)job=/.test(window.location.hash));
  // A link that carries a polygon (poly= or areaId=) restores it in the area panel: its code loads at once.
  const openedWithPolygon = openedWith.polygon !== undefined || openedWith.areaId !== undefined;
  // The change alert's link (…#what-changed) opens the page for that section: its code loads at once.
  const [openedForChange] = useState(() => window.location.hash === '#what-changed');
  const [state, dispatch] = useReducer(pageReducer, openedWith, initialPageState);
  const { lngLat, area, filters, ticked, request, selectedSceneId, cancelled } = state;

  const config = usePageConfig();
  // The Area statistics panel's polygon, shown on the map.
  const areaDrawing = useAreaDrawing(openedWith.polygon);
  const [linkProblems, setLinkProblems] = useState(openedWith.problems);
  const addLinkProblem = useCallback((problem: string) => setLinkProblems((p) => [...p, problem]), []);
  // The polygon in the link: its corners, or the id the server keeps for a longer one.
  const polygonInLink = usePolygonInLink(areaDrawing, openedWith.areaId, addLinkProblem);
  const queries = useLandsatQueries(request);
  const footprint = useFootprintQuery(lngLat);
  const analysisArea = useMemo(() => resolveAnalysisArea(area, lngLat, state.sceneBox), [area, lngLat, state.sceneBox]);
  // Where the map opens (a link's point or the default); later points move it through `view`.
  const initialCenter = useRef(state.lngLat).current;
  const bandsSection = useRef<HTMLElement>(null);
  const resultsSection = useRef<HTMLElement>(null);

  const selectPoint = useCallback((point: LngLat, zoom?: number) => dispatch({ type: 'pointChosen', lngLat: point, zoom }), []);
  // Stable handlers (dispatch never changes): sections may list them in their effects' dependencies.
  const on = useMemo(
    () => ({
      latText: (text: string) => dispatch({ type: 'coordinateTyped', axis: 'lat', text }),
      lonText: (text: string) => dispatch({ type: 'coordinateTyped', axis: 'lon', text }),
      place: (place: Place) => dispatch({ type: 'pointChosen', lngLat: [place.lon, place.lat], zoom: DEFAULT_ZOOM }),
      pick: (point: LngLat) => dispatch({ type: 'pointChosen', lngLat: point }),
      mapReady: () => dispatch({ type: 'mapReady' }),
      opacity: (opacity: number) => dispatch({ type: 'opacityChanged', opacity }),
      area: (choice: AnalysisArea) => dispatch({ type: 'areaChosen', area: choice }),
      filters: (values: FilterValues) => dispatch({ type: 'filtersChanged', filters: values }),
      band: (id: BandId, checked: boolean) => dispatch({ type: 'bandToggled', id, checked }),
      scene: (sceneId: string | null) => dispatch({ type: 'sceneSelected', sceneId }),
      sites: (sites: readonly SiteInput[]) => dispatch({ type: 'sitesParsed', sites }),
    }),
    [],
  );
  const { locating, locationMessage, setLocationMessage, useCurrentPosition } = useGeolocation(selectPoint);
  const { fetchData, fetchWithFilters, commitCoordinates } = usePageFetch(state, dispatch, openedWith, polygonInLink);
  const { image, data, pixels } = queries;
  useMapFollows(state, dispatch, footprint, image.data, setLocationMessage);

  const scrollToBands = () => {
    bandsSection.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    bandsSection.current?.focus({ preventScroll: true });
  };

  const cancelFetch = () => {
    queries.cancel();
    dispatch({ type: 'fetchCancelled' });
  };

  // True once the lazily loaded results section is on the page (OnMount below), so landing on it can scroll there.
  const [resultsOnPage, setResultsOnPage] = useState(false);
  const { complete, emptyAnswer, imageProblem, dataProblem, results, running, doneCount, statusMessage } = useFetchResults(request, queries, { cancelled, formProblem: state.formProblem });

  // Once per fetch, when its image (or the reason there is none) is in: land on it (not on a sidebar).
  // (Its section is a chunk of its own: landing waits until it is on the page.)
  useLandOnResult(Boolean(results) && resultsOnPage && !image.isFetching && (Boolean(image.data) || Boolean(complete) || Boolean(imageProblem)), request?.id ?? null, resultsSection);

  useViewInUrl(lngLat, filters, ticked, area, polygonInLink, state.pointTyped, selectedSceneId);
  // A link's (or a history entry's) chosen scene: chosen once its fetch lists it.
  useSceneFromLink(openedWith.scene, request?.id ?? null, results, on.scene, addLinkProblem);
  // Once the map is up, the code that reads a Fetch's answers loads while the person chooses.
  useEffect(() => {
    if (state.mapReady) preloadAnswerReaders();
  }, [state.mapReady]);
  // The results' own code starts loading with the first Fetch, while its answers are on their way; the
  // parts it loads lazily, together once the image is in. Asked at the click too, their parsing held the
  // first image back (one year in the page: 0.61 -> 0.90 s).
  useEffect(() => {
    if (request) void loadResults();
  }, [request]);
  const imageSettled = request !== null && !image.isPending;
  useEffect(() => {
    if (imageSettled) void loadResultsParts();
  }, [imageSettled]);

  // A scene chosen in the list: the figure, caption, map overlay and downloads show it (useChosenScene.ts).
  const chosenEntry = selectedSceneId ? results?.data.data?.find((e) => e.scene?.id === selectedSceneId) : undefined;
  const chosenScene = chosenEntry?.scene ? { id: chosenEntry.scene.id, datetime: chosenEntry.scene.datetime } : null;
  const chosenImage = useChosenSceneImage(request, chosenScene, image.data?.sceneId ?? null);
  const shown: typeof results =
    results && chosenScene
      ? {
          ...results,
          chosenSceneId: chosenScene.id,
          ...(chosenImage
            ? { image: chosenImage.data ?? null, imagePending: chosenImage.isFetching, imageProblem: chosenImage.error ? `No image of the chosen scene: ${problemText(chosenImage.error)}` : null }
            : {}),
        }
      : results;
  const listedScenes = useMemo(() => new Set((results?.data.data ?? []).flatMap((e) => (e.scene ? [e.scene.id] : []))), [results?.data.data]);
  const latestClear = useLatestClearScene(request, pixels.data, listedScenes, on.scene);

  const shownImage = shown?.image;
  const imageOverlay = shownImage?.boundsLngLat ? { url: shownImage.dataUrl, boundsLngLat: shownImage.boundsLngLat, opacity: state.imageOpacity } : null;

  return (
    <>
      {openedWith.crash && <CrashForTest />}
      {/* First on the page: a refused link is said before anything else. */}
      <LinkProblems problems={linkProblems} onDismiss={() => setLinkProblems([])} />
      <Landing />
      <main id="main-container">
        {(config ? config.synthetic : pageServedAsSynthetic()) && <DemoDataNotice />}
        <section id="location" className="page-section with-sidebar" aria-label="Location">
          <LocationSidebar
            latText={state.latText}
            lonText={state.lonText}
            onLatText={on.latText}
            onLonText={on.lonText}
            onCommitCoordinates={commitCoordinates}
            coordinateProblem={state.coordinateProblem}
            onPlace={on.place}
            onUseCurrentPosition={useCurrentPosition}
            locating={locating}
            locationMessage={locationMessage}
            onNext={scrollToBands}
          />
          <div className="section-main map-area" role="region" aria-label="Map: click to choose a point">
            {!state.mapReady && <p className="map-loading">Loading map...</p>}
            {config && (
              <LocationMap
                tileUrl={config.tileUrl}
                tileAttribution={config.tileAttribution}
                initialCenter={initialCenter}
                initialZoom={DEFAULT_ZOOM}
                marker={lngLat}
                bbox={state.sceneBox}
                areaBox={area === 'scene' ? null : analysisArea.bbox}
                footprints={state.footprints}
                view={state.view}
                onPick={on.pick}
                onReady={on.mapReady}
                imageOverlay={imageOverlay}
                pixelScene={chosenPixelScene(pixels.data, selectedSceneId, shown?.image?.sceneId)}
                sites={state.sitesOnMap}
                areaDrawing={areaDrawing}
                composite={{ startDate: filters.startDate, endDate: filters.endDate, cloudCoverage: filters.cloudCoverage, bands: bandsToRequest(ticked), mask: filters.mask, harmonize: filters.harmonize }}
              />
            )}
            {imageOverlay && <OpacitySlider label="Scene image opacity on the map" value={state.imageOpacity} onChange={on.opacity} />}
            <AreaChoice
              value={area}
              onChange={on.area}
              note={`Statistics and the full image use ${analysisArea.description}${analysisArea.kind === 'square' ? ' (orange on the map)' : ''}.`}
            />
          </div>
        </section>

        <section id="bands" ref={bandsSection} tabIndex={-1} className="page-section with-sidebar" aria-labelledby="bands-heading">
          <aside className="sidebar">
            <FiltersForm values={filters} onChange={on.filters} onSubmit={() => void fetchData()} dateProblem={dateRangeProblem(filters.startDate, filters.endDate)} />
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
            <BandCards selected={ticked} onToggle={on.band} />
          </div>
        </section>

        {shown && (
          <Suspense
            fallback={
              // While the results' code loads, the statistics' progress stays in view (the sidebar's went with the image).
              <section className="page-section lazy-section" aria-busy="true" style={{ minHeight: '80vh' }}>
                <StreamProgressNote what="Band statistics" progress={queries.dataProgress} />
              </section>
            }
          >
          <ResultsSection
            ref={resultsSection}
            results={shown}
            sceneChoice={<LatestClearChoice state={latestClear.state} onFind={latestClear.find} />}
            pixels={pixels.data ?? null}
            showDemoNotice={Boolean(config?.synthetic)}
            selectedSceneId={selectedSceneId}
            onSelectScene={on.scene}
            onShowOlder={(endDate) => fetchWithFilters({ endDate })}
            statisticsStatus={
              <StatisticsStatus
                complete={shown.complete !== false}
                running={data.isFetching}
                cancelled={cancelled}
                progress={queries.dataProgress}
                problem={dataProblem}
                data={shown.data}
                onCancel={cancelFetch}
              />
            }
            emptyAnswer={emptyAnswer && <EmptyAnswer explanation={emptyAnswer} sceneFilter={complete?.sceneFilter} onFetchAt={(cloudCoverage) => fetchWithFilters({ cloudCoverage })} />}
          >
            <ComparisonSection
              lngLat={shown.lngLat}
              startDate={shown.startDate}
              endDate={shown.endDate}
              pixelSeries={pixelSeriesState(pixels, queries.pixelProgress)}
              statistics={shown.data}
              imageDataUrl={shown.image?.dataUrl ?? null}
              selectedSceneId={selectedSceneId}
            />
          </ResultsSection>
          <OnMount done={setResultsOnPage} />
          </Suspense>
        )}
        <LazySection id="field-spectrum" label="Compare your field spectrum with Landsat" minHeight="26rem">
          <FieldSpectrumSection lngLat={lngLat} startDate={filters.startDate} endDate={filters.endDate} onFilePlaces={on.sites} />
        </LazySection>
        <LazySection id="what-changed" label="What changed here?" minHeight="20rem" eager={openedForChange}>
          <ChangeSection lngLat={lngLat} />
        </LazySection>
        <LazySection id="area-statistics" label="Area statistics" minHeight="22rem" eager={openedWithPolygon}>
          <AreaPanel filters={{ startDate: filters.startDate, endDate: filters.endDate, cloudCoverage: filters.cloudCoverage, bands: bandsToRequest(ticked), mask: filters.mask, harmonize: filters.harmonize }} area={areaDrawing} linkNote={polygonInLink.note} />
        </LazySection>
        <LazySection id="many-sites" label="Many sites" minHeight="24rem" eager={openedWithJobLink}>
          <ManySitesSection startDate={filters.startDate} endDate={filters.endDate} cloudCoverage={filters.cloudCoverage} bands={bandsToRequest(ticked)} harmonize={filters.harmonize} onSitesParsed={on.sites} />
        </LazySection>
      </main>
      <footer className="page-footer">
        Landsat Collection 2 Level-2 data courtesy of the U.S. Geological Survey. Map outline: Natural Earth.
        Place names: <a href="https://www.geonames.org/">GeoNames</a> (<a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>).
      </footer>
    </>
  );
}

/** Says when the Suspense boundary it is in has shown its content (a lazily loaded section is on the page). */
function OnMount({ done }: { done: (mounted: boolean) => void }) {
  useEffect(() => {
    done(true);
    return () => done(false);
  }, [done]);
  return null;
}
