import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { PixelResponse } from '../../shared/api/pixel.js';
import { formatUtc } from './SceneMetadataTable.js';
import type { LandsatDataEntry } from '../../shared/api/landsatData.js';
import { CLOUDY_BELOW } from './timeSeriesPoints.js';
import { sceneTimelineRows, timelineTicks, type TimelineRow } from './sceneTimelineRows.js';
import { quicklookUrl } from '../api/quicklookApi.js';
import { satelliteWithSlc } from './satelliteWords.js';
const pad3 = (n: number) => String(n).padStart(3, '0');

/**
 * The list's column names. On a phone (results.css, below 600 px) each row is a card and each cell
 * shows its column's name beside its value (`data-label`), so nothing scrolls sideways. The explicit
 * table roles keep the table's semantics for screen readers when CSS lays its rows out as blocks
 * (some browsers drop them on a `display` change).
 */
const COLUMN = {
  acquired: 'Acquired (UTC)',
  satellite: 'Satellite',
  pathRow: 'Path/row',
  cloud: 'Cloud cover, scene',
  clearInArea: 'Clear in area',
  clearAtPoint: 'Clear at the point',
} as const;

function Quicklook({ row, bands }: { row: TimelineRow; bands: readonly string[] }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <span className="muted">no preview</span>;
  return <img className="quicklook" src={quicklookUrl(row.sceneId, bands)} alt={`Quicklook of ${row.sceneId}`} loading="lazy" width={64} height={64} onError={() => setFailed(true)} />;
}

export interface SceneTimelineProps {
  entries: readonly LandsatDataEntry[];
  pixels: Pick<PixelResponse, 'scenes'> | null;
  bands: readonly string[];
  startDate: string;
  endDate: string;
  selectedSceneId: string | null;
  onSelect: (sceneId: string) => void;
}

/**
 * Every scene of the statistics series on a time axis and in a list (date, satellite, path/row,
 * cloud cover, clear share of the area and at the point) with a quicklook each. Choosing one shows
 * its image, 3 x 3 grid and signature.
 */
export function SceneTimeline({ entries, pixels, bands, startDate, endDate, selectedSceneId, onSelect }: SceneTimelineProps) {
  const id = useId();
  const rows = useMemo(() => sceneTimelineRows(entries, pixels), [entries, pixels]);
  const startMs = Date.parse(`${startDate}T00:00:00Z`);
  const endMs = Date.parse(`${endDate}T23:59:59Z`);
  const span = Math.max(1, endMs - startMs);
  const at = (t: number) => `${Math.min(100, Math.max(0, ((t - startMs) / span) * 100))}%`;
  // As many tick labels as the axis has room for (about 60 px each): a phone gets fewer, never overlapping.
  const axisRef = useRef<HTMLDivElement>(null);
  const [axisWidth, setAxisWidth] = useState(800);
  useEffect(() => {
    const axis = axisRef.current;
    if (!axis || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setAxisWidth(entry.contentRect.width));
    observer.observe(axis);
    return () => observer.disconnect();
  }, []);
  const ticks = useMemo(() => timelineTicks(startMs, endMs, Math.floor(axisWidth / 60)), [startMs, endMs, axisWidth]);
  const cloudy = rows.filter((r) => r.cloudy).length;
  // One tab stop into the list (roving tabindex): the chosen scene's button, else the first; arrow keys move inside.
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const tabStopId = [focusedId, selectedSceneId].find((sid) => sid && rows.some((r) => r.sceneId === sid)) ?? rows[0]?.sceneId;
  const listRef = useRef<HTMLTableSectionElement>(null);
  const moveFocus = (e: KeyboardEvent<HTMLTableSectionElement>) => {
    const keys: Record<string, (i: number) => number> = { ArrowDown: (i) => i + 1, ArrowUp: (i) => i - 1, Home: () => 0, End: () => rows.length - 1, PageDown: (i) => i + 10, PageUp: (i) => i - 10 };
    const step = keys[e.key];
    if (!step || rows.length === 0) return;
    e.preventDefault();
    const current = rows.findIndex((r) => r.sceneId === tabStopId);
    const next = rows[Math.max(0, Math.min(rows.length - 1, step(current)))];
    setFocusedId(next.sceneId);
    listRef.current?.querySelector<HTMLButtonElement>(`tr[data-scene-id="${next.sceneId}"] button`)?.focus();
  };

  return (
    <section className="scene-timeline" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Scenes in the date range ({rows.length})</h3>
      <p className="muted">
        Blue: at least {CLOUDY_BELOW * 100}% of the area clear; grey: cloudier ({cloudy}). Choose a scene to see its image, 3 x 3 grid and signature.
      </p>
      {/* Mouse shortcut onto the list below, which is the keyboard and screen-reader path. */}
      <div className="timeline-axis" aria-hidden="true" ref={axisRef}>
        {ticks.map((tick) => (
          <span key={tick.t} className="timeline-tick" style={{ left: at(tick.t) }}>
            {tick.label}
          </span>
        ))}
        {rows.map((row) => (
          <button
            key={row.sceneId}
            type="button"
            tabIndex={-1}
            className={`timeline-dot${row.cloudy ? ' cloudy' : ''}${row.sceneId === selectedSceneId ? ' selected' : ''}`}
            style={{ left: at(row.t) }}
            title={`${formatUtc(row.datetime)} · ${row.sceneId}`}
            onClick={() => onSelect(row.sceneId)}
          />
        ))}
      </div>
      <div className="scene-list-box" role="region" aria-label="Scene list (scrolls; arrow keys move between scenes)">
        <table className="scene-list" role="table">
          <thead role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader">Quicklook</th>
              <th scope="col" role="columnheader">{COLUMN.acquired}</th>
              <th scope="col" role="columnheader">{COLUMN.satellite}</th>
              <th scope="col" role="columnheader">{COLUMN.pathRow}</th>
              <th scope="col" role="columnheader">{COLUMN.cloud}</th>
              <th scope="col" role="columnheader">{COLUMN.clearInArea}</th>
              <th scope="col" role="columnheader">{COLUMN.clearAtPoint}</th>
              <th scope="col" role="columnheader">
                <span className="visually-hidden">Choose</span>
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup" ref={listRef} onKeyDown={moveFocus}>
            {rows.map((row) => (
              <tr key={row.sceneId} role="row" className={row.sceneId === selectedSceneId ? 'selected' : undefined} data-scene-id={row.sceneId}>
                <td role="cell" className="scene-quicklook">
                  <Quicklook row={row} bands={bands} />
                </td>
                <td role="cell" className="scene-acquired">
                  {formatUtc(row.datetime)}
                  <div className="scene-id">{row.sceneId}</div>
                </td>
                <td role="cell" data-label={COLUMN.satellite}>
                  {satelliteWithSlc(row)}
                </td>
                <td role="cell" data-label={COLUMN.pathRow}>
                  {pad3(row.wrsPath)}/{pad3(row.wrsRow)}
                </td>
                <td role="cell" data-label={COLUMN.cloud}>
                  {row.cloudCover.toFixed(2)} %
                </td>
                <td role="cell" data-label={COLUMN.clearInArea}>
                  {row.clearInArea === null ? '—' : `${(row.clearInArea * 100).toFixed(1)} %`}
                </td>
                <td role="cell" data-label={COLUMN.clearAtPoint}>
                  {row.clearAtPoint ? `${row.clearAtPoint.clearOf9} of 9 clear (target: ${row.clearAtPoint.target})` : 'not read'}
                </td>
                <td role="cell" className="scene-choose">
                  <button
                    type="button"
                    tabIndex={row.sceneId === tabStopId ? 0 : -1}
                    aria-pressed={row.sceneId === selectedSceneId}
                    onFocus={() => setFocusedId(row.sceneId)}
                    onClick={() => onSelect(row.sceneId)}
                  >
                    Show<span className="visually-hidden"> scene of {formatUtc(row.datetime)}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.some((r) => r.clearAtPoint === null) && (
        <p className="muted">“Not read”: the pixel values cover only the most recent scene. Choose “All scenes in the date range” under Filters to read every scene at the point.</p>
      )}
    </section>
  );
}
