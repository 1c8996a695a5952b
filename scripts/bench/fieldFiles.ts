/**
 * Bench entry of issue 36: 200 SVC .sig files with GPS in one POST /api/compare/batch against the
 * embedded default (the synthetic demo archive), target <= 10 s. Each run is a fresh Node process
 * (scripts/benchFieldFilesRun.ts), so every run is cold; BENCH_RUNS runs (default 3), min/median/max.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const log = (msg: string) => process.stderr.write(`${msg}\n`);
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

function oneRun(): Promise<{ ms: number; cpuMs: number; files: number; filesMatchedToAScene: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('scripts/benchFieldFilesRun.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error(`bench run exited ${code}`))));
  });
}

export async function benchFieldFiles() {
  log(`field files: 200 SVC files with GPS in one POST /api/compare/batch on the demo archive, ${RUNS} cold runs (a fresh process each)...`);
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    runs.push(await oneRun());
    log(`  run ${i + 1}: ${runs[i].ms} ms (CPU ${runs[i].cpuMs} ms), ${runs[i].filesMatchedToAScene} of ${runs[i].files} files matched to a scene`);
  }
  const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
  return {
    files: runs[0].files,
    filesMatchedToAScene: Math.min(...runs.map((r) => r.filesMatchedToAScene)),
    medianMs: round(sorted[Math.floor(sorted.length / 2)]),
    minMs: round(sorted[0]),
    maxMs: round(sorted[sorted.length - 1]),
    runs: runs.map((r) => r.ms),
    cpu: (() => {
      const c = runs.map((r) => r.cpuMs).sort((a, b) => a - b);
      return { medianMs: round(c[Math.floor(c.length / 2)]), minMs: round(c[0]), maxMs: round(c[c.length - 1]) };
    })(),
    loadAverage1m: round(os.loadavg()[0]),
    targetMs: 10_000,
  };
}
