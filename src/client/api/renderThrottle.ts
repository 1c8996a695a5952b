/**
 * Hands a stream's news to React at most every `intervalMs`: the first at once, later ones gathered
 * and handed over together when the interval has passed, the rest by `flush()` when the stream ends.
 * Each hand-over re-renders the results (ten charts and their tables); a five-year series sends 132
 * scenes and as many progress lines, and re-rendering per line made the browser use more CPU than the
 * server for the whole series, on the same two cores (issue 21's five-year journey).
 */
/** How often a stream's news reaches the page: twice a second still reads as charts filling in. */
export const STREAM_RENDER_INTERVAL_MS = 500;

/**
 * How often a long stream's scenes reach the charts, by how many they already show: each hand-over
 * re-renders ten charts over every scene so far, and over the 1,842 scenes of the 40-year record the
 * browser spent as much CPU as the server (19.7 s against 18.5 s, on the same two cores: issue 33's
 * page journey). Past the first 200 scenes, every 3 s: at cloud 50 % the 40-year record's charts were
 * all drawn ~0.3 s sooner than with a hand-over every 1.5 s up to 1,000 (eleventh round, 4 pairs of
 * runs). Progress still moves every STREAM_RENDER_INTERVAL_MS (its own, cheap hand-over).
 */
export function chartRenderIntervalMs(scenesShown: number): number {
  return scenesShown < 200 ? STREAM_RENDER_INTERVAL_MS : 3000;
}

export interface RenderThrottle {
  /**
   * Asks for `deliver` to run: now if the interval has passed, else once it has. `{ now: true }` runs
   * it at once whatever the interval (a milestone: the stream's first count of scenes, which the page
   * says as "0 of 1,842" rather than "finding scenes..." half a second later).
   */
  request(options?: { now?: boolean }): void;
  /** Runs `deliver` now if a request waits (the stream ended). */
  flush(): void;
  /** Drops a waiting request (the stream was aborted). */
  cancel(): void;
}

/** With a `signal`, nothing is delivered once it is aborted: the stream's query was left. */
export function createRenderThrottle(
  /** Milliseconds between hand-overs, or a function giving them (asked at each request: an interval that grows). */
  intervalMs: number | (() => number),
  deliver: () => void,
  { signal, now = () => performance.now() }: { signal?: AbortSignal; now?: () => number } = {},
): RenderThrottle {
  const interval = typeof intervalMs === 'number' ? () => intervalMs : intervalMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waiting = false;
  let last = -Infinity;
  const run = () => {
    timer = undefined;
    waiting = false;
    last = now();
    deliver();
  };
  const throttle: RenderThrottle = {
    request(options) {
      if (signal?.aborted) return;
      waiting = true;
      if (options?.now) {
        if (timer !== undefined) clearTimeout(timer);
        run();
        return;
      }
      if (timer !== undefined) return;
      const wait = last + interval() - now();
      if (wait <= 0) run();
      else timer = setTimeout(run, wait);
    },
    flush() {
      if (timer !== undefined) clearTimeout(timer);
      if (waiting) run();
      timer = undefined;
    },
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      waiting = false;
    },
  };
  signal?.addEventListener('abort', () => throttle.cancel(), { once: true });
  return throttle;
}
