import { NOT_IMAGED_SHORT, type NotImagedReason } from '../../shared/notImaged.js';
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { LngLat } from '../../core/geo/lngLat.js';
import type { Overpass } from '../../shared/api/overpasses.js';
import { overpassCalendarUrl, overpassesQueryOptions } from '../api/overpassesApi.js';
import { isAbortError } from '../api/ApiRequestError.js';

/** "2024-03-16 15:04 UTC": passes are scheduled in UTC, so the page shows UTC rather than guessing a zone. */
export function formatUtc(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)} UTC`;
}

/** 'landsat-8' (the STAC platform id the server uses) -> 'Landsat 8'. */
export function satelliteName(id: string): string {
  const m = /^landsat-(\d+)$/i.exec(id);
  return m ? `Landsat ${m[1]}` : id;
}

/** The first pass of each satellite, in the server's (chronological) order. */
export function firstPassPerSatellite(overpasses: readonly Overpass[]): Overpass[] {
  const seen = new Map<string, Overpass>();
  for (const pass of overpasses) if (!seen.has(pass.satellite)) seen.set(pass.satellite, pass);
  return [...seen.values()];
}

/** Next Landsat 8 and 9 passes over the chosen point (GET /api/overpasses). */
export function NextOverpasses({ lngLat, onNotImaged }: { lngLat: LngLat; /** Told why Landsat never images the point (null when it does). */ onNotImaged?: (message: string | null) => void }) {
  const [lon, lat] = lngLat;
  // In the query cache: a new point leaves the old request unobserved, and TanStack Query aborts it.
  const answer = useQuery(overpassesQueryOptions(lngLat));
  const body = answer.data;
  const notImaged = body?.notImaged ? `The satellites pass over, but take no scene here (${NOT_IMAGED_SHORT[body.notImaged.reason as NotImagedReason] ?? body.notImaged.message}).` : null;
  const passes = body ? firstPassPerSatellite(body.overpasses) : null;
  const problem = answer.error && !isAbortError(answer.error) ? `Could not load the next passes: ${(answer.error as Error).message}` : '';

  useEffect(() => {
    if (body) onNotImaged?.(body.notImaged?.message ?? null);
  }, [body]);
  useEffect(() => {
    if (problem) console.error('Could not load the next overpasses:', answer.error);
  }, [answer.error]);

  if (problem) return <p className="field-error">{problem}</p>;
  if (!passes) return <p className="muted">Loading the next passes...</p>;
  // The satellites fly over, but take no scene here: listing passes would promise images that never come.
  if (notImaged) return <p className="form-message info">{notImaged}</p>;
  if (passes.length === 0) return <p className="muted">No upcoming pass found for this point.</p>;
  return (
    <ul className="overpass-list">
      {passes.map((pass) => (
        <li key={pass.satellite}>
          <strong>{satelliteName(pass.satellite)}</strong>
          <span>{formatUtc(pass.datetime)}</span>
          <span>
            Path {pass.path} / Row {pass.row}
          </span>
        </li>
      ))}
      <li className="overpass-note muted">Passes, the calendar and notifications are for Landsat 8 and 9 only; Landsat 4, 5 and 7 appear in the archive's record, not here.</li>
      <li className="overpass-calendar">
        <a href={overpassCalendarUrl([lon, lat], 92)} download aria-label="Add to calendar: the Landsat 8 and 9 passes over this point in the next three months (iCalendar file)">
          Add to calendar
        </a>
      </li>
    </ul>
  );
}
