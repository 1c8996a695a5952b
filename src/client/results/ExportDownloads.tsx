import type { LngLat } from '../../core/geo/lngLat.js';
import { pixelCsv, statisticsCsv, type PixelCsvInput, type StatisticsCsvInput } from '../../shared/csv.js';
import { exportFileName } from './exportFileName.js';
import { saveDownload } from './saveDownload.js';

export interface ExportDownloadsProps {
  lngLat: LngLat;
  startDate: string;
  endDate: string;
  pixels?: PixelCsvInput | null;
  statistics?: StatisticsCsvInput | null;
  /** The shown image as a data: URL (what /api/landsatImage or /api/landsat3x3 answered). */
  imageDataUrl?: string | null;
}

const CSV_TYPE = 'text/csv;charset=utf-8';

/** Downloads for the comparison: every pixel value, the statistics series, and the PNG image. */
export function ExportDownloads({ lngLat, startDate, endDate, pixels, statistics, imageDataUrl }: ExportDownloadsProps) {
  const name = (kind: string, ext: string) => exportFileName(kind, lngLat, startDate, endDate, ext);
  return (
    <div className="export-downloads" role="group" aria-label="Downloads">
      <button type="button" disabled={!pixels || pixels.scenes.length === 0} onClick={() => pixels && saveDownload(new Blob([pixelCsv(pixels)], { type: CSV_TYPE }), name('pixels', 'csv'))}>
        Download pixel values (CSV)
      </button>
      <button
        type="button"
        disabled={!statistics || statistics.data.length === 0}
        onClick={() => statistics && saveDownload(new Blob([statisticsCsv(statistics)], { type: CSV_TYPE }), name('statistics', 'csv'))}
      >
        Download statistics series (CSV)
      </button>
      <button type="button" disabled={!imageDataUrl} onClick={() => imageDataUrl && saveDownload(imageDataUrl, name('image', 'png'))}>
        Download image (PNG)
      </button>
    </div>
  );
}
