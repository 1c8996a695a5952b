// npm's postinstall: builds native/deflate, the libdeflate binding the tile decoders inflate DEFLATE
// tiles with (src/core/raster/nativeInflate.mjs), with the node-gyp npm itself runs install scripts
// with. It needs a C compiler and libdeflate's headers (Debian: `apt-get install libdeflate-dev`).
// Never fails the install: without the binding the decoders use node's zlib, as before, and say so
// once at server start; only slower (docs/areas-and-first-load.md, ninth round).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'native', 'deflate');

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

const gyp = nodeGyp();
const built = gyp ? spawnSync(process.execPath, [gyp, 'rebuild', ...nodeDirArgs()], { cwd: dir, encoding: 'utf8' }) : null;
if (built?.status === 0) {
  console.log('native/deflate: libdeflate binding built (DEFLATE tiles inflate with libdeflate).');
} else {
  const why = !gyp ? 'node-gyp not found' : (built?.stderr || built?.error?.message || '').trim().split('\n').slice(-3).join(' | ');
  console.log(`native/deflate: libdeflate binding not built (${why}); DEFLATE tiles inflate with node's zlib. Install a C compiler and libdeflate-dev, then run \`npm rebuild\` or \`node scripts/buildNativeInflate.mjs\`.`);
}
