/**
 * `npx tsx scripts/loadStreams.ts`: only issue 27's stream scenarios (scripts/load/streamScenarios.ts),
 * against the real server as its own process (`npm start`'s settings, demo archive), printed as JSON.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import os from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { withServerProcessEnv } from './serverProcessEnv.mjs';
import { streamScenarios } from './load/streamScenarios.js';

const port = Number(process.env.LOAD_PORT ?? 18_527);
const dir = mkdtempSync(path.join(os.tmpdir(), 'landsat-load-streams-'));
// LOAD_SERVER_NODE_ARGS adds node flags to the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see what holds its loop.
const extraNodeArgs = (process.env.LOAD_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const server = spawn(process.execPath, ['--max-old-space-size=320', ...extraNodeArgs, '--import', 'tsx', path.resolve('src/server/main.ts')], {
  // With extra flags (--trace-gc and the like print to stdout) the server's output goes to stderr.
  stdio: ['ignore', extraNodeArgs.length > 0 ? 2 : 'ignore', 'inherit'],
  env: withServerProcessEnv({ ...process.env, PORT: String(port), HOST: '127.0.0.1', LANDSAT_SOURCE: 'demo', DATABASE_PATH: path.join(dir, 'db.sqlite'), OUTBOX_DIR: path.join(dir, 'outbox'), SCHEDULER_INTERVAL_MS: '0', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000' }),
});
const baseUrl = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      if (i > 300) throw new Error('the server did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const load = (await import('node:os')).loadavg();
  const figures = await streamScenarios(baseUrl, { streamSeconds: Number(process.env.LOAD_SECONDS ?? 10), churnSeconds: Number(process.env.LOAD_SECONDS ?? 10), serverPid: server.pid });
  process.stdout.write(`${JSON.stringify({ cpus: os.cpus().length, loadAverageAtStart: load, ...figures }, null, 2)}\n`);
} finally {
  server.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
