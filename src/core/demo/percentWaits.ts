/**
 * Which path/rows a scene-box series is counting right now, and who waits for a scene's cloud percent
 * that such a count will bring (demoCloudPercents.ts): a 40-year pixel series beside the scene-box series of
 * the same point reads the same 1,842 scenes of the point's own path/row. The worker builds each of
 * those scenes' whole cloud field for its counts, the percent with it, so the pixel series need not
 * build the percent again on the event loop: it waits for the count, up to the moment it needs the
 * value (docs/performance.md, eighth round).
 */

/** A path/row is being counted while its last count was posted or answered less than this long ago. */
export const COUNTING_IDLE_MS = 1000;

export interface PercentWaits {
  /** A count of a scene of path/row `key` was posted or answered. */
  counting(key: string): void;
  /** Whether a series counted a scene of path/row `key` in the last COUNTING_IDLE_MS. */
  isCounting(key: string): boolean;
  /** Whether a series counted a scene of any path/row in the last COUNTING_IDLE_MS (the worker is its). */
  anyCounting(): boolean;
  /** Scene `id`'s percent is known now: its waiters go on. */
  learned(id: string): void;
  /**
   * Resolves once `learned(id)` or once `until` settles, whichever comes first. No abort signal: a
   * caller's `until` settles when its work ends or fails (a listener a scene on one request's signal
   * made each addEventListener walk the others, ~0.25 s over a 40-year series).
   */
  wait(id: string, until: Promise<void>): Promise<void>;
}

export function createPercentWaits(now: () => number = () => performance.now()): PercentWaits {
  const lastCount = new Map<string, number>();
  const waiters = new Map<string, Set<() => void>>();
  return {
    counting(key) {
      lastCount.set(key, now());
    },
    isCounting(key) {
      const at = lastCount.get(key);
      return at !== undefined && now() - at < COUNTING_IDLE_MS;
    },
    anyCounting() {
      const t = now();
      for (const at of lastCount.values()) if (t - at < COUNTING_IDLE_MS) return true;
      return false;
    },
    learned(id) {
      const waiting = waiters.get(id);
      if (!waiting) return;
      waiters.delete(id);
      for (const go of waiting) go();
    },
    wait(id, until) {
      return new Promise<void>((resolve) => {
        let set = waiters.get(id);
        if (!set) waiters.set(id, (set = new Set()));
        const go = () => {
          set.delete(go);
          if (set.size === 0 && waiters.get(id) === set) waiters.delete(id);
          resolve();
        };
        set.add(go);
        void until.then(go, go);
      });
    },
  };
}
