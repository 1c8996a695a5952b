import { memo, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { PixelResponse } from '../../shared/api/pixel.js';
import { formatUtc } from './SceneMetadataTable.js';
import type { LandsatDataEntry } from '../../shared/api/landsatData.js';
import { CLOUDY_BELOW } from './timeSeriesPoints.js';
import { LIST_ROWS_AT_ONCE, sceneTimelineRows, timelineTicks, type TimelineRow } from './sceneTimelineRows.js';
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

/** What a row and a dot show of their scene: equal rows render the same (the rows are rebuilt as new objects at every hand-over of scenes). */
function sameRow(a: TimelineRow, b: TimelineRow): boolean {
  return (
    a.sceneId === b.sceneId && a.datetime === b.datetime && a.satellite === b.satellite && a.wrsPath === b.wrsPath && a.wrsRow === b.wrsRow &&
    a.cloudCover === b.cloudCover && a.clearInArea === b.clearInArea && a.cloudy === b.cloudy &&
    a.clearAtPoint?.clearOf9 === b.clearAtPoint?.clearOf9 && a.clearAtPoint?.target === b.clearAtPoint?.target
  );
}

/**
 * One dot of the time axis. Memoised, as SceneRow: a 40-year record hands ~930 scenes to the page in
 * batches, and re-rendering every dot and row at each batch and at the end was ~0.6 s of the browser's
 * main thread on the two cores it shares with the server (issue 33's page journey).
 */
const TimelineDot = memo(
  function TimelineDot({ row, left, selected, onSelect }: { row: TimelineRow; left: string; selected: boolean; onSelect: (sceneId: string) => void }) {
    return (
      <button
        type="button"
        tabIndex={-1}
        className={`timeline-dot${row.cloudy ? ' cloudy' : ''}${selected ? ' selected' : ''}`}
        style={{ left }}
        title={`${formatUtc(row.datetime)} · ${row.sceneId}`}
        onClick={() => onSelect(row.sceneId)}
      />
    );
  },
  (a, b) => a.left === b.left && a.selected === b.selected && a.onSelect === b.onSelect && sameRow(a.row, b.row),
);

type SceneRowProps = { row: TimelineRow; rowIndex: number; bands: string; selected: boolean; tabStop: boolean; onSelect: (sceneId: string) => void; onFocusRow: (sceneId: string) => void };

/** One scene of the list (memoised: see TimelineDot). `bands` is the quicklook's bands joined by commas; `rowIndex` the row's place in the table, its header row 1 (aria-rowindex: not every row is in the DOM). */
const SceneRow = memo(
  function SceneRow({ row, rowIndex, bands, selected, tabStop, onSelect, onFocusRow }: SceneRowProps) {
    return (
      <tr role="row" aria-rowindex={rowIndex} className={selected ? 'selected' : undefined} data-scene-id={row.sceneId}>
        <td role="cell" className="scene-quicklook">
          <Quicklook row={row} bands={bands.split(',')} />
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
          <button type="button" tabIndex={tabStop ? 0 : -1} aria-pressed={selected} onFocus={() => onFocusRow(row.sceneId)} onClick={() => onSelect(row.sceneId)}>
            Show<span className="visually-hidden"> scene of {formatUtc(row.datetime)}</span>
          </button>
        </td>
      </tr>
    );
  },
  (a, b) => a.rowIndex === b.rowIndex && a.bands === b.bands && a.selected === b.selected && a.tabStop === b.tabStop && a.onSelect === b.onSelect && a.onFocusRow === b.onFocusRow && sameRow(a.row, b.row),
);

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
  // One stable handler for every row and dot, so that the memoised ones (SceneRow, TimelineDot) stay
  // unrendered when only other rows change; it calls the latest `onSelect`.
  const onSelectRef = useRef(onSelect);
  useLayoutEffect(() => {
    onSelectRef.current = onSelect;
  });
  const select = useCallback((sceneId: string) => onSelectRef.current(sceneId), []);
  const bandsKey = bands.join(',');
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
  const indexOf = (sceneId: string | null | undefined) => (sceneId ? rows.findIndex((r) => r.sceneId === sceneId) : -1);
  const tabStopId = [focusedId, selectedSceneId].find((sid) => indexOf(sid) >= 0) ?? rows[0]?.sceneId;
  // Rows in the DOM: the first LIST_ROWS_AT_ONCE, more as the list is scrolled to its end, and always
  // the chosen and the focused scene's. A 40-year record lists ~930 scenes in a box ~6 rows tall; laying
  // all of them out at every hand-over of scenes took the browser ~0.5 s of the two cores it shares
  // with the server (issue 33's page journey). The table says how many rows it has (aria-rowcount).
  const [rowsWanted, setRowsWanted] = useState(LIST_ROWS_AT_ONCE);
  const shown = typeof IntersectionObserver === 'undefined' ? rows.length : Math.min(rows.length, Math.max(rowsWanted, indexOf(tabStopId) + 1, indexOf(selectedSceneId) + 1));
  const boxRef = useRef<HTMLDivElement>(null);
  const moreRef = useRef<HTMLParagraphElement>(null);
  const hasMore = shown < rows.length;
  // Watched again whenever the note comes or the rows in the DOM change. Keyed on `shown` alone, a note
  // that came with the stream's next scenes while `shown` stayed (a list handed exactly 100 scenes, then
  // more) was never watched, and scrolling brought no more rows: a path that fits a page test's failure
  // under a load of ~12 on 2 cores (SceneTimeline.test.tsx).
  useEffect(() => {
    const more = moreRef.current;
    if (!hasMore || !more || !boxRef.current) return;
    const observer = new IntersectionObserver(([entry]) => entry.isIntersecting && setRowsWanted((n) => n + LIST_ROWS_AT_ONCE), { root: boxRef.current, rootMargin: '300px' });
    observer.observe(more);
    return () => observer.disconnect();
  }, [shown, hasMore]);
  const listRef = useRef<HTMLTableSectionElement>(null);
  // A key that moves past the rows in the DOM adds rows (tabStopId above), and the focus follows once they are there.
  const focusAfterRender = useRef<string | null>(null);
  useEffect(() => {
    const sceneId = focusAfterRender.current;
    if (!sceneId) return;
    focusAfterRender.current = null;
    listRef.current?.querySelector<HTMLButtonElement>(`tr[data-scene-id="${sceneId}"] button`)?.focus();
  });
  const moveFocus = (e: KeyboardEvent<HTMLTableSectionElement>) => {
    const keys: Record<string, (i: number) => number> = { ArrowDown: (i) => i + 1, ArrowUp: (i) => i - 1, Home: () => 0, End: () => rows.length - 1, PageDown: (i) => i + 10, PageUp: (i) => i - 10 };
    const step = keys[e.key];
    if (!step || rows.length === 0) return;
    e.preventDefault();
    const current = indexOf(tabStopId);
    const next = rows[Math.max(0, Math.min(rows.length - 1, step(current)))];
    setFocusedId(next.sceneId);
    const button = listRef.current?.querySelector<HTMLButtonElement>(`tr[data-scene-id="${next.sceneId}"] button`);
    if (button) button.focus();
    else focusAfterRender.current = next.sceneId;
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
          <TimelineDot key={row.sceneId} row={row} left={at(row.t)} selected={row.sceneId === selectedSceneId} onSelect={select} />
        ))}
      </div>
      <div className="scene-list-box" ref={boxRef} role="region" aria-label="Scene list (scrolls; arrow keys move between scenes)">
        <table className="scene-list" role="table" aria-rowcount={rows.length + 1}>
          <thead role="rowgroup">
            <tr role="row" aria-rowindex={1}>
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
            {rows.slice(0, shown).map((row, i) => (
              <SceneRow key={row.sceneId} rowIndex={i + 2} row={row} bands={bandsKey} selected={row.sceneId === selectedSceneId} tabStop={row.sceneId === tabStopId} onSelect={select} onFocusRow={setFocusedId} />
            ))}
          </tbody>
        </table>
        {hasMore && (
          <p ref={moreRef} className="scene-list-more">
            {shown} of {rows.length} scenes listed; scroll on for more, or{' '}
            <button type="button" onClick={() => setRowsWanted(rows.length)}>
              list all {rows.length}
            </button>
          </p>
        )}
      </div>
      {rows.some((r) => r.clearAtPoint === null) && (
        <p className="muted">“Not read”: the pixel values cover only the most recent scene. Choose “All scenes in the date range” under Filters to read every scene at the point.</p>
      )}
    </section>
  );
}
