import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from './freePort.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}


/**
 * The real server (src/server/main.ts) in its own process on a loopback port, as `npm start` runs it,
 * on the synthetic demo archive with a throwaway SQLite file unless `env` says otherwise.
 */
export async function startServerProcess(env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<ServerProcess> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'landsat-otf-proc-'));
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(ROOT, 'src/server/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LANDSAT_SOURCE: 'demo',
      DATABASE_PATH: path.join(dir, 'store.db'),
      OUTBOX_DIR: path.join(dir, 'outbox'),
      STATIC_DIR: path.join(dir, 'no-static'),
      SCHEDULER_INTERVAL_MS: '0',
      LOG_LEVEL: 'warn',
      // No whole-record warm-up (main.ts, WARM_UP=full): ~2 s more of every start, on cores the test
      // files share. main.test.ts starts one with it.
      WARM_UP: 'light',
      // Other test files share the cores: a slow start must not shed the very calls a test counts.
      LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (b: Buffer) => (output += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (output += b.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server process exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).status > 0) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not answer within 30 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    port,
    baseUrl,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(killer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Sends `raw` bytes on a fresh socket and returns all the server wrote back before closing (or `waitMs`). */
export async function rawExchange(port: number, raw: string | Buffer, waitMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(received);
    }, waitMs);
    socket.on('data', (b) => (received += b.toString('latin1')));
    socket.on('error', (err) => {
      clearTimeout(timer);
      if (received) resolve(received);
      else reject(err);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
    socket.write(raw);
  });
}

/** Status and parsed JSON body of a raw HTTP/1.1 answer. */
export function parseRawAnswer(raw: string): { status: number; headers: string; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = split < 0 ? raw : raw.slice(0, split);
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
  return { status, headers: head, body: split < 0 ? '' : raw.slice(split + 4) };
}
