/**
 * The bench's stand-in for a remote archive, in its own process so that serving bytes does not compete
 * with the reader for the bench's event loop (a real archive is another machine). Prints its URL on
 * stdout, then serves until stdin closes. Usage: tsx scripts/rangeServerProcess.ts <dir> <latencyMs>
 */
import { startRangeFileServer } from '../test/support/rangeFileServer.js';

const [dir, latency] = process.argv.slice(2);
const server = await startRangeFileServer(dir, { delayMs: Number(latency ?? 0) });
process.stdout.write(`${server.url}\n`);
process.stdin.resume();
process.stdin.on('end', () => void server.close().then(() => process.exit(0)));
