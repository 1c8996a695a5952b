/**
 * Many field sites at once: finds the scenes that cover each site, groups the sites by scene, and
 * reads each scene's tiles once for all of its sites (readScenePoints.ts). One row per site and
 * covering scene; a site no scene covers gets one row with the reason, so nothing is dropped.
 */
import type { ArchiveAssetKey, BandId } from '../bands/bandCatalog.js';
import type { HarmonizeTarget } from '../bands/harmonize.js';
import { sensorOf, type LandsatSensor } from '../bands/missions.js';
import type { LngLat } from '../geo/lngLat.js';
import { pointInRing } from '../geo/pointInRing.js';
import type { BlockCache } from '../raster/blockCache.js';
import type { ByteSource } from '../raster/byteSource.js';
import { isClearPixel, isImaged, type ClearMask } from '../raster/clearPixel.js';
import type { LandsatScene } from '../stac/landsatScene.js';
import type { SceneCatalog } from '../stac/sceneCatalog.js';
import { selectBands } from '../landsat/bandSelection.js';
import { mapWithConcurrency } from '../landsat/mapWithConcurrency.js';
import { sceneBands } from '../landsat/sceneBands.js';
import { readScenePoints } from './readScenePoints.js';

export interface Site {
  id: string;
  lat: number;
  lon: number;
}

export interface SitesQuery {
  startDate: string;
  endDate: string;
  /** Largest scene cloud cover accepted, percent. */
  cloudCoverage: number;
  bands: BandId[];
  mask: ClearMask;
  /** oli: TM/ETM+ reflectance harmonised to OLI (harmonize.ts), as on /api/pixel; absent: as archived. */
  harmonize?: HarmonizeTarget;
}

export interface SiteScene {
  id: string;
  satellite: string;
  /** TM, ETM+ or OLI/TIRS: which files and band names the values come from (sensorBands.ts). */
  sensor: LandsatSensor;
  /** Set when this row's reflectance was harmonised to OLI. */
  harmonized?: 'roy2016-rma';
  /** Acquisition date, YYYY-MM-DD (UTC). */
  date: string;
  datetime: string;
  wrsPath: number;
  wrsRow: number;
  cloudCover: number;
}

export interface SiteRow {
  siteIndex: number;
  site: Site;
  /** null when no scene covers the site (then `note` says why). */
  scene: SiteScene | null;
  /** Physical value per chosen band (reflectance or kelvin); null for fill, outside the raster, or a band not read. */
  values: Partial<Record<BandId, number | null>>;
  qaPixel: number | null;
  /** Imaged and not flagged by the mask; null without a scene. */
  clear: boolean | null;
  note: string;
}

export interface SceneGroup {
  scene: LandsatScene;
  /** Indexes into the sites array, ascending. */
  siteIndexes: number[];
}

export interface SitesPlan {
  groups: SceneGroup[];
  /** Sites no qualifying scene covers: one row each, with this reason. */
  uncovered: { siteIndex: number; note: string }[];
  /** Extra words for every row of a site (e.g. older scenes left out by the search limit). */
  siteNotes: Map<number, string>;
  /** Rows the answer will hold. */
  rowCount: number;
}

export interface SitesReaderOptions {
  catalog: SceneCatalog;
  cache: BlockCache;
  openSource?: (href: string) => ByteSource;
  /** Most scenes one search may return (per 1-degree cell of sites). */
  searchLimit: number;
  /** Scenes read at once. */
  sceneConcurrency?: number;
}

/** Sites are searched in 1-degree cells: one catalogue search per cell, not per site. */
const CELL_DEG = 1;

const sceneOf = (s: LandsatScene, harmonized?: 'roy2016-rma'): SiteScene => ({
  id: s.id,
  satellite: s.satellite,
  sensor: sensorOf(s.satellite),
  ...(harmonized ? { harmonized } : {}),
  date: s.datetime.slice(0, 10),
  datetime: s.datetime,
  wrsPath: s.wrsPath,
  wrsRow: s.wrsRow,
  cloudCover: s.cloudCover,
});

export type SitesReader = ReturnType<typeof createSitesReader>;

export function createSitesReader({ catalog, cache, openSource, searchLimit, sceneConcurrency = 4 }: SitesReaderOptions) {
  const describeRange = (q: SitesQuery) => `between ${q.startDate} and ${q.endDate} with at most ${q.cloudCoverage}% cloud cover`;

  /** Which qualifying scenes cover which sites: one search per 1-degree cell of sites. */
  async function plan(sites: readonly Site[], query: SitesQuery, signal?: AbortSignal): Promise<SitesPlan> {
    const cells = new Map<string, number[]>();
    sites.forEach((s, i) => {
      const key = `${Math.floor(s.lon / CELL_DEG)}:${Math.floor(s.lat / CELL_DEG)}`;
      const cell = cells.get(key);
      if (cell) cell.push(i);
      else cells.set(key, [i]);
    });
    const scenes = new Map<string, LandsatScene>();
    const sitesOfScene = new Map<string, Set<number>>();
    const siteNotes = new Map<number, string>();
    await mapWithConcurrency([...cells.values()], 4, async (indexes) => {
      const lons = indexes.map((i) => sites[i].lon);
      const lats = indexes.map((i) => sites[i].lat);
      const found = await catalog.search({
        bboxLngLat: [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)],
        startDate: query.startDate,
        endDate: query.endDate,
        maxCloudCover: query.cloudCoverage,
        limit: searchLimit,
        signal,
      });
      if (found.truncated) {
        const note = `more than ${found.limit} scenes qualify near this site; only the newest ${found.limit} were read (narrow the dates)`;
        for (const i of indexes) siteNotes.set(i, note);
      }
      for (const scene of found.scenes) {
        const inside = indexes.filter((i) => pointInRing([sites[i].lon, sites[i].lat], scene.footprintLngLat));
        if (inside.length === 0) continue;
        scenes.set(scene.id, scene);
        const set = sitesOfScene.get(scene.id) ?? new Set<number>();
        for (const i of inside) set.add(i);
        sitesOfScene.set(scene.id, set);
      }
    });
    const covered = new Set<number>();
    const groups: SceneGroup[] = [...scenes.values()]
      .sort((a, b) => (a.datetime < b.datetime ? -1 : a.datetime > b.datetime ? 1 : a.id < b.id ? -1 : 1))
      .map((scene) => {
        const siteIndexes = [...sitesOfScene.get(scene.id)!].sort((a, b) => a - b);
        for (const i of siteIndexes) covered.add(i);
        return { scene, siteIndexes };
      });
    const uncovered = sites
      .map((_, siteIndex) => siteIndex)
      .filter((i) => !covered.has(i))
      .map((siteIndex) => ({ siteIndex, note: `no Landsat scene in ${catalog.synthetic ? 'the synthetic demo archive' : 'the archive'} covers this site ${describeRange(query)}` }));
    const rowCount = uncovered.length + groups.reduce((n, g) => n + g.siteIndexes.length, 0);
    return { groups, uncovered, siteNotes, rowCount };
  }

  /**
   * The rows of one scene group: each band's tiles read once for all the group's sites. Bands are read
   * as the scene's sensor has them (sceneBands.ts: B09 from ST_B6 `lwir` on TM/ETM+); a band the sensor
   * lacks (B01 on TM/ETM+) stays an empty cell and the note says why.
   */
  async function readGroup(sites: readonly Site[], group: SceneGroup, query: SitesQuery, siteNotes: Map<number, string>, signal?: AbortSignal): Promise<SiteRow[]> {
    const { available, unavailable } = selectBands(query.bands);
    const { scene } = group;
    const { present, missing, harmonized } = sceneBands(scene, available, query.harmonize);
    const missingWords = Object.values(missing ?? {});
    const assets: ArchiveAssetKey[] = [...new Set<ArchiveAssetKey>([...present.map((b) => b.read.asset), ...(scene.assets.qa_pixel ? (['qa_pixel'] as const) : [])])];
    const hrefs: Partial<Record<ArchiveAssetKey, string>> = {};
    await Promise.all(assets.map(async (a) => (hrefs[a] = await catalog.resolveAssetHref(scene.assets[a]!, signal))));
    const points: LngLat[] = group.siteIndexes.map((i) => [sites[i].lon, sites[i].lat]);
    const dns = await readScenePoints(hrefs, points, { cache, openSource }, signal);
    const unavailableWords = Object.entries(unavailable).map(([id, why]) => `${id}: ${why}`);
    return group.siteIndexes.map((siteIndex, k) => {
      const qa = dns.qa_pixel?.[k] ?? null;
      const values: SiteRow['values'] = {};
      for (const band of available) values[band.id] = null;
      for (const band of present) {
        const dn = dns[band.read.asset]?.[k] ?? null;
        // Fill (QA bit 0, e.g. a Landsat 7 scan-line gap) has no value in any band.
        values[band.info.id] = dn === null || (qa !== null && !isImaged(qa)) ? null : band.physical(dn);
      }
      const notes: string[] = [];
      if (!scene.assets.qa_pixel) notes.push('the scene has no QA_PIXEL file, so clear is unknown');
      else if (qa === null) notes.push('the site lies outside the scene raster');
      else if (!isImaged(qa)) notes.push('fill: the sensor did not image this pixel');
      notes.push(...missingWords, ...unavailableWords);
      const extra = siteNotes.get(siteIndex);
      if (extra) notes.push(extra);
      return {
        siteIndex,
        site: sites[siteIndex],
        scene: sceneOf(scene, harmonized),
        values,
        qaPixel: qa,
        clear: qa === null ? false : isClearPixel(qa, query.mask),
        note: notes.join('; '),
      };
    });
  }

  const uncoveredRow = (sites: readonly Site[], u: { siteIndex: number; note: string }): SiteRow => ({
    siteIndex: u.siteIndex,
    site: sites[u.siteIndex],
    scene: null,
    values: {},
    qaPixel: null,
    clear: null,
    note: u.note,
  });

  return {
    plan,
    readGroup,
    uncoveredRow,
    /** Every row, sites in input order, each site's scenes oldest first. `onProgress` counts rows. */
    async readAll(
      sites: readonly Site[],
      query: SitesQuery,
      options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
    ): Promise<SiteRow[]> {
      const p = await plan(sites, query, options.signal);
      const rows: SiteRow[] = p.uncovered.map((u) => uncoveredRow(sites, u));
      let done = rows.length;
      options.onProgress?.(done, p.rowCount);
      await mapWithConcurrency(p.groups, sceneConcurrency, async (g) => {
        const read = await readGroup(sites, g, query, p.siteNotes, options.signal);
        rows.push(...read);
        done += read.length;
        options.onProgress?.(done, p.rowCount);
      });
      return sortRows(rows);
    },
  };
}

/** Sites in input order; a site's scenes oldest first. */
export function sortRows(rows: SiteRow[]): SiteRow[] {
  return rows.sort((a, b) => a.siteIndex - b.siteIndex || (a.scene?.datetime ?? '').localeCompare(b.scene?.datetime ?? '') || (a.scene?.id ?? '').localeCompare(b.scene?.id ?? ''));
}
