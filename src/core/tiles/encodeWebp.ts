/**
 * WebP through libwebp compiled to WebAssembly (@jsquash/webp, Apache-2.0, repackaged from Squoosh):
 * no native binary to download or build. The wasm is compiled once, on first use, from the package's
 * own file; lossless, so a tile's colours are the PNG's.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import encode, { init } from '@jsquash/webp/encode.js';

let ready: Promise<unknown> | null = null;

async function load(): Promise<unknown> {
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('@jsquash/webp/package.json'));
  // The SIMD build when the runtime has WebAssembly SIMD (Node 16+), as the package's own init picks.
  const wasm = await WebAssembly.compile(await readFile(path.join(dir, 'codec/enc/webp_enc_simd.wasm')));
  return init(wasm);
}

export async function encodeWebp(rgba: Uint8ClampedArray, width: number, height: number): Promise<Buffer> {
  ready ??= load().catch((err: unknown) => {
    ready = null;
    throw err;
  });
  await ready;
  const out = await encode({ data: rgba, width, height, colorSpace: 'srgb' } as ImageData, { lossless: 1, quality: 75, method: 1 });
  return Buffer.from(out);
}
