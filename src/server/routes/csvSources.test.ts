import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { SceneCatalog } from '../../core/stac/sceneCatalog.js';
import { linkCsvSources } from './csvSources.js';

function replyCollecting() {
  const headers: Record<string, string> = {};
  const reply = { header: (name: string, value: string) => ((headers[name] = value), reply) };
  return { reply: reply as unknown as FastifyReply, headers };
}
const catalog = (name: string, synthetic = false) => ({ name, synthetic }) as SceneCatalog;
const PC = 'https://planetarycomputer.microsoft.com/api/stac/v1';

describe('CSV source links', () => {
  it('name each source scene\'s STAC Item once, and the template for the scene_id column', () => {
    const { reply, headers } = replyCollecting();
    linkCsvSources(reply, catalog('planetary-computer'), PC, ['LC08_L2SP_001070_20190114_02_T2', 'LC08_L2SP_001070_20190114_02_T2', 'LC09_L2SP_001070_20190122_02_T1']);
    expect(headers['x-stac-item-template']).toBe(`${PC}/collections/landsat-c2-l2/items/{scene_id}`);
    expect(headers.link).toBe(
      `<${PC}/collections/landsat-c2-l2/items/LC08_L2SP_001070_20190114_02_T2>; rel="derived_from"; type="application/geo+json"; title="LC08_L2SP_001070_20190114_02_T2", ` +
        `<${PC}/collections/landsat-c2-l2/items/LC09_L2SP_001070_20190122_02_T1>; rel="derived_from"; type="application/geo+json"; title="LC09_L2SP_001070_20190122_02_T1"`,
    );
    expect(headers['x-source-archive']).toBe('planetary-computer');
  });

  it('a STAC API archive links its own Items; the demo says it is synthetic and links none', () => {
    const stac = replyCollecting();
    linkCsvSources(stac.reply, catalog('stac:https://example.org/stac/v1/'), PC, ['LT05_L2SP_010067_19860424_02_T2']);
    expect(stac.headers.link).toContain('<https://example.org/stac/v1/collections/landsat-c2-l2/items/LT05_L2SP_010067_19860424_02_T2>');
    const demo = replyCollecting();
    linkCsvSources(demo.reply, catalog('demo', true), PC, ['LC08_L2SP_001070_20190114_02_T2']);
    expect(demo.headers.link).toBeUndefined();
    expect(demo.headers['x-source-archive']).toBe('demo (SYNTHETIC demo archive, not Landsat data)');
  });
});
