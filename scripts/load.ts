/**
 * `npm run load`: drives the warm endpoints with autocannon on the synthetic demo archive, the server
 * in this process, and prints JSON: requests per second and latency percentiles per endpoint, and the
 * peak resident memory. LOAD_SECONDS (default 5) and LOAD_CONNECTIONS (default 10) tune the run.
 */
import path from 'node:path';
import type { AddressInfo } from 'node:net';
// autocannon ships no types; only what is used here is declared.
// @ts-expect-error no declaration file
import autocannon from 'autocannon';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { DEFAULT_POINT } from '../src/shared/defaults.js';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
const runAutocannon = autocannon as (opts: Record<string, unknown>) => Promise<AutocannonResult>;

const seconds = Number(process.env.LOAD_SECONDS ?? 5);
const connections = Number(process.env.LOAD_CONNECTIONS ?? 10);
const log = (msg: string) => process.stderr.write(`${msg}\n`);

const today = new Date();
const yearAgo = new Date(today.getTime() - 365 * 86_400_000);
const dates = `startDate=${yearAgo.toISOString().slice(0, 10)}&endDate=${today.toISOString().slice(0, 10)}`;
const { lat, lon } = DEFAULT_POINT;
const d = 0.01;
const box = `LON_UL=${lon - d}&LAT_UR=${lat - d}&LON_UR=${lon + d}&LAT_UL=${lat + d}`;

const ENDPOINTS: Record<string, string> = {
  health: '/api/health',
  wrs2: `/api/wrs2?lat=${lat}&lon=${lon}`,
  overpasses: `/api/overpasses?lat=${lat}&lon=${lon}&days=16`,
  geocode: '/api/geocode?q=Huntsville',
  pixelLatest: `/api/pixel?lat=${lat}&lon=${lon}&${dates}&latest=true`,
  landsat3x3: `/api/landsat3x3?latitude=${lat}&longitude=${lon}&${box}&${dates}`,
  landsatDataSmallBox: `/api/landsatData?${box}&${dates}&bands=B04,B05`,
};

async function main() {
  const app = await buildApp(
    loadConfig({
      LANDSAT_SOURCE: 'demo',
      DATABASE_PATH: ':memory:',
      STATIC_DIR: path.resolve('dist/client'),
      SCHEDULER_INTERVAL_MS: '0',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '1000000',
    }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  let peakRssMb = process.memoryUsage().rss / 2 ** 20;
  const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, process.memoryUsage().rss / 2 ** 20)), 50);

  log('warming up (the demo archive is generated on first use)…');
  for (const [name, url] of Object.entries(ENDPOINTS)) {
    const res = await fetch(baseUrl + url);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`warm-up ${name} answered ${res.status}`);
  }

  const results: Record<string, { requestsPerSec: number; latencyMs: { p50: number; p90: number; p99: number; max: number }; requests: number; non2xx: number; errors: number }> = {};
  for (const [name, url] of Object.entries(ENDPOINTS)) {
    log(`${name}: ${seconds} s, ${connections} connections`);
    const r = await runAutocannon({ url: baseUrl + url, connections, duration: seconds });
    results[name] = {
      requestsPerSec: Math.round(r.requests.average),
      latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
      requests: r.requests.total,
      non2xx: r.non2xx,
      errors: r.errors + r.timeouts,
    };
  }
  clearInterval(sampler);
  await app.close();
  process.stdout.write(`${JSON.stringify({ seconds, connections, cpus: (await import('node:os')).cpus().length, endpoints: results, peakRssMb: Math.round(peakRssMb) }, null, 2)}\n`);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
