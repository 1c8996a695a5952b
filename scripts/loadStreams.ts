/**
 * `npx tsx scripts/loadStreams.ts`: only issue 27's stream scenarios (scripts/load/streamScenarios.ts),
 * against the real server as its own process (`npm start`'s settings, demo archive), printed as JSON.
 * LOAD_SECONDS (default 10) is each phase's length: about 30 s in all with the default.
 */
import os from 'node:os';
import { startServerProcess } from './load/serverProcess.js';
import { streamScenarios } from './load/streamScenarios.js';

const server = await startServerProcess();
try {
  const load = os.loadavg();
  const seconds = Number(process.env.LOAD_SECONDS ?? 10);
  const figures = await streamScenarios(server.baseUrl, { streamSeconds: seconds, churnSeconds: seconds, serverPid: server.pid });
  process.stdout.write(`${JSON.stringify({ cpus: os.cpus().length, loadAverageAtStart: load, ...figures }, null, 2)}\n`);
} finally {
  server.stop();
}
