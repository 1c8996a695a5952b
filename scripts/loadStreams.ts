/**
 * `npx tsx scripts/loadStreams.ts`: the health-under-load scenarios alone, against the real server as its
 * own process (`npm start`'s settings, demo archive, scripts/load/serverProcess.ts), printed as JSON:
 * issue 27's streams (scripts/load/streamScenarios.ts; LOAD_SECONDS, default 10, is each phase's length:
 * about 35 s with the default) and issue 22's 30 images and 1,000-site batch (scripts/load/imagesAndSites.ts;
 * a minute or two on an idle 2-core machine) and issue 33's 12 rounds of 4 long streams aborted after 1-2 s
 * (scripts/load/churnRounds.ts, ~40 s). LOAD_ONLY=streams, images-sites or churn-rounds runs one.
 */
import os from 'node:os';
import { startServerProcess } from './load/serverProcess.js';
import { streamScenarios } from './load/streamScenarios.js';
import { imagesAndSites } from './load/imagesAndSites.js';
import { churnRounds } from './load/churnRounds.js';

const only = process.env.LOAD_ONLY;
const server = await startServerProcess();
try {
  const load = os.loadavg();
  const seconds = Number(process.env.LOAD_SECONDS ?? 10);
  const runs = (what: string) => only === undefined || only === what;
  const churn = runs('churn-rounds') ? await churnRounds(server.baseUrl, { serverPid: server.pid, loopCpu: () => server.loopCpu() }) : null;
  const streams = !runs('streams') ? null : await streamScenarios(server.baseUrl, { streamSeconds: seconds, churnSeconds: seconds, serverPid: server.pid, loopCpu: () => server.loopCpu() });
  const imagesSites = !runs('images-sites') ? null : await imagesAndSites(server.baseUrl, { serverPid: server.pid, loopCpu: () => server.loopCpu() });
  process.stdout.write(`${JSON.stringify({ cpus: os.cpus().length, loadAverageAtStart: load, streams, imagesAndSites: imagesSites, churnRounds: churn }, null, 2)}\n`);
} finally {
  server.stop();
}
