// npm's postinstall: builds the two Node-API bindings with the node-gyp npm itself runs install scripts
// with, each on its own (one failing leaves the other):
// - native/deflate, libdeflate for the tile decoders (src/core/raster/nativeInflate.mjs). It needs a C
//   compiler and libdeflate's headers (Debian: `apt-get install libdeflate-dev`). Without it the
//   decoders use node's zlib, as before, and say so once at server start; only slower
//   (docs/areas-and-first-load.md, ninth round).
// - native/malloc, glibc's mallopt and malloc_trim, which the server uses on an archive of COGs
//   (src/server/ops/mallocTuning.ts). It needs a C compiler only. Without it the server says so at start
//   and reads archives with more CPU (docs/performance.md, nineteenth round).
// Never fails the install.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const nativeDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'native');

/** npm passes its node-gyp to install scripts (npm_config_node_gyp); else the copy npm itself ships with. */
function nodeGyp() {
  if (process.env.npm_config_node_gyp) return process.env.npm_config_node_gyp;
  try {
    return createRequire(path.join(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'package.json')).resolve('node-gyp/bin/node-gyp.js');
  } catch {
    return null;
  }
}

/** Node's own headers when they sit beside it (Debian's nodejs, the official tarballs) and npm names none: node-gyp would download them. */
function nodeDirArgs() {
  if (process.env.npm_config_nodedir) return [];
  const prefix = path.join(path.dirname(process.execPath), '..');
  return existsSync(path.join(prefix, 'include', 'node', 'node_api.h')) ? [`--nodedir=${prefix}`] : [];
}

const bindings = [
  {
    dir: 'deflate',
    built: 'libdeflate binding built (DEFLATE tiles inflate with libdeflate).',
    notBuilt: "DEFLATE tiles inflate with node's zlib. Install a C compiler and libdeflate-dev, then run `npm rebuild` or `node scripts/buildNative.mjs`.",
  },
  {
    dir: 'malloc',
    built: 'malloc binding built (on an archive of COGs the server sets its own mmap threshold and trims).',
    notBuilt: 'the server leaves malloc as the environment set it and reads archives with more CPU. Install a C compiler, then run `npm rebuild` or `node scripts/buildNative.mjs`.',
  },
];

const gyp = nodeGyp();
for (const { dir, built: builtText, notBuilt } of bindings) {
  const built = gyp ? spawnSync(process.execPath, [gyp, 'rebuild', ...nodeDirArgs()], { cwd: path.join(nativeDir, dir), encoding: 'utf8' }) : null;
  if (built?.status === 0) {
    console.log(`native/${dir}: ${builtText}`);
  } else {
    const why = !gyp ? 'node-gyp not found' : (built?.stderr || built?.error?.message || '').trim().split('\n').slice(-3).join(' | ');
    console.log(`native/${dir}: not built (${why}); ${notBuilt}`);
  }
}
