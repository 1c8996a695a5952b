/**
 * The lines of an NDJSON answer as they arrive (the bench and load scripts read the progress streams
 * line by line, as the page does), the last partial line kept until its end comes.
 */
export async function* ndjsonLines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let rest = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const lines = (rest + decoder.decode(value, { stream: true })).split('\n');
    rest = lines.pop()!;
    yield* lines;
  }
}
