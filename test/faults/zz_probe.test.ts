import { it } from 'vitest';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildTestApp } from '../support/testApp.js';
it('probe', async () => {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  const app = await buildTestApp({ LOAD_SHED_EVENT_LOOP_DELAY_MS: '0' });
  process.stderr.write(`PROBE build max ${h.max / 1e6}\n`); h.reset();
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const res = await app.inject('/api/pixel?lat=-14.7111791&lon=-67.3037941&startDate=2019-01-01&endDate=2019-01-31&cloudCoverage=100&bands=B01,B02,B03,B04,B05,B06,B07,B09');
    await new Promise((r) => setTimeout(r, 20));
    process.stderr.write(`PROBE ${res.statusCode} ${(performance.now() - t).toFixed(0)} ms, loop max ${h.max / 1e6}\n`); h.reset();
  }
  await app.close();
});
