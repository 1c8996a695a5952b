/** Failed tiles in a row (none loading between) after which the tile server is taken as unreachable. */
export const FAILURES_BEFORE_GIVING_UP = 3;
/** How long to wait before asking the tile server again once it failed. */
export const RETRY_AFTER_MS = 60_000;

/** One tile's URL from a Leaflet template ({s}, {z}, {x}, {y}, {r}). */
export function tileUrlFor(template: string, z: number, x: number, y: number): string {
  return template
    .replace('{s}', 'a')
    .replace('{z}', String(z))
    .replace('{x}', String(x))
    .replace('{y}', String(y))
    .replace('{r}', '');
}

/**
 * Loads one tile as an image: resolves true when it decodes, false when it fails. One small request
 * tells whether the tile server answers before the map asks it for a screenful (16+ tiles, each
 * failure one console error when offline).
 */
export function probeTile(url: string, timeoutMs = 5000): Promise<boolean> {
  return new Promise((resolve) => {
    const image = new Image();
    const timer = setTimeout(() => finish(false), timeoutMs);
    function finish(ok: boolean) {
      clearTimeout(timer);
      image.onload = image.onerror = null;
      if (!ok) image.src = '';
      resolve(ok);
    }
    image.onload = () => finish(true);
    image.onerror = () => finish(false);
    image.src = url;
  });
}

/** Counts tile failures in a row; any loaded tile resets the count. */
export function createTileFailureCounter(limit = FAILURES_BEFORE_GIVING_UP) {
  let inARow = 0;
  return {
    /** True when this failure is the one that reaches the limit. */
    failed(): boolean {
      inARow += 1;
      return inARow === limit;
    },
    loaded(): void {
      inARow = 0;
    },
    reset(): void {
      inARow = 0;
    },
  };
}
