/**
 * Area jobs (issue 33): an area more than one request measures (past 2,500 km² over a year), run in
 * the background as site jobs are, in the same store and queue. A job's chunks are its scenes; each
 * chunk measures one scene (areaSceneEntry, read in strips) and stores its rows of the /api/area.csv
 * columns, so a restart resumes at the next scene and the CSV reads back in date order.
 */
import { areaPolygons, areaSceneCsvRows, areaSceneEntry, byPathRow } from '../../core/area/areaStatistics.js';
import type { BandId } from '../../core/bands/bandCatalog.js';
import { polygonsBBox } from '../../core/geo/geoJsonPolygons.js';
import { selectBands } from '../../core/landsat/bandSelection.js';
import type { LandsatService } from '../../core/landsat/landsatService.js';
import { DEFAULT_MASK, maskToText, parseMask } from '../../core/raster/clearPixel.js';
import type { LandsatScene } from '../../core/stac/landsatScene.js';
import { runInBulkLane } from '../../core/workLane.js';
import { toCsv } from '../../shared/csv.js';
import type { JobParams, SitesJobStore } from './sitesJobStore.js';
import type { SitesJobWork } from './sitesJobWork.js';

const filtersOf = (p: JobParams) => ({
  startDate: p.startDate,
  endDate: p.endDate,
  cloudCoverage: p.cloudCoverage,
  bands: p.bands as BandId[],
  mask: parseMask(p.maskText),
  ...(p.harmonize === 'oli' ? { harmonize: 'oli' as const } : {}),
});

/** Rows of one scene sort by their band's place in the answer: the job's CSV keeps /api/area.csv's order. */
const rowKey = (sceneId: string, k: number) => `${sceneId}|${String(k).padStart(2, '0')}`;

/** The site jobs' work, with area jobs (params.analysis 'area') done here and every other job passed on. */
export function withAreaJobs(others: SitesJobWork, store: SitesJobStore, landsat: LandsatService, maxScenes: number): SitesJobWork {
  return {
    async plan(jobId, signal) {
      const job = await store.get(jobId);
      if (job?.params.analysis !== 'area') return others.plan(jobId, signal);
      if (job.status === 'done' || job.status === 'cancelled' || job.status === 'failed') return false;
      if (job.status === 'queued' && !(await store.isPlanned(jobId))) {
        const filters = filtersOf(job.params);
        const { polygons } = areaPolygons(job.params.geometry, filters, { job: true });
        const b = polygonsBBox(polygons);
        const found = await landsat.parts.search([b.minLon, b.minLat, b.maxLon, b.maxLat], filters, signal, maxScenes);
        const bands = selectBands(filters.bands).available.length;
        // Chunks run one path/row after another (byPathRow); the CSV reads back in date order all the same.
        await store.savePlan(jobId, byPathRow(found.scenes).map((i) => ({ sceneJson: JSON.stringify(found.scenes[i]), sites: [] })), found.scenes.length * bands);
      }
      return (await store.pendingChunks(jobId)).length > 0;
    },

    async runChunk(jobId, chunkNo, signal) {
      const job = await store.get(jobId);
      if (job?.params.analysis !== 'area') return others.runChunk(jobId, chunkNo, signal);
      if (job.status !== 'running') return;
      const chunk = await store.chunk(jobId, chunkNo);
      if (!chunk?.sceneJson || chunk.done) return;
      const filters = filtersOf(job.params);
      const { polygons } = areaPolygons(job.params.geometry, filters, { job: true });
      const scene = JSON.parse(chunk.sceneJson) as LandsatScene;
      const entry = await runInBulkLane(() => areaSceneEntry({ landsat, polygons, filters, signal }, scene), signal);
      const rows = entry ? areaSceneCsvRows(entry, maskToText(filters.mask ?? DEFAULT_MASK), landsat.catalog.synthetic) : [];
      await store.completeChunk(
        jobId,
        chunkNo,
        rows.map((row, k) => ({ siteIndex: 0, sceneKey: rowKey(scene.id, k), sortDatetime: scene.datetime, line: toCsv([row]) })),
      );
    },
  };
}
