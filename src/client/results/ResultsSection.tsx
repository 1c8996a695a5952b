import './results.css';
import { lazy, Suspense, forwardRef, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { BAND_CATALOG, isBandId } from '../../core/bands/bandCatalog.js';
import { bandLabel } from '../../core/bands/sensorBandName.js';
import type { LngLat } from '../../core/geo/lngLat.js';
import type { PixelResponse } from '../../shared/api/pixel.js';
import type { SceneImage } from '../api/requestSceneImage.js';
import type { LandsatDataSoFar } from '../../shared/api/landsatData.js';
import { DemoDataNotice } from '../notify/DemoDataNotice.js';
import { NextOverpasses } from '../notify/NextOverpasses.js';
import { NotificationForm } from '../notify/NotificationForm.js';
import type { ImageSize } from '../filters/imageSize.js';
import { CoverageNote } from './CoverageNote.js';
import { GridImage, gridQaSummary } from './GridImage.js';
import { groupBandMeans } from './groupBandMeans.js';
import { ImageCaption } from './ImageCaption.js';
import { GeoTiffDownload } from './GeoTiffDownload.js';
import type { BBox } from '../../core/geo/lngLat.js';
import { SceneTimeline } from './SceneTimeline.js';
import { SelectedScene } from './SelectedScene.js';
import { formatUtc } from './SceneMetadataTable.js';
import { useQuery } from '@tanstack/react-query';
import { pixelQueryOptions } from '../api/pixelApi.js';

// Chart.js is the heaviest dependency and is only needed once results exist.
const BandChartGrid = lazy(() => import('./BandChartGrid.js'));

export interface LandsatResults {
  lngLat: LngLat;
  image: SceneImage | null;
  imageProblem: string | null;
  /** The image is still on its way (the statistics may already be arriving). */
  imagePending?: boolean;
  size: ImageSize;
  /** The analysis area in words ("the scene box of the WRS-2 footprint", "a 5 km square around the point"). */
  areaDescription: string;
  bands: string[];
  startDate: string;
  endDate: string;
  /** The whole answer, or while it streams the entries so far (the rest of its keys arrive with the last line). */
  data: LandsatDataSoFar;
  /** The analysis box the image and statistics cover (the GeoTIFF download exports it). */
  bbox?: BBox;
  /** False while the statistics still stream in (`data` then holds the scenes so far). */
  complete?: boolean;
  /** The scene chosen in the list: the image, caption, 3 x 3 and downloads show it instead of the most recent. */
  chosenSceneId?: string | null;
  /** The fetch asked for TM/ETM+ harmonised to OLI: the charts say whether values were adjusted. */
  harmonize?: boolean;
}

export interface ResultsSectionProps {
  results: LandsatResults;
  /** The pixel series, when read: QA states on the 3 x 3 image and "clear at the point" in the list. */
  pixels: PixelResponse | null;
  showDemoNotice: boolean;
  selectedSceneId: string | null;
  onSelectScene: (sceneId: string | null) => void;
  /** "Show the latest clear scene" and what it found (under the image). */
  sceneChoice?: ReactNode;
  /** Moves End Date before the covered range, to reach scenes a limit left out. */
  onShowOlder?: (endDate: string) => void;
  /** Progress, Cancel and the statistics' caption (StatisticsStatus). */
  statisticsStatus?: ReactNode;
  /** Shown instead of the image, charts and scene list when no scene qualifies (EmptyAnswer). */
  emptyAnswer?: ReactNode;
  children?: ReactNode;
}

const bandName = (id: string) => (isBandId(id) ? `${bandLabel(id)} (${BAND_CATALOG[id].label})` : id);
const at = (lngLat: LngLat) => `${lngLat[1].toFixed(6)}, ${lngLat[0].toFixed(6)}`;

/** 'The next landsat will pass over' + notification form, and 'Landsat Results': image, scenes and charts. */
export const ResultsSection = forwardRef<HTMLElement, ResultsSectionProps>(function ResultsSection(
  { results, pixels, showDemoNotice, selectedSceneId, onSelectScene, sceneChoice, onShowOlder, statisticsStatus, emptyAnswer, children },
  ref,
) {
  // Keyed on the list itself (stable between hand-overs of scenes), not on `results.data`, a new object every render.
  const entries = useMemo(() => results.data.data ?? [], [results.data.data]);
  const [notImaged, setNotImaged] = useState<string | null>(null);
  const meansByBand = useMemo(() => groupBandMeans(entries), [entries]);
  // The scene list takes each hand-over of scenes after the charts, in a render React may interrupt:
  // at the end of a 40-year record its ~930 rows were built before the charts appeared (issue 33).
  const listEntries = useDeferredValue(entries);
  const unavailable = Object.entries(results.data.unavailableBands ?? {});
  const image = results.image;
  // QA states are written on the 3 x 3 image only when the pixel series read that very scene.
  const quicklookBands = image?.bands.length ? [...new Set(image.bands)] : results.bands;
  const selectedEntry = selectedSceneId ? entries.find((e) => e.scene?.id === selectedSceneId) : undefined;
  const chosenInSeries = Boolean(pixels?.scenes.some((s) => s.id === selectedSceneId));
  // A chosen scene the series did not read: its own pixels at the point (the query SelectedScene shares).
  const chosenDay = selectedEntry?.scene?.datetime.slice(0, 10) ?? '';
  const chosenOwn = useQuery(pixelQueryOptions({ lngLat: results.lngLat, startDate: chosenDay, endDate: chosenDay, cloudCoverage: 100, bands: results.bands }, Boolean(selectedEntry?.scene) && !chosenInSeries));
  const qaScene = image ? ([...(pixels?.scenes ?? []), ...(chosenOwn.data?.scenes ?? [])].find((s) => s.id === image.sceneId) ?? null) : null;
  const chosen = results.chosenSceneId ?? null;
  return (
    <section id="results" className="page-section with-sidebar" ref={ref} tabIndex={-1} aria-labelledby="results-heading">
      <aside className="sidebar" aria-labelledby="overpass-heading">
        <h2 id="overpass-heading">The next landsat will pass over</h2>
        <NextOverpasses lngLat={results.lngLat} onNotImaged={setNotImaged} />
        <NotificationForm lngLat={results.lngLat} notImaged={notImaged} />
      </aside>
      <div className="section-main results-main">
        <h2 id="results-heading">Landsat Results</h2>
        {(showDemoNotice || results.data.synthetic) && <DemoDataNotice />}
        {emptyAnswer}
        {emptyAnswer ? null : image ? (
          <figure id="result-figure" className="result-figure" tabIndex={-1}>
            {results.size === '3x3' ? (
              <GridImage src={image.dataUrl} alt={`Landsat 3 x 3 pixels around ${at(results.lngLat)}`} qaScene={qaScene} />
            ) : (
              <img className="result-image" src={image.dataUrl} alt={`Landsat image of ${results.areaDescription}, ${at(results.lngLat)}`} />
            )}
            <ImageCaption
              image={image}
              extra={
                results.size === '3x3'
                  ? `The 3 x 3 Landsat pixels (30 m each) around ${at(results.lngLat)}; the target pixel is outlined in yellow. ` +
                    (qaScene ? `QA: ${gridQaSummary(qaScene)}.` : 'QA states appear once the pixel values of this scene are read.')
                  : `${chosen ? 'The scene chosen in the list below' : 'The most recent scene'} over ${results.areaDescription}; it is also laid on the map above, with a scale bar.`
              }
            />
            {chosen && image.sceneId !== chosen && (
              <p className="field-error">
                The image call drew {image.sceneId ?? 'another scene'} for that day, not the chosen {chosen} (both image the point on the same day).
              </p>
            )}
            <GeoTiffDownload sceneId={image.sceneId} bands={results.bands} area={results.bbox ? { bbox: results.bbox } : null} />
          </figure>
        ) : results.imagePending ? (
          <p id="result-figure" className="muted" tabIndex={-1}>
            Drawing the image...
          </p>
        ) : (
          <p id="result-figure" className="field-error" tabIndex={-1}>
            {results.imageProblem ?? 'No image was returned.'}
          </p>
        )}
        {!emptyAnswer && (
          <div className="chosen-scene-note">
            {chosen ? (
              <p>
                Showing the chosen scene {selectedEntry?.scene ? `of ${formatUtc(selectedEntry.scene.datetime)}` : chosen} in the image, its caption, the 3 x 3, the tables and the downloads.{' '}
                <button type="button" className="secondary-button" onClick={() => onSelectScene(null)}>
                  Back to the most recent scene
                </button>
              </p>
            ) : null}
            {sceneChoice}
          </div>
        )}
        {statisticsStatus}
        {results.complete !== false && !emptyAnswer && <CoverageNote data={results.data} startDate={results.startDate} endDate={results.endDate} onShowOlder={onShowOlder} />}
        {unavailable.length > 0 && (
          <div className="unavailable-bands">
            <h3>Bands not available</h3>
            <ul>
              {unavailable.map(([id, reason]) => (
                <li key={id}>
                  <strong>{bandName(id)}</strong>: {reason}
                </li>
              ))}
            </ul>
          </div>
        )}
        {emptyAnswer ? null : meansByBand.size > 0 ? (
          <Suspense fallback={<p className="muted">Loading charts...</p>}>
            <BandChartGrid meansByBand={meansByBand} entries={entries} startDate={results.startDate} endDate={results.endDate} harmonized={Boolean(results.harmonize)} />
          </Suspense>
        ) : results.complete === false ? null : (
          <p className="muted">No band statistics to chart for this search.</p>
        )}
        {listEntries.length > 0 && (
          <SceneTimeline
            entries={listEntries}
            pixels={pixels}
            bands={quicklookBands}
            startDate={results.startDate}
            endDate={results.endDate}
            selectedSceneId={selectedSceneId}
            onSelect={onSelectScene}
          />
        )}
        {selectedEntry?.scene && (
          <SelectedScene
            key={selectedEntry.scene.id}
            sceneId={selectedEntry.scene.id}
            datetime={selectedEntry.scene.datetime}
            lngLat={results.lngLat}
            imageBands={quicklookBands}
            bands={results.bands}
            inPixelSeries={chosenInSeries}
          />
        )}
        {emptyAnswer ? null : children}
      </div>
    </section>
  );
});

// The parts App.tsx hands to this section, loaded with it (issue 33: not in the first load).
export { LatestClearChoice } from './LatestClearChoice.js';
export { EmptyAnswer } from './EmptyAnswer.js';
export { StatisticsStatus } from './StatisticsStatus.js';
