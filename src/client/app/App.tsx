import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { BAND_IDS, type BandId } from '../../core/bands/bandCatalog.js';
import type { BBox, LngLat } from '../../core/geo/lngLat.js';
import { DEFAULT_POINT, DEFAULT_ZOOM } from '../../shared/defaults.js';
import type { LandsatDataResponse, PageConfig, PlaceResult, Wrs2Response, Wrs2Tile } from '../api/apiTypes.js';
import { isAbortError } from '../api/ApiRequestError.js';
import { problemText } from '../results/describeEmptyAnswer.js';
import { boxAroundPoint, landsatRequestUrls } from '../api/landsatRequestUrls.js';
import { analysisRequestUrls } from '../analysis/analysisRequestUrls.js';
import { ComparisonSection } from '../analysis/ComparisonSection.js';
import { OpacitySlider } from '../analysis/OpacitySlider.js';
import { requestSceneImage } from '../analysis/requestSceneImage.js';
import { urlStateSearch } from '../analysis/urlStateSearch.js';
import { usePixelSeries } from '../analysis/usePixelSeries.js';
import { requestJson } from '../api/requestJson.js';
import { readNdjsonProgress, type StreamProgress } from '../analysis/readNdjsonProgress.js';
import { StreamProgressNote } from '../analysis/StreamProgressNote.js';
import { BandCards } from '../bands/BandCards.js';
import { bandsToRequest } from '../bands/bandsToRequest.js';
import { CrashForTest } from '../errors/CrashForTest.js';
import { dateRangeProblem } from '../filters/dateRangeProblem.js';
import { FiltersForm, type FilterValues } from '../filters/FiltersForm.js';
import { Landing } from '../landing/Landing.js';
import { coordinateProblem, formatCoordinate } from '../location/coordinateProblem.js';
import { LocationSidebar } from '../location/LocationSidebar.js';
import { LocationMap, type MapViewRequest, type MapViewTarget } from '../map/LocationMap.js';
import { DemoDataNotice } from '../notify/DemoDataNotice.js';
import { ResultsSection, type LandsatResults } from '../results/ResultsSection.js';
import { readUrlState } from '../urlState/readUrlState.js';

/** Used when /api/config cannot be read: the server's own default (OSM standard tiles). */
const FALLBACK_CONFIG: PageConfig = {
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  tileAttribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  source: 'unknown',
  synthetic: false,
};

const GEOLOCATION_TIMEOUT_MS = 10_000;

const contains = (b: BBox, [lon, lat]: LngLat) => lon >= b.minLon && lon <= b.maxLon && lat >= b.minLat && lat <= b.maxLat;

type FetchStatus =
  | { kind: 'idle' }
  | { kind: 'running'; done: number }
  | { kind: 'failed'; message: string };

/** The single page: landing, location, filters + bands, results. Owns the state the sections share. */
export function App() {
  const urlState = useMemo(() => readUrlState(window.location.search), []);
  const initialLngLat: LngLat = urlState.lat !== undefined && urlState.lon !== undefined ? [urlState.lon, urlState.lat] : [DEFAULT_POINT.lon, DEFAULT_POINT.lat];

  const [config, setConfig] = useState<PageConfig | null>(null);
  const [mapReady, setMapReady] = useState(false);

  const [lngLat, setLngLat] = useState<LngLat>(initialLngLat);
  const [latText, setLatText] = useState(formatCoordinate(initialLngLat[1]));
  const [lonText, setLonText] = useState(formatCoordinate(initialLngLat[0]));
  const [coordProblem, setCoordProblem] = useState<string | null>(null);
  const [bbox, setBbox] = useState<BBox | null>(null);
  const [footprints, setFootprints] = useState<Wrs2Tile[]>([]);
  const [view, setView] = useState<MapViewRequest | null>(null);
  const [locating, setLocating] = useState(false);
  const [locationMessage, setLocationMessage] = useState('');

  const [filters, setFilters] = useState<FilterValues>({
    startDate: urlState.startDate ?? '',
    endDate: urlState.endDate ?? '',
    size: urlState.size ?? '3x3',
    cloudCoverage: urlState.cloudCoverage ?? 0,
    scenes: urlState.scenes ?? 'latest',
  });
  const [ticked, setTicked] = useState<Set<BandId>>(() => new Set(urlState.bands ?? []));
  const [fetchStatus, setFetchStatus] = useState<FetchStatus>({ kind: 'idle' });
  const [dataProgress, setDataProgress] = useState<StreamProgress | null>(null);
  const [results, setResults] = useState<LandsatResults | null>(null);
  const pixelSeries = usePixelSeries();
  const [imageOpacity, setImageOpacity] = useState(0.7);

  const viewCounter = useRef(0);
  const footprintRequest = useRef(0);
  const fetchController = useRef<AbortController | null>(null);
  const bandsSection = useRef<HTMLElement>(null);
  const resultsSection = useRef<HTMLElement>(null);

  const requestView = useCallback((target: MapViewTarget) => {
    viewCounter.current += 1;
    setView({ ...target, id: viewCounter.current });
  }, []);

  useEffect(() => {
    requestJson<PageConfig>('/api/config')
      .then(setConfig)
      .catch((err: unknown) => {
        console.error('Could not read /api/config; using OpenStreetMap tiles:', err);
        setConfig(FALLBACK_CONFIG);
      });
  }, []);

  /** Asks the server which WRS-2 footprints hold the point; a miss leaves the box as it was (seed). */
  const lookUpFootprint = useCallback(
    (point: LngLat) => {
      const requestId = ++footprintRequest.current;
      requestJson<Wrs2Response>(`/api/wrs2?lat=${point[1]}&lon=${point[0]}`)
        .then((body) => {
          if (requestId !== footprintRequest.current) return; // a newer point was chosen meanwhile
          if (!body.bbox || body.tiles.length === 0) return;
          setBbox(body.bbox);
          setFootprints(body.tiles);
          requestView({ kind: 'fit', bbox: body.bbox });
        })
        .catch((err: unknown) => {
          if (requestId !== footprintRequest.current) return;
          console.error('Could not look up the scene footprint:', err);
          setLocationMessage(`Could not find the Landsat scene footprint: ${(err as Error).message}`);
        });
    },
    [requestView],
  );

  const selectPoint = useCallback(
    (point: LngLat, zoom?: number) => {
      setLngLat(point);
      setLatText(formatCoordinate(point[1]));
      setLonText(formatCoordinate(point[0]));
      setCoordProblem(null);
      requestView({ kind: 'center', lngLat: point, zoom });
      lookUpFootprint(point);
    },
    [lookUpFootprint, requestView],
  );

  useEffect(() => {
    // A shared link (e.g. from a notification e-mail) names a point: treat it as a selection.
    // Once, on first render: the URL is read once too.
    if (urlState.lat !== undefined) lookUpFootprint(initialLngLat);
  }, []);

  const commitCoordinates = () => {
    const problem = coordinateProblem('Latitude', latText) ?? coordinateProblem('Longitude', lonText);
    setCoordProblem(problem);
    if (problem) return;
    const typed: LngLat = [Number(lonText), Number(latText)];
    const unchanged = formatCoordinate(typed[0]) === formatCoordinate(lngLat[0]) && formatCoordinate(typed[1]) === formatCoordinate(lngLat[1]);
    if (unchanged) {
      setLatText(formatCoordinate(typed[1]));
      setLonText(formatCoordinate(typed[0]));
      return;
    }
    selectPoint(typed);
  };

  const usePlace = (place: PlaceResult) => selectPoint([place.lon, place.lat], DEFAULT_ZOOM);

  const useCurrentPosition = () => {
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      console.log('Geolocation is not available in this browser.');
      setLocationMessage('This browser cannot share your position. Search by name or type the coordinates instead.');
      return;
    }
    setLocating(true);
    setLocationMessage('');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        selectPoint([position.coords.longitude, position.coords.latitude], DEFAULT_ZOOM);
      },
      (error) => {
        setLocating(false);
        console.log('Geolocation failed:', error.code, error.message);
        const why = error.code === error.PERMISSION_DENIED ? 'permission was refused' : error.code === error.TIMEOUT ? 'it took too long' : 'the position is unavailable';
        setLocationMessage(`Could not get your current position (${why}). Search by name or type the coordinates instead.`);
      },
      { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 60_000 },
    );
  };

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

  const fetchData = async () => {
    const problem = dateRangeProblem(filters.startDate, filters.endDate);
    if (problem) {
      setFetchStatus({ kind: 'failed', message: problem });
      return;
    }
    // A new fetch replaces the previous one: its answers would be for stale filters.
    fetchController.current?.abort();
    const controller = new AbortController();
    fetchController.current = controller;
    const { signal } = controller;

    const point = lngLat;
    const box = bbox && contains(bbox, point) ? bbox : boxAroundPoint(point);
    const request = {
      lngLat: point,
      bbox: box,
      startDate: filters.startDate,
      endDate: filters.endDate,
      size: filters.size,
      cloudCoverage: filters.cloudCoverage,
      bands: bandsToRequest(ticked),
    };
    const { imageUrl, dataUrl } = landsatRequestUrls(request);
    // The pixel series streams its own progress; the same signal cancels it with the rest.
    void pixelSeries.start(analysisRequestUrls(request, filters.scenes === 'latest').pixelStreamUrl, signal);

    let done = 0;
    setDataProgress(null);
    setFetchStatus({ kind: 'running', done });
    const countDone = () => {
      done += 1;
      if (!signal.aborted) setFetchStatus({ kind: 'running', done });
    };
    const [image, data] = await Promise.allSettled([
      requestSceneImage(imageUrl, signal).finally(countDone),
      // The statistics series streams "scene N of M" while the server reads it.
      readNdjsonProgress<LandsatDataResponse>(dataUrl.replace('/api/landsatData?', '/api/landsatData/stream?'), {
        signal,
        onProgress: (progress) => {
          if (!signal.aborted) setDataProgress(progress);
        },
      }).finally(countDone),
    ]);
    if (signal.aborted) return;
    fetchController.current = null;

    let imageProblem: string | null = null;
    if (image.status === 'rejected' && !isAbortError(image.reason)) {
      console.error('Error fetching image:', image.reason);
      imageProblem = `No image: ${problemText(image.reason)}`;
    }
    if (data.status === 'rejected') {
      if (isAbortError(data.reason)) return;
      console.error('Error fetching data:', data.reason);
      const dataProblem = `Could not fetch the band statistics: ${(data.reason as Error).message}`;
      setFetchStatus({ kind: 'failed', message: imageProblem ? `${imageProblem} ${dataProblem}` : dataProblem });
      return;
    }
    setFetchStatus(imageProblem ? { kind: 'failed', message: imageProblem } : { kind: 'idle' });
    setResults({
      lngLat: point,
      imageDataUrl: image.status === 'fulfilled' ? image.value.dataUrl : null,
      imageProblem,
      imageBoundsLngLat: image.status === 'fulfilled' ? image.value.boundsLngLat : null,
      startDate: request.startDate,
      endDate: request.endDate,
      data: data.value,
    });
  };

  useEffect(() => {
    if (!results) return;
    resultsSection.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    resultsSection.current?.focus({ preventScroll: true });
  }, [results]);

  useEffect(() => () => fetchController.current?.abort(), []);

  // Keep the view in the URL so a copied link reopens it (readUrlState reads it back).
  useEffect(() => {
    const search = urlStateSearch({
      lngLat,
      startDate: filters.startDate,
      endDate: filters.endDate,
      size: filters.size,
      cloudCoverage: filters.cloudCoverage,
      bands: BAND_IDS.filter((id) => ticked.has(id)),
      scenes: filters.scenes,
    });
    if (search !== window.location.search) window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
  }, [lngLat, filters, ticked]);

  const imageOverlay =
    results?.imageDataUrl && results.imageBoundsLngLat ? { url: results.imageDataUrl, boundsLngLat: results.imageBoundsLngLat, opacity: imageOpacity } : null;

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
                bbox={bbox}
                footprints={footprints}
                view={view}
                onPick={(point) => selectPoint(point)}
                onReady={() => setMapReady(true)}
                imageOverlay={imageOverlay}
              />
            )}
            {imageOverlay && <OpacitySlider label="Scene image opacity on the map" value={imageOpacity} onChange={setImageOpacity} />}
          </div>
        </section>

        <section id="bands" ref={bandsSection} tabIndex={-1} className="page-section with-sidebar" aria-labelledby="bands-heading">
          <aside className="sidebar">
            <FiltersForm values={filters} onChange={setFilters} onSubmit={fetchData} />
            {fetchStatus.kind === 'running' && (
              <div className="fetch-progress" role="status">
                <label htmlFor="fetch-progress">Fetching image and band statistics ({fetchStatus.done} of 2 done)...</label>
                <progress id="fetch-progress" max={2} value={fetchStatus.done} />
                <StreamProgressNote what="Band statistics" progress={dataProgress} />
              </div>
            )}
            <p className="field-error" role="alert">
              {fetchStatus.kind === 'failed' ? fetchStatus.message : ''}
            </p>
          </aside>
          <div className="section-main">
            <h2 id="bands-heading">Choose Your Desired Landsat Bands:</h2>
            <p className="hint">Hover over each card to view detailed descriptions.</p>
            <BandCards selected={ticked} onToggle={toggleBand} />
          </div>
        </section>

        {results && (
          <ResultsSection ref={resultsSection} results={results} showDemoNotice={Boolean(config?.synthetic)}>
            <ComparisonSection
              lngLat={results.lngLat}
              startDate={results.startDate}
              endDate={results.endDate}
              pixelSeries={pixelSeries.state}
              statistics={results.data}
              imageDataUrl={results.imageDataUrl}
            />
          </ResultsSection>
        )}
      </main>
      <footer className="page-footer">
        Landsat Collection 2 Level-2 data courtesy of the U.S. Geological Survey. Map outline: Natural Earth.
      </footer>
    </>
  );
}
