/**
 * Text arriving in chunks, cut into lines (NDJSON: the page's stream reader and the bench scripts').
 * Only each new chunk is searched for line ends; the pieces of a line not yet ended are kept apart
 * and joined once, when its end comes. Appending each chunk to the rest and splitting the whole again
 * flattened and searched the growing line at every chunk: a 40-year pixel series' result line is
 * 11-22 MB, and in 64 KB chunks that took ~0.75 s of the page's thread for 11 MB (docs/performance.md,
 * ninth round), time the quadratic way spends before a single chart can draw.
 */
export interface LineSplitter {
  /** The lines this chunk ends (without their '\n'), in order. */
  push(chunk: string): string[];
  /** The text after the last '\n' (a last line without one), or '' ; the splitter is empty again. */
  end(): string;
}

export function createLineSplitter(): LineSplitter {
  let pending: string[] = [];
  return {
    push(chunk) {
      const lines: string[] = [];
      let from = 0;
      for (let nl = chunk.indexOf('\n'); nl !== -1; nl = chunk.indexOf('\n', from)) {
        const tail = chunk.slice(from, nl);
        lines.push(pending.length === 0 ? tail : pending.join('') + tail);
        pending = [];
        from = nl + 1;
      }
      if (from < chunk.length) pending.push(from === 0 ? chunk : chunk.slice(from));
      return lines;
    },
    end() {
      const rest = pending.join('');
      pending = [];
      return rest;
    },
  };
}
