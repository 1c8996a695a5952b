import type { FastifyReply } from 'fastify';
import { sceneStacItemUrl } from '../../core/export/exportStacItem.js';
import type { SceneCatalog } from '../../core/stac/sceneCatalog.js';

/** Most source scenes named one by one in Link headers (a year of sites can touch hundreds: the template covers them all). */
const MAX_LINKED_SCENES = 40;

/**
 * Where a CSV's rows come from, in HTTP headers so the CSV body stays plain (pandas and R read it as
 * is): a `Link` (RFC 8288, rel="derived_from") to the STAC Item of each source scene, up to 40, and
 * `x-stac-item-template`, the Item URL with `{scene_id}` for the CSV's scene_id column. Archives that
 * publish no Items (the demo, local folders) get `x-source-archive` alone.
 */
export function linkCsvSources(reply: FastifyReply, catalog: SceneCatalog, planetaryComputerStacUrl: string, sceneIds: Iterable<string>): void {
  void reply.header('x-source-archive', `${catalog.name}${catalog.synthetic ? ' (SYNTHETIC demo archive, not Landsat data)' : ''}`);
  const template = sceneStacItemUrl(catalog.name, planetaryComputerStacUrl, '{scene_id}');
  if (!template) return;
  void reply.header('x-stac-item-template', template.replace(encodeURIComponent('{scene_id}'), '{scene_id}'));
  const ids = [...new Set(sceneIds)].slice(0, MAX_LINKED_SCENES);
  if (ids.length === 0) return;
  const links = ids.map((id) => `<${sceneStacItemUrl(catalog.name, planetaryComputerStacUrl, id)}>; rel="derived_from"; type="application/geo+json"; title="${id}"`);
  void reply.header('link', links.join(', '));
}
