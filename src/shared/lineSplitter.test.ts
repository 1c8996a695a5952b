import { describe, expect, it } from 'vitest';
import { createLineSplitter } from './lineSplitter.js';

/** The lines of `chunks` as the splitter gives them, the rest at the end included when not empty. */
function split(chunks: string[]): string[] {
  const s = createLineSplitter();
  const lines = chunks.flatMap((c) => s.push(c));
  const rest = s.end();
  return rest === '' ? lines : [...lines, rest];
}

describe('createLineSplitter', () => {
  const text = '{"a":1}\n{"b":"xyz"}\n\n{"c":[1,2,3]}\n';
  // Expected: the text's own lines (String.prototype.split), whatever the chunking.
  const expected = text.split('\n').slice(0, -1);
  it.each([
    ['one chunk', [text]],
    ['a chunk per character', [...text]],
    ['cut inside a line and at its end', [text.slice(0, 3), text.slice(3, 8), text.slice(8, 30), text.slice(30)]],
    ['empty chunks between', ['', text.slice(0, 10), '', '', text.slice(10)]],
    ['a line over many chunks', [text.slice(0, 2), text.slice(2, 4), text.slice(4, 6), text.slice(6)]],
  ])('%s: the same lines as splitting the whole text', (_name, chunks) => {
    expect(split(chunks)).toEqual(expected);
  });

  it('keeps a last line without a line end for end()', () => {
    const s = createLineSplitter();
    expect(s.push('{"x":1}\n{"y"')).toEqual(['{"x":1}']);
    expect(s.push(':2}')).toEqual([]);
    expect(s.end()).toBe('{"y":2}');
    expect(s.end()).toBe('');
  });

  it('joins a long line sent in many chunks once, to the same text', () => {
    const long = JSON.stringify({ result: Array.from({ length: 5000 }, (_, i) => ({ i, v: [i / 7, null] })) });
    const chunks: string[] = [];
    for (let at = 0; at < long.length; at += 997) chunks.push(long.slice(at, at + 997));
    chunks.push('\n');
    expect(split(chunks)).toEqual([long]);
  });
});
