/**
 * Site jobs (the sites CSV): the plan finds the scenes and cuts each scene's sites into chunks; a chunk
 * reads its scene's tiles once for its sites. The guards around both steps are jobWork.ts's.
 */
import type { BandId } from '../../core/bands/bandCatalog.js';
import { parseMask } from '../../core/raster/clearPixel.js';
import type { SitesQuery, SitesReader, Site } from '../../core/sites/readSites.js';
import { sitesCsvLines } from '../../core/sites/sitesCsv.js';
import type { LandsatScene } from '../../core/stac/landsatScene.js';
import type { JobKind, PlannedChunk } from './jobWork.js';
import type { ChunkSite, JobParams, SitesJobStore } from './sitesJobStore.js';

export const queryOf = (p: JobParams): SitesQuery => ({
  startDate: p.startDate,
  endDate: p.endDate,
  cloudCoverage: p.cloudCoverage,
  bands: p.bands as BandId[],
  mask: parseMask(p.maskText),
  ...(p.harmonize === 'oli' ? { harmonize: 'oli' as const } : {}),
});

export function sitesJobKind(store: SitesJobStore, reader: SitesReader, chunkSites: number): JobKind {
  return {
    async planChunks(job, signal) {
        const sites = await store.sitesOf(job.id);
        const plan = await reader.plan(sites, queryOf(job.params), signal);
        const chunkSite = (i: number, note?: string): ChunkSite => {
          const extra = [note, plan.siteNotes.get(i)].filter(Boolean).join('; ');
          return { index: i, ...sites[i], ...(extra ? { note: extra } : {}) };
        };
        const chunks: PlannedChunk[] = [];
        for (const g of plan.groups) {
          for (let k = 0; k < g.siteIndexes.length; k += chunkSites) {
            chunks.push({ sceneJson: JSON.stringify(g.scene), sites: g.siteIndexes.slice(k, k + chunkSites).map((i) => chunkSite(i)) });
          }
        }
        for (let k = 0; k < plan.uncovered.length; k += chunkSites) {
          chunks.push({ sceneJson: null, sites: plan.uncovered.slice(k, k + chunkSites).map((u) => chunkSite(u.siteIndex, u.note)) });
        }
        return { chunks, total: plan.rowCount };
    },

    async chunkRows(job, chunk, signal) {
      const query = queryOf(job.params);
      // Sites by their index in the job (sparse: only this chunk's).
      const sites: Site[] = [];
      const notes = new Map<number, string>();
      for (const s of chunk.sites) {
        sites[s.index] = { id: s.id, lat: s.lat, lon: s.lon };
        if (s.note) notes.set(s.index, s.note);
      }
      const rows = chunk.sceneJson
        ? await reader.readGroup(sites, { scene: JSON.parse(chunk.sceneJson) as LandsatScene, siteIndexes: chunk.sites.map((s) => s.index) }, query, notes, signal)
        : chunk.sites.map((s) => reader.uncoveredRow(sites, { siteIndex: s.index, note: s.note ?? '' }));
      return rows.map((r) => ({ siteIndex: r.siteIndex, sceneKey: r.scene?.id ?? '', sortDatetime: r.scene?.datetime ?? '', line: sitesCsvLines([r], query.bands) }));
    },
  };
}
