/**
 * The production install, exactly as the README gives it: a fresh clone, `npm ci --omit=dev`, then
 * `npm start`. Proves that the runtime (page build included) needs only `dependencies`.
 *
 * It installs with `--offline`, from the npm cache that the earlier `npm ci` (CI's first step)
 * filled, so it never needs the network. better-sqlite3's install script (prebuild-install) is
 * offered the native module the development install already built, through prebuild-install's own
 * `local-prebuilds` option, instead of compiling sqlite for a minute or two; set
 * PRODUCTION_INSTALL_COMPILE=1 to compile it as a machine without a prebuild would.
 *
 * Slow (tens of seconds): skip it only on purpose with SKIP_PRODUCTION_INSTALL_TEST=1; vitest then
 * reports it as skipped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const skip = process.env.SKIP_PRODUCTION_INSTALL_TEST === '1';

/** The environment of a fresh shell: nothing from the surrounding `npm test` or vitest leaks in. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|VITEST|NODE_ENV$|NODE_OPTIONS$|TEST$)/i.test(key)) continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

/** A tarball in prebuild-install's naming, holding the native module the dev install built. */
async function offerBuiltSqlite(dir: string): Promise<string | undefined> {
  const pkgDir = path.join(repoRoot, 'node_modules/better-sqlite3');
  const binary = path.join(pkgDir, 'build/Release/better_sqlite3.node');
  if (process.env.PRODUCTION_INSTALL_COMPILE === '1' || !existsSync(binary)) return undefined;
  const version = (JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as { version: string }).version;
  const stage = path.join(dir, 'stage');
  await mkdir(path.join(stage, 'build/Release'), { recursive: true });
  await run('cp', [binary, path.join(stage, 'build/Release/')]);
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  await run('tar', ['-czf', path.join(dir, name), '-C', stage, 'build']);
  return dir;
}

describe.skipIf(skip)('production install: npm ci --omit=dev && npm start in a fresh clone', () => {
  let tmp: string;
  let clone: string;
  let server: ChildProcess | undefined;
  let serverOutput = '';
  let baseUrl: string;
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'landsat-prod-install-'));
    clone = path.join(tmp, 'app');
    let started = Date.now();
    await run('git', ['clone', '--quiet', repoRoot, clone]);
    // Uncommitted changes to tracked files come along, so the test checks the tree being worked on;
    // CI's clone is clean and installs HEAD as it is.
    const { stdout: changes } = await run('git', ['diff', '--binary', 'HEAD'], { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 });
    if (changes.trim()) {
      const apply = spawn('git', ['apply', '--whitespace=nowarn', '-'], { cwd: clone, stdio: ['pipe', 'ignore', 'inherit'] });
      apply.stdin.end(changes);
      const code = await new Promise((resolve) => apply.on('exit', resolve));
      if (code !== 0) throw new Error('could not carry the working tree changes into the clone (git apply failed)');
    }
    timings.cloneMs = Date.now() - started;

    const prebuilds = await offerBuiltSqlite(path.join(tmp, 'prebuilds'));
    started = Date.now();
    try {
      await run('npm', ['ci', '--omit=dev', '--offline', '--no-audit', '--no-fund'], {
        cwd: clone,
        env: cleanEnv(prebuilds ? { npm_config_better_sqlite3_local_prebuilds: prebuilds } : {}),
        maxBuffer: 64 * 1024 * 1024,
      });
    } catch (err) {
      const output = `${(err as { stdout?: string }).stdout ?? ''}${(err as { stderr?: string }).stderr ?? ''}`;
      const hint = /ENOTCACHED/.test(output)
        ? ' The npm cache lacks a package: run `npm ci` once (with network) so that the cache holds every locked package.'
        : '';
      throw new Error(`npm ci --omit=dev --offline failed.${hint}\n${output.slice(-3000)}`);
    }
    timings.npmCiMs = Date.now() - started;

    started = Date.now();
    server = spawn('npm', ['start'], {
      cwd: clone,
      detached: true, // its own process group, so npm, start.mjs and the server stop together
      env: cleanEnv({ PORT: '0', HOST: '127.0.0.1', LANDSAT_SOURCE: 'demo', LOG_LEVEL: 'info' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    baseUrl = await new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        serverOutput += chunk.toString();
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(serverOutput);
        if (match) resolve(match[1]);
      };
      server!.stdout!.on('data', onData);
      server!.stderr!.on('data', onData);
      server!.on('exit', (code) => reject(new Error(`npm start exited with ${code} before listening:\n${serverOutput.slice(-3000)}`)));
    });
    timings.startMs = Date.now() - started;
    console.log(`production install timings (ms): ${JSON.stringify(timings)}${prebuilds ? ' (better-sqlite3 from the dev build)' : ' (better-sqlite3 compiled)'}`);
  }, 600_000);

  afterAll(async () => {
    if (server?.pid && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      process.kill(-server.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (server.exitCode === null) process.kill(-server.pid, 'SIGKILL');
    }
    if (tmp) await rm(tmp, { recursive: true, force: true });
  }, 30_000);

  it('installed nothing the lock marks dev-only (the runtime really lives on `dependencies`)', () => {
    const lock = JSON.parse(readFileSync(path.join(clone, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };
    const devOnly = Object.entries(lock.packages).filter(([key, entry]) => key && entry.dev);
    expect(devOnly.length).toBeGreaterThan(10); // vitest, typescript, playwright-core, smtp-server, ...
    expect(devOnly.filter(([key]) => existsSync(path.join(clone, key)))).toEqual([]);
    expect(existsSync(path.join(clone, 'node_modules/vite/package.json'))).toBe(true);
    expect(existsSync(path.join(clone, 'node_modules/nodemailer/package.json'))).toBe(true);
  });

  it('built the page and serves the API from the demo archive', async () => {
    expect(serverOutput).toContain('Building the page');
    const health = await fetch(`${baseUrl}/api/health`);
    expect(health.status).toBe(200);
    const body = (await health.json()) as { status: string; source: string; synthetic: boolean };
    expect(body).toMatchObject({ status: 'ok', synthetic: true });
    expect(body.source).toMatch(/demo/i);
  });

  it('serves the page at /', async () => {
    const page = await fetch(`${baseUrl}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('<div id="root"></div>');
    const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const js = await fetch(new URL(script!, baseUrl));
    expect(js.status).toBe(200);
    expect((await js.text()).length).toBeGreaterThan(1000);
  });
});
