import './analysis.css';
import { lazy, Suspense } from 'react';
import type { LngLat } from '../../core/geo/lngLat.js';
import type { StatisticsCsvInput } from '../../shared/csv.js';
import { ExportDownloads } from '../results/ExportDownloads.js';
import { StreamProgressNote } from '../results/StreamProgressNote.js';
import type { PixelSeriesState } from './pixelSeriesState.js';

export interface ComparisonSectionProps {
  lngLat: LngLat;
  startDate: string;
  endDate: string;
  pixelSeries: PixelSeriesState;
  statistics: StatisticsCsvInput | null;
  imageDataUrl: string | null;
  /** The scene chosen in the timeline: its 3 x 3 grid and signature are shown. */
  selectedSceneId?: string | null;
}

// Chart.js (spectral signature) stays out of the first download, like the results charts.
const PixelAnalysis = lazy(() => import('./PixelAnalysis.js').then((m) => ({ default: m.PixelAnalysis })));

/** "Compare with your ground measurements": downloads, then the pixel series as it arrives. */
export function ComparisonSection({ lngLat, startDate, endDate, pixelSeries, statistics, imageDataUrl, selectedSceneId }: ComparisonSectionProps) {
  return (
    <div className="comparison" aria-labelledby="comparison-heading">
      <h3 id="comparison-heading">Compare with your ground measurements</h3>
      <ExportDownloads
        lngLat={lngLat}
        startDate={startDate}
        endDate={endDate}
        pixels={pixelSeries.kind === 'done' ? pixelSeries.pixels : null}
        statistics={statistics}
        imageDataUrl={imageDataUrl}
      />
      {pixelSeries.kind === 'running' && <StreamProgressNote what="Reading pixel values" progress={pixelSeries.progress} />}
      {pixelSeries.kind === 'failed' && (
        <p className="field-error" role="alert">
          {pixelSeries.message}
        </p>
      )}
      {pixelSeries.kind === 'done' && (
        <Suspense fallback={<p className="muted">Loading the pixel tables...</p>}>
          <PixelAnalysis pixels={pixelSeries.pixels} selectedSceneId={selectedSceneId} />
        </Suspense>
      )}
    </div>
  );
}
