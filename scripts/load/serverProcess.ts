/**
 * The real server as its own process, as `npm start` runs it (demo archive, V8 heap capped at 320 MB as
 * the README recommends, glibc and libuv settings of scripts/serverProcessEnv.mjs), for the scenarios
 * whose figures are the server's alone: its resident memory, its main-thread CPU.
 * LOAD_SERVER_NODE_ARGS adds node flags, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see what holds
 * its loop (with flags, the server's stdout, where --trace-gc and the like print, goes to stderr).
 * The server also runs scripts/load/loopCpuMonitor.mjs: `loopCpu()` gives its loop's turns in CPU ms since the last call.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import os from 'node:os';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { LoopCpuFigures } from './loopCpuMonitor.mjs';
import { withServerProcessEnv } from '../serverProcessEnv.mjs';

export const SERVER_HEAP_MB = 320;

export async function startServerProcess(port = Number(process.env.LOAD_PORT ?? 18_527)) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'landsat-load-'));
  const extraNodeArgs = (process.env.LOAD_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const loopFile = path.join(dir, 'loop.json');
  const monitor = path.resolve('scripts/load/loopCpuMonitor.mjs');
  const server = spawn(process.execPath, [`--max-old-space-size=${SERVER_HEAP_MB}`, ...extraNodeArgs, '--import', monitor, '--import', 'tsx', path.resolve('src/server/main.ts')], {
    stdio: ['ignore', extraNodeArgs.length > 0 ? 2 : 'ignore', 'inherit'],
    env: withServerProcessEnv({ ...process.env, PORT: String(port), HOST: '127.0.0.1', LANDSAT_SOURCE: 'demo', DATABASE_PATH: path.join(dir, 'db.sqlite'), OUTBOX_DIR: path.join(dir, 'outbox'), SCHEDULER_INTERVAL_MS: '0', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000', LOAD_LOOP_MONITOR_FILE: loopFile }),
  });
  let exit: { code: number | null; signal: string | null } | null = null;
  server.on('exit', (code, signal) => (exit = { code, signal }));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      if (i > 300 || exit) {
        stop();
        throw new Error('the server did not start');
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    pid: server.pid!,
    stop,
    /** The server loop's turns in CPU ms since the last call (null without /proc). */
    async loopCpu(): Promise<LoopCpuFigures | null> {
      rmSync(loopFile, { force: true });
      server.kill('SIGUSR2');
      for (let waited = 0; !existsSync(loopFile); waited += 20) {
        if (waited > 60_000 || exit) return null;
        await new Promise((r) => setTimeout(r, 20));
      }
      await new Promise((r) => setTimeout(r, 20)); // the write itself
      return JSON.parse(readFileSync(loopFile, 'utf8')) as LoopCpuFigures | null;
    },
    /** How the server ended, if it did (a crash under load: out of memory and the like). */
    get exit() {
      return exit as { code: number | null; signal: string | null } | null;
    },
  };
}
