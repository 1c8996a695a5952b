import type { IncomingMessage, ServerResponse } from 'node:http';

/** The JSON body of a stand-in server's request ({} when empty). */
export function readJsonBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve(text ? JSON.parse(text) : {});
      } catch (error) {
        reject(error);
      }
    });
    req.on('error', reject);
  });
}

/** A JSON answer with its length, as the real STAC and token services send it. */
export function sendJson(res: ServerResponse, status: number, body: unknown, contentType = 'application/json'): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** A STAC `datetime` search parameter (`a/b`, open ends `..`) as epoch milliseconds. */
export function parseDatetime(value: unknown): [number, number] {
  if (typeof value !== 'string' || value === '') return [-Infinity, Infinity];
  const [start, end = start] = value.split('/');
  return [start === '..' || start === '' ? -Infinity : Date.parse(start), end === '..' || end === '' ? Infinity : Date.parse(end)];
}
