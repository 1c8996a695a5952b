import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const clientDist = path.join(repoRoot, 'dist/client');

/** Everything the page is built from: when any of it is newer than the build, rebuild. */
const SOURCES = ['src/client', 'src/core/bands', 'src/core/geo', 'src/shared', 'vite.config.ts'];
const LOCK_DIR = path.join(repoRoot, 'dist/.client-build.lock');
const LOCK_STALE_MS = 180_000;

function newestMtimeMs(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    // Component tests do not change the bundle.
    if (/\.test\.tsx?$/.test(entry)) continue;
    newest = Math.max(newest, newestMtimeMs(path.join(target, entry)));
  }
  return newest;
}

export function clientBuildIsStale(): boolean {
  const index = path.join(clientDist, 'index.html');
  if (!existsSync(index)) return true;
  const builtAt = statSync(index).mtimeMs;
  return SOURCES.some((s) => newestMtimeMs(path.join(repoRoot, s)) > builtAt);
}

/**
 * A child process, not Vite's API: vitest sets NODE_ENV=test, which Vite would honour and so ship
 * React's development build; the child gets NODE_ENV=production like `npm run build`.
 */
function viteBuild(outDir: string): Promise<void> {
  const viteBin = path.join(repoRoot, 'node_modules/vite/bin/vite.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [viteBin, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build failed with exit code ${code}`))));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Builds the page into dist/client when it is missing or older than its sources. Several test
 * processes may ask at once (vitest workers, other people's runs), so one builds under a lock
 * directory, into a private folder that is swapped in at the end, and the others wait.
 */
export async function ensureClientBuild(): Promise<void> {
  if (!clientBuildIsStale()) return;
  mkdirSync(path.dirname(LOCK_DIR), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK_DIR);
      break;
    } catch {
      const age = existsSync(LOCK_DIR) ? Date.now() - statSync(LOCK_DIR).mtimeMs : 0;
      if (age > LOCK_STALE_MS) rmSync(LOCK_DIR, { recursive: true, force: true });
      else await sleep(250);
    }
  }
  try {
    if (!clientBuildIsStale()) return;
    const staging = path.join(repoRoot, `dist/.client-build-${process.pid}`);
    await viteBuild(staging);
    rmSync(clientDist, { recursive: true, force: true });
    renameSync(staging, clientDist);
  } finally {
    rmSync(LOCK_DIR, { recursive: true, force: true });
  }
}
