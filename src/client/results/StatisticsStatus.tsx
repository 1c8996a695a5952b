import type { StreamProgress } from '../api/readNdjsonProgress.js';
import type { LandsatDataSoFar } from '../../shared/api/landsatData.js';
import { STATISTICS_FULL_GRID_SCENES, STATISTICS_MAX_SIDE } from '../../shared/statisticsGrid.js';
import { searchingText, thousands } from './StreamProgressNote.js';

/**
 * Where the band statistics stand: scenes read so far (with Cancel) while the series streams, what a
 * cancel or failure left, and when done what the means are made of: the path/row kept (and the
 * neighbouring scenes left out) and the grid each mean was read on (an overview of the COG).
 */
export function StatisticsStatus({
  complete,
  running,
  cancelled,
  progress,
  problem,
  data,
  onCancel,
}: {
  complete: boolean;
  running: boolean;
  cancelled: boolean;
  progress: StreamProgress | null;
  problem: string | null;
  data: LandsatDataSoFar;
  onCancel: () => void;
}) {
  const entries = data.data ?? [];
  const grids = entries.map((e) => e.grid).filter((g): g is NonNullable<typeof g> => Boolean(g));
  const sizes = [...new Set(grids.map((g) => g.pixelSizeM))];
  const pixels = grids.map((g) => g.width * g.height);
  const filter = data.sceneFilter;
  // A long series is sampled coarser (a pixel budget per request, statisticsGrid.ts): say so and how to get finer means.
  const maxSide = grids.find((g) => g.maxSide !== undefined)?.maxSide;
  const coarser = maxSide !== undefined && maxSide < STATISTICS_MAX_SIDE;
  return (
    <div className="statistics-status">
      {running && (
        <div className="stream-progress" role="status">
          <span>
            {progress && progress.total !== null
              ? `Band statistics: ${thousands(progress.done)} of ${thousands(progress.total)} scenes read; the charts fill in as they arrive.`
              : searchingText('Band statistics', progress)}
          </span>
          {progress && progress.total ? (
            <progress max={progress.total} value={progress.done} aria-label="Band statistics" />
          ) : progress?.searched ? (
            <progress max={progress.searched.candidates} value={progress.searched.checked} aria-label="Band statistics: finding scenes" />
          ) : (
            <progress aria-label="Band statistics" />
          )}
          <button type="button" className="secondary-button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      )}
      {!running && cancelled && !complete && (
        <p role="status">Cancelled: the server stopped reading. {entries.length} scene{entries.length === 1 ? '' : 's'} had arrived and are shown. Fetch Data starts again.</p>
      )}
      {problem && !cancelled && <p className="field-error">{problem}</p>}
      {complete && filter && entries.length > 0 && (
        <p className="muted statistics-caption">
          Statistics over the scene box use WRS-2 path {filter.wrsPath}, row {filter.wrsRow} only
          {filter.excludedScenes > 0 ? `: ${thousands(filter.excludedScenes)} scene${filter.excludedScenes === 1 ? '' : 's'} of neighbouring paths and rows that only touch the box in these dates (any cloud cover) are left out` : ''}.
        </p>
      )}
      {grids.length > 0 && (
        <p className="muted statistics-caption">
          Each mean is over the clear pixels of a {grids[0].width} x {grids[0].height} grid of {sizes.map((m) => `${thousands(Math.round(m))} m`).join(' or ')} pixels
          {grids[0].overviewLevel > 0 ? ' read from the archive’s overview (not the 30 m pixels)' : ''}: at most {thousands(Math.max(...pixels))} pixels per scene.
          {coarser &&
            ` This series is long, so each scene is sampled on at most ${maxSide} x ${maxSide} pixels to arrive in seconds (${STATISTICS_MAX_SIDE} x ${STATISTICS_MAX_SIDE} for up to ${STATISTICS_FULL_GRID_SCENES} scenes): ask for fewer years for finer means.`}
        </p>
      )}
    </div>
  );
}
