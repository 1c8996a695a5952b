import { lazy, Suspense, forwardRef, useMemo, type ReactNode } from 'react';
import { BAND_CATALOG, isBandId } from '../../core/bands/bandCatalog.js';
import type { LngLat } from '../../core/geo/lngLat.js';
import type { LngLatBounds } from '../analysis/parseImageBounds.js';
import type { LandsatDataResponse } from '../api/apiTypes.js';
import { DemoDataNotice } from '../notify/DemoDataNotice.js';
import { NextOverpasses } from '../notify/NextOverpasses.js';
import { NotificationForm } from '../notify/NotificationForm.js';
import { groupBandMeans } from './groupBandMeans.js';

// Chart.js is the heaviest dependency and is only needed once results exist.
const BandChartGrid = lazy(() => import('./BandChartGrid.js'));

export interface LandsatResults {
  lngLat: LngLat;
  imageDataUrl: string | null;
  imageProblem: string | null;
  /** Where the image lies on Earth (x-image-bounds), to lay it on the map; null when unknown. */
  imageBoundsLngLat: LngLatBounds | null;
  startDate: string;
  endDate: string;
  data: LandsatDataResponse;
}

const bandName = (id: string) => (isBandId(id) ? `${id} (${BAND_CATALOG[id].label})` : id);

/** 'The next landsat will pass over' + notification form, and 'Landsat Results': image and charts. */
export const ResultsSection = forwardRef<HTMLElement, { results: LandsatResults; showDemoNotice: boolean; children?: ReactNode }>(function ResultsSection(
  { results, showDemoNotice, children },
  ref,
) {
  const meansByBand = useMemo(() => groupBandMeans(results.data.data ?? []), [results.data]);
  const unavailable = Object.entries(results.data.unavailableBands ?? {});
  const sceneCount = results.data.data?.length ?? 0;
  return (
    <section id="results" className="page-section with-sidebar" ref={ref} tabIndex={-1} aria-labelledby="results-heading">
      <aside className="sidebar" aria-labelledby="overpass-heading">
        <h2 id="overpass-heading">The next landsat will pass over</h2>
        <NextOverpasses lngLat={results.lngLat} />
        <NotificationForm lngLat={results.lngLat} />
      </aside>
      <div className="section-main">
        <h2 id="results-heading">Landsat Results</h2>
        {(showDemoNotice || results.data.synthetic) && <DemoDataNotice />}
        {results.imageDataUrl ? (
          <img className="result-image" src={results.imageDataUrl} alt={`Landsat image around ${results.lngLat[1].toFixed(6)}, ${results.lngLat[0].toFixed(6)}`} />
        ) : (
          <p className="field-error">{results.imageProblem ?? 'No image was returned.'}</p>
        )}
        <p className="muted">
          {sceneCount} scene{sceneCount === 1 ? '' : 's'} matched.
          {results.data.truncated && ` Only the first ${results.data.limit ?? sceneCount} are summarised; narrow the dates to see the rest.`}
        </p>
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
        {meansByBand.size > 0 ? (
          <Suspense fallback={<p className="muted">Loading charts...</p>}>
            <BandChartGrid meansByBand={meansByBand} />
          </Suspense>
        ) : (
          <p className="muted">No band statistics to chart for this search.</p>
        )}
        {children}
      </div>
    </section>
  );
});
