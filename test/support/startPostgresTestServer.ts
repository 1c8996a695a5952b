/**
 * Test support: a real PostgreSQL server (Debian's package, /usr/lib/postgresql/<version>/bin), made with
 * initdb in a temporary folder and started on a free port of 127.0.0.1 with its unix socket in that
 * folder; `close` stops it and removes the folder. PostgreSQL refuses to run as root, so when the tests
 * run as root the server runs as the `postgres` system user that Debian's package creates.
 *
 * Missing PostgreSQL is an error, not a skip: CI installs it (.ci/run).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './freePort.js';

export interface PostgresTestServer {
  /** postgres:// URL of the `postgres` database (superuser `postgres`, no password). */
  url: string;
  /** Creates an empty database and returns its URL. */
  createDatabase(name?: string): Promise<string>;
  close(): Promise<void>;
}

export function findPostgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'postgres')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    throw new Error(
      'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/postgres). The PostgreSQL tests need a real server: ' +
        'install Debian\'s package (apt-get install postgresql), as .ci/run does.',
    );
  }
  return path.join(root, versions[0], 'bin');
}


/** Runs as `postgres` when we are root (initdb and postgres refuse root). */
function asServerUser(command: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [command, args];
  const uid = execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim();
  const gid = execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim();
  return ['setpriv', [`--reuid=${uid}`, `--regid=${gid}`, '--clear-groups', '--', command, ...args]];
}

export async function startPostgresTestServer(): Promise<PostgresTestServer> {
  const bin = findPostgresBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'landsat-pg-'));
  const dataDir = path.join(dir, 'data');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
  let child: ChildProcess | null = null;
  try {
    const [initdb, initArgs] = asServerUser(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--locale=C', '--encoding=UTF8', '--no-sync']);
    execFileSync(initdb, initArgs, { stdio: ['ignore', 'ignore', 'pipe'], cwd: dir });
    const port = await freePort();
    const [postgres, args] = asServerUser(path.join(bin, 'postgres'), [
      '-D', dataDir,
      '-p', String(port),
      '-k', dir,
      '-c', 'listen_addresses=127.0.0.1',
      // A throw-away server: durability off for speed.
      '-c', 'fsync=off',
      '-c', 'synchronous_commit=off',
      '-c', 'full_page_writes=off',
      '-c', 'max_connections=100',
    ]);
    const stderr: string[] = [];
    child = spawn(postgres, args, { stdio: ['ignore', 'ignore', 'pipe'], cwd: dir });
    // A test process that ends without `close` (a crash, a failed hook) must not leave the server running.
    const spawned = child;
    const stopOnExit = () => {
      spawned.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    };
    process.once('exit', stopOnExit);
    spawned.once('exit', () => process.off('exit', stopOnExit));
    child.stderr!.on('data', (c: Buffer) => stderr.push(c.toString()));
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const started = Date.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`PostgreSQL exited at start: ${stderr.join('').slice(-2000)}`);
      const client = new pg.Client({ connectionString: url });
      try {
        await client.connect();
        await client.end();
        break;
      } catch {
        await client.end().catch(() => {});
        if (Date.now() - started > 30_000) throw new Error(`PostgreSQL did not accept connections within 30 s: ${stderr.join('').slice(-2000)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    let databases = 0;
    const server = child;
    return {
      url,
      async createDatabase(name = `test_${process.pid}_${++databases}`) {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          await client.query(`CREATE DATABASE "${name}"`);
        } finally {
          await client.end();
        }
        return `postgres://postgres@127.0.0.1:${port}/${name}`;
      },
      async close() {
        if (server.exitCode === null) {
          const exited = new Promise((r) => server.once('exit', r));
          server.kill('SIGINT'); // "fast shutdown": disconnects clients, stops at once
          await exited;
        }
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}
