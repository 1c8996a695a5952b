// `npm start`: build the page when the build is missing (or older than its sources), then serve page and API.
// The build tools (vite, @vitejs/plugin-react) are runtime `dependencies` on purpose, so this also works
// after `npm ci --omit=dev` (see docs/operations.md, "Production install").
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withServerProcessEnv } from './serverProcessEnv.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'dist/client/index.html');
const viteBin = path.join(root, 'node_modules/vite/bin/vite.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

if (!existsSync(path.join(root, 'node_modules'))) {
  console.error('The dependencies are not installed. Run `npm ci --omit=dev` (production) or `npm ci` (development) first.');
  process.exit(1);
}
const sources = path.join(root, 'src/client');
const stale = !existsSync(built) || (existsSync(sources) && newestMtime(sources) > statSync(built).mtimeMs);
if (stale) {
  if (!existsSync(viteBin)) {
    console.error('The page (dist/client) needs building, but its build tool vite is not installed. Run `npm ci` (vite is a runtime dependency), then `npm start` again.');
    process.exit(1);
  }
  console.log('Building the page (dist/client)...');
  const result = spawnSync(process.execPath, [viteBin, 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('Building the page failed (see above); the server was not started.');
    process.exit(result.status ?? 1);
  }
}
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], { cwd: root, stdio: 'inherit', env: withServerProcessEnv(process.env) });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
