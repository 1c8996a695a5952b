import { useState } from 'react';
import { ApiRequestError, isAbortError } from '../api/ApiRequestError.js';
import { geoTiffRequest, requestGeoTiff, type ExportArea } from '../api/exportTifApi.js';
import { saveDownload } from './saveDownload.js';

type Format = 'dn' | 'reflectance';

/** A refusal in words, with what to change (the server's message says what it measured). */
export function exportProblemWords(err: unknown, polygon: boolean): string {
  if (!(err instanceof ApiRequestError)) return `The GeoTIFF could not be downloaded: ${(err as Error).message}. Check the connection and try again.`;
  const smaller = polygon ? 'Draw or upload a smaller polygon' : 'Choose a smaller area under the map (a 1, 5 or 20 km square)';
  if (err.status === 413) return `The GeoTIFF is too large: ${err.message} ${smaller}, or tick fewer bands, then download again.`;
  if (err.status === 429) return `Too many requests from this browser just now: ${err.message} Wait a minute, then download again.`;
  if (err.code === 'outside_scene') return `${err.message} ${polygon ? 'Draw the polygon over this scene' : 'Choose another scene'}, then download again.`;
  return `The GeoTIFF could not be made (${err.status}): ${err.message}`;
}

/**
 * "Download GeoTIFF": the scene's own pixels under the area, on its own grid, for QGIS, R or Python
 * (GET /api/export.tif). Fetched, not a plain link, so a refusal is said here in words and a coarser
 * pixel size (the server read an overview to stay under its cap) is said too. DN keeps the archive's
 * integers; reflectance is float. A polygon's outside pixels are nodata.
 */
export function GeoTiffDownload({ sceneId, bands, area, label = 'Download GeoTIFF' }: { sceneId: string | null; bands: readonly string[]; area: ExportArea | null; label?: string }) {
  const [busy, setBusy] = useState<Format | null>(null);
  const [note, setNote] = useState<{ problem: boolean; text: string } | null>(null);
  if (!sceneId || !area) return null;
  const polygon = 'geometry' in area;
  const download = async (format: Format) => {
    setBusy(format);
    setNote(null);
    try {
      const file = await requestGeoTiff(geoTiffRequest(sceneId, bands, area, format));
      saveDownload(file.blob, file.fileName);
      const size = file.pixelSizeM;
      setNote({
        problem: false,
        text:
          size !== null && size > 30.5
            ? `Saved ${file.fileName} at ${Math.round(size)} m pixels (not the archive's 30 m): the area at 30 m is over the export cap. For 30 m pixels choose a smaller area.`
            : `Saved ${file.fileName}${size !== null ? ` at ${Math.round(size)} m pixels` : ''}.`,
      });
    } catch (err) {
      if (!isAbortError(err)) setNote({ problem: true, text: exportProblemWords(err, polygon) });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="geotiff-download">
      <p>
        <button type="button" className="link-button" disabled={busy !== null} onClick={() => void download('dn')}>
          {busy === 'dn' ? 'Preparing the GeoTIFF…' : label}
        </button>{' '}
        (DN, as in the archive) ·{' '}
        <button type="button" className="link-button" disabled={busy !== null} onClick={() => void download('reflectance')}>
          {busy === 'reflectance' ? 'Preparing…' : 'as reflectance'}
        </button>{' '}
        — the scene&apos;s own pixels {polygon ? 'inside the polygon (outside: nodata)' : 'under the area'}, with QA_PIXEL
      </p>
      <p className={note?.problem ? 'field-error' : 'muted'} role={note?.problem ? 'alert' : 'status'}>
        {note?.text ?? ''}
      </p>
    </div>
  );
}
