/**
 * Hands a stream's news to React at most every `intervalMs`: the first at once, later ones gathered
 * and handed over together when the interval has passed, the rest by `flush()` when the stream ends.
 * Each hand-over re-renders the results (ten charts and their tables); a five-year series sends 132
 * scenes and as many progress lines, and re-rendering per line made the browser use more CPU than the
 * server for the whole series, on the same two cores (issue 21's five-year journey).
 */
/** How often a stream's news reaches the page: twice a second still reads as charts filling in. */
export const STREAM_RENDER_INTERVAL_MS = 500;

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
export function createRenderThrottle(intervalMs: number, deliver: () => void, { signal, now = () => performance.now() }: { signal?: AbortSignal; now?: () => number } = {}): RenderThrottle {
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
      const wait = last + intervalMs - now();
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
