/**
 * One run of issue 36's bench (scripts/bench/fieldFiles.ts starts it in a fresh Node process, so every
 * run is cold: no module-level cache, no warm worker): 200 SVC .sig files with GPS in one
 * POST /api/compare/batch against the embedded default (the synthetic demo archive). Prints
 * {"ms","filesMatchedToAScene"} on stdout.
 * The files are the real HR-1024i files of ../shared/real-world/spectra/svc-acer with their target GPS
 * position moved (seeded, within ~0.25 degrees of the real site), so the batch reads many pixels, not one.
 */
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';

const FILES = 200;
const SVC_DIR = path.resolve('../shared/real-world/spectra/svc-acer');
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

/** xorshift32, seeded: the same positions every run. */
function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

/** Decimal degrees as the SVC writes them: degrees and decimal minutes with the hemisphere. */
const dm = (value: number, degreeDigits: number, positive: string, negative: string) => {
  const abs = Math.abs(value);
  const deg = Math.floor(abs);
  return `${String(deg).padStart(degreeDigits, '0')}${((abs - deg) * 60).toFixed(4).padStart(7, '0')}${value >= 0 ? positive : negative}`;
};

function campaign(): { name: string; bytes: Buffer }[] {
  const sources = readdirSync(SVC_DIR).map((f) => readFileSync(path.join(SVC_DIR, f), 'latin1'));
  const random = rng(36);
  return Array.from({ length: FILES }, (_, i) => {
    const lat = 46.679205 + (random() - 0.5) * 0.5;
    const lon = -92.518712 + (random() - 0.5) * 0.5;
    const text = sources[i % sources.length]
      .replace(/^(latitude=\s*[^,]*,\s*)\S+/m, `$1${dm(lat, 2, 'N', 'S')}`)
      .replace(/^(longitude=\s*[^,]*,\s*)\S+/m, `$1${dm(lon, 3, 'E', 'W')}`);
    return { name: `site_${String(i).padStart(3, '0')}.sig`, bytes: Buffer.from(text, 'latin1') };
  });
}

function multipart(files: { name: string; bytes: Buffer }[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), f.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

async function main() {
  const boundary = 'benchFieldFiles';
  const body = multipart(campaign(), boundary);
  const app = await buildApp(
    loadConfig({
      LANDSAT_SOURCE: 'demo',
      DATABASE_PATH: ':memory:',
      OUTBOX_DIR: path.join(os.tmpdir(), `bench-outbox-${process.pid}`),
      STATIC_DIR: path.join(os.tmpdir(), 'bench-no-static'),
      SCHEDULER_INTERVAL_MS: '0',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '1000',
    }),
  );
  await app.ready();
  const start = process.hrtime.bigint();
  // CPU of the whole process (event loop and the demo's synthesis worker): what the run costs whatever else the machine runs.
  const cpuStart = process.cpuUsage();
  const res = await app.inject({ method: 'POST', url: '/api/compare/batch', payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const cpu = process.cpuUsage(cpuStart);
  if (res.statusCode !== 200) throw new Error(`batch answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  const lines = res.body.trim().split(/\r\n/).slice(1);
  const filesMatchedToAScene = new Set(lines.filter((l) => /SYNTHETIC/.test(l)).map((l) => l.split(',')[0])).size;
  await app.close();
  process.stdout.write(`${JSON.stringify({ ms: round(ms), cpuMs: round((cpu.user + cpu.system) / 1000), files: FILES, filesMatchedToAScene })}\n`);
}

await main();
