/**
 * A tiny least-recently-used map by string key (a Map keeps insertion order), for the demo archive's
 * caches on the synthesis's hot paths (tiles, land cover, cloud fields, percents, parsed scene ids).
 * Not the lru-cache package: these caches need get, set and (for cloud fields) a call on eviction, with no
 * sizes or ages, and a get here is one Map lookup and a re-insert.
 */
export class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(
    private readonly max: number,
    /** Called with an entry the map drops to stay within `max` (not with one replaced by `set`). */
    private readonly onEvict?: (v: V) => void,
  ) {}
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: string, v: V): void {
    this.map.set(key, v);
    if (this.map.size > this.max) {
      const [oldest, dropped] = this.map.entries().next().value!;
      this.map.delete(oldest);
      this.onEvict?.(dropped);
    }
  }
}

