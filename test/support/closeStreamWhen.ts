import http from 'node:http';

/**
 * Reads an NDJSON stream from the server on `port` line by line and closes the connection as the page's
 * Cancel does (the client goes away) at the first line `closeAfter` accepts. Status codes other than 200
 * reject. Resolves once the connection is closed.
 */
export function closeStreamWhen(
  port: number,
  request: { path: string; method?: 'GET' | 'POST'; body?: unknown },
  closeAfter: (line: { type: string; [key: string]: unknown }) => boolean,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const headers = request.body === undefined ? {} : { 'content-type': 'application/json' };
    const req = http.request({ host: '127.0.0.1', port, path: request.path, method: request.method ?? 'GET', headers }, (res) => {
      if (res.statusCode !== 200) {
        req.destroy();
        reject(new Error(`${request.path} answered ${res.statusCode}`));
        return;
      }
      let buffered = '';
      res.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop()!;
        for (const line of lines) {
          if (req.destroyed || !closeAfter(JSON.parse(line))) continue;
          req.destroy();
          resolve();
        }
      });
      res.on('error', () => undefined);
    });
    req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
    req.end(request.body === undefined ? undefined : JSON.stringify(request.body));
  });
}
