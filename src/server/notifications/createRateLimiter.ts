export interface RateLimiter {
  /** Counts one hit for `key`; returns 0 when allowed, else the seconds until the window resets. */
  hit(key: string): number;
}

/**
 * A fixed-window counter per key, in memory (one server process). Old windows are dropped when
 * the map grows, so a flood of distinct keys cannot exhaust memory.
 */
export function createRateLimiter(options: { limit: number; windowMs: number; now?: () => number; maxKeys?: number }): RateLimiter {
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? 50_000;
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(key: string): number {
      const t = now();
      let w = windows.get(key);
      if (!w || t - w.start >= options.windowMs) {
        if (windows.size >= maxKeys) {
          for (const [k, v] of windows) if (t - v.start >= options.windowMs) windows.delete(k);
          if (windows.size >= maxKeys) windows.delete(windows.keys().next().value!);
        }
        w = { start: t, count: 0 };
        windows.set(key, w);
      }
      w.count++;
      return w.count <= options.limit ? 0 : Math.max(1, Math.ceil((w.start + options.windowMs - t) / 1000));
    },
  };
}
