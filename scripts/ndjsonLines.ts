/**
 * The lines of an NDJSON answer as they arrive (the bench and load scripts read the progress streams
 * line by line, as the page does), the last partial line kept until its end comes.
 */
import { createLineSplitter } from '../src/shared/lineSplitter.js';

export async function* ndjsonLines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  // Each chunk searched alone (a 40-year pixel result is one line of 11-22 MB): lineSplitter.ts.
  const splitter = createLineSplitter();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    yield* splitter.push(decoder.decode(value, { stream: true }));
  }
}
