import { buildTestApp } from '../test/support/testApp.js';
import { DEFAULT_POINT } from '../src/shared/defaults.js';
import { detectChanges } from '../src/core/change/detectChanges.js';
import { writeFileSync } from 'node:fs';
async function main() {
  const app = await buildTestApp({ LANDSAT_SOURCE: 'demo', RATE_LIMIT_PER_MINUTE: '100000', REQUEST_TIMEOUT_MS: '600000' });
  const b = (await app.inject(`/api/change?lat=${DEFAULT_POINT.lat}&lon=${DEFAULT_POINT.lon}`)).json();
  const obs = b.series.map((o: any) => ({ date: o.date, ...o.values, qa: o.qa }));
  writeFileSync('/tmp/demo40.json', JSON.stringify(obs));
  for (let i = 0; i < 5; i++) { const t = performance.now(); const r = detectChanges(obs); console.log('detect', (performance.now() - t).toFixed(1), 'ms', r.segments.length); }
  const counts: Record<string, number> = {};
  for (const o of b.series) counts[o.sensor] = (counts[o.sensor] ?? 0) + 1;
  console.log(counts, 'clear', b.series.filter((o: any) => o.clear).length);
  await app.close();
}
void main();
