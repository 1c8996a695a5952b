/**
 * The bench's stand-in for a remote archive, in its own process so that serving bytes does not compete
 * with the reader for the bench's event loop (a real archive is another machine). Prints its URL on
 * stdout, then serves until stdin closes. A line `stats` on stdin answers one JSON line on stdout with
 * the range requests and bytes served since the last `stats`, the most in flight at once and the time from the first
 * request's arrival to the last answer, and the CPU this process used meanwhile (on the cores the reader
 * uses too): the bench counts both readers' requests where they arrive.
 * Usage: tsx scripts/rangeServerProcess.ts <dir> <latencyMs> [keep-files-open|open-per-request]
 * (benchRealShaped.ts' startArchiveProcess says which; open-per-request when not given).
 */
import { createInterface } from 'node:readline';
import { startRangeFileServer } from '../test/support/rangeFileServer.js';

const [dir, latency, files] = process.argv.slice(2);
const server = await startRangeFileServer(dir, { delayMs: Number(latency ?? 0), keepFilesOpen: files === 'keep-files-open' });
process.stdout.write(`${server.url}\n`);
const lines = createInterface({ input: process.stdin });
let cpuAtLastStats = process.cpuUsage();
lines.on('line', (line) => {
  if (line.trim() !== 'stats') return;
  let bytes = 0;
  for (const r of server.requests) {
    const m = /^bytes=(\d+)-(\d+)/.exec(r.range ?? '');
    if (m) bytes += Number(m[2]) - Number(m[1]) + 1;
  }
  // Most requests in flight at once: how far the reader overlapped its round trips.
  const events = server.requests.flatMap((r) => [[r.receivedAtMs ?? 0, 1], [r.answeredAtMs ?? r.receivedAtMs ?? 0, -1]]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let inFlight = 0;
  let peakInFlight = 0;
  for (const [, delta] of events) peakInFlight = Math.max(peakInFlight, (inFlight += delta));
  const first = events[0]?.[0] ?? 0;
  const last = events[events.length - 1]?.[0] ?? 0;
  const cpu = process.cpuUsage(cpuAtLastStats);
  cpuAtLastStats = process.cpuUsage();
  const archiveCpuMs = Math.round((cpu.user + cpu.system) / 1000);
  process.stdout.write(`${JSON.stringify({ requests: server.requests.length, rangeBytes: bytes, peakInFlight, firstToLastMs: Math.round(last - first), archiveCpuMs })}\n`);
  server.requests.length = 0;
});
lines.on('close', () => void server.close().then(() => process.exit(0)));
