/**
 * Pre-generates the SYNTHETIC demo archive (STAC items + Cloud-Optimized GeoTIFFs) so that the first
 * requests need not wait for lazy generation. The server generates any missing scene on first use anyway.
 *
 *   npx tsx scripts/generate-demo.ts [dir] [--place huntsville] [--since 2025-01-01]
 *
 * dir defaults to data/demo. The whole archive is about 4 MB per scene, a few hundred scenes per place.
 */
import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createDemoCatalog } from '../src/core/demo/createDemoCatalog.js';
import { DEMO_PLACES } from '../src/core/demo/demoPlaces.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { place: { type: 'string', multiple: true }, since: { type: 'string' } },
});
const dir = resolve(positionals[0] ?? 'data/demo');
const placeIds = values.place ?? DEMO_PLACES.map((p) => p.id);
const unknown = placeIds.filter((id) => !DEMO_PLACES.some((p) => p.id === id));
if (unknown.length > 0) {
  console.error(`unknown place(s) ${unknown.join(', ')}; known: ${DEMO_PLACES.map((p) => p.id).join(', ')}`);
  process.exit(2);
}
if (values.since && !/^\d{4}-\d{2}-\d{2}$/.test(values.since)) {
  console.error('--since takes a date YYYY-MM-DD');
  process.exit(2);
}

const started = performance.now();
const catalog = await createDemoCatalog({ dir, places: DEMO_PLACES.filter((p) => placeIds.includes(p.id)) });
const scenes = catalog.listScenes().filter((s) => !values.since || s.datetime.slice(0, 10) >= values.since);
console.log(`SYNTHETIC demo archive: ${scenes.length} scenes (${placeIds.join(', ')}) into ${dir}`);

let bytes = 0;
for (const [n, scene] of scenes.entries()) {
  const folder = await catalog.generateScene(scene.id);
  for (const name of await readdir(folder)) bytes += (await stat(join(folder, name))).size;
  if ((n + 1) % 25 === 0 || n + 1 === scenes.length) {
    console.log(`  ${n + 1}/${scenes.length} scenes, ${(bytes / 1e6).toFixed(1)} MB, ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}
const clear = scenes.filter((s) => s.cloudCover <= 10).length;
console.log(
  `done: ${scenes.length} SYNTHETIC scenes (${clear} with <= 10 % cloud), ${(bytes / 1e6).toFixed(1)} MB, ` +
    `${((performance.now() - started) / 1000).toFixed(1)} s`,
);
