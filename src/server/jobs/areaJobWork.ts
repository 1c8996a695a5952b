/**
 * Area jobs (issue 33): an area more than one request measures (past 2,500 km² over a year), run in
 * the background as site jobs are, in the same store and queue. A job's chunks are its scenes; each
 * chunk measures one scene (areaSceneEntry, read in strips) and stores its rows of the /api/area.csv
 * columns, so a restart resumes at the next scene and the CSV reads back in date order. The guards
 * around both steps are jobWork.ts's.
 */
import { areaPolygons, areaSceneCsvRows, areaSceneEntry, byPathRow } from '../../core/area/areaStatistics.js';
import { polygonsBBox } from '../../core/geo/geoJsonPolygons.js';
import { selectBands } from '../../core/landsat/bandSelection.js';
import type { LandsatService } from '../../core/landsat/landsatService.js';
import { DEFAULT_MASK, maskToText } from '../../core/raster/clearPixel.js';
import type { LandsatScene } from '../../core/stac/landsatScene.js';
import { runInBulkLane } from '../../core/workLane.js';
import { toCsv } from '../../shared/csv.js';
import type { JobKind } from './jobWork.js';
import { queryOf } from './sitesJobWork.js';

/** Rows of one scene sort by their band's place in the answer: the job's CSV keeps /api/area.csv's order. */
const rowKey = (sceneId: string, k: number) => `${sceneId}|${String(k).padStart(2, '0')}`;

export function areaJobKind(landsat: LandsatService, maxScenes: number): JobKind {
  return {
    async planChunks(job, signal) {
      const filters = queryOf(job.params);
      const { polygons } = areaPolygons(job.params.geometry, filters, { job: true });
      const b = polygonsBBox(polygons);
      const found = await landsat.parts.search([b.minLon, b.minLat, b.maxLon, b.maxLat], filters, signal, maxScenes);
      const bands = selectBands(filters.bands).available.length;
      // Chunks run one path/row after another (byPathRow); the CSV reads back in date order all the same.
      return { chunks: byPathRow(found.scenes).map((i) => ({ sceneJson: JSON.stringify(found.scenes[i]), sites: [] })), total: found.scenes.length * bands };
    },

    async chunkRows(job, chunk, signal) {
      if (!chunk.sceneJson) return []; // every area chunk is planned with its scene
      const filters = queryOf(job.params);
      const { polygons } = areaPolygons(job.params.geometry, filters, { job: true });
      const scene = JSON.parse(chunk.sceneJson) as LandsatScene;
      const entry = await runInBulkLane(() => areaSceneEntry({ landsat, polygons, filters, signal }, scene), signal);
      const rows = entry ? areaSceneCsvRows(entry, maskToText(filters.mask ?? DEFAULT_MASK), landsat.catalog.synthetic) : [];
      return rows.map((row, k) => ({ siteIndex: 0, sceneKey: rowKey(scene.id, k), sortDatetime: scene.datetime, line: toCsv([row]) }));
    },
  };
}
