import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { batchedLines } from './ndjsonProgress.js';

/** The chunks a stream hands on, as its reader (the HTTP response) gets them. */
function chunksOf(stream: PassThrough): string[] {
  const chunks: string[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c.toString()));
  return chunks;
}

describe('batchedLines', () => {
  it('sends lines written close together as one chunk, in their order', async () => {
    const stream = new PassThrough();
    const chunks = chunksOf(stream);
    const lines = batchedLines(stream);
    const text = Array.from({ length: 200 }, (_, i) => `{"type":"item","item":${i}}\n`);
    for (const t of text) lines.write(t);
    expect(chunks).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(chunks).toEqual([text.join('')]);
    lines.write('{"type":"result","result":1}\n');
    lines.end();
    await new Promise((resolve) => stream.on('end', resolve));
    // The last line is not held back by the batch: end() sends it before ending the stream.
    expect(chunks).toEqual([text.join(''), '{"type":"result","result":1}\n']);
  });

  it('writes nothing more once the reader has gone', async () => {
    const stream = new PassThrough();
    const chunks = chunksOf(stream);
    const lines = batchedLines(stream);
    lines.write('{"a":1}\n');
    stream.destroy();
    lines.end();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(chunks).toEqual([]);
    expect(stream.destroyed).toBe(true);
  });
});
