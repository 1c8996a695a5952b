/**
 * Polygons kept for links (POST /api/areas): a short id the page puts in its URL instead of the
 * outline, in the server's SQL store (SQLite by default, PostgreSQL with DATABASE_URL). The id is a
 * hash of the stored outline, so the same polygon saved twice gets the same id and one row. The
 * table holds at most `maxAreas` outlines; past it the ones read longest ago make room.
 */
import { createHash } from 'node:crypto';
import type { SqlStore } from './sqlStore.js';

const SCHEMA = `CREATE TABLE IF NOT EXISTS saved_areas (
  id TEXT PRIMARY KEY, geojson TEXT NOT NULL, created_at TEXT NOT NULL, used_at TEXT NOT NULL)`;

/** 96 bits of the outline's SHA-256 in base64url: 16 characters, no collision in any realistic store. */
export const SAVED_AREA_ID_PATTERN = /^[A-Za-z0-9_-]{16}$/;

export type SavedAreaStore = Awaited<ReturnType<typeof openSavedAreaStore>>;

export async function openSavedAreaStore(store: SqlStore, { maxAreas, now = () => new Date() }: { maxAreas: number; now?: () => Date }) {
  // Replicas starting together: one creates the table, the others wait for it.
  for (let attempt = 0; ; attempt++) {
    const created = await store.withExclusiveLock('saved-areas-schema', () => store.run(SCHEMA));
    if (created.ran) break;
    if (attempt > 100) throw new Error('could not create the saved areas table: another replica holds the schema lock');
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    /** Keeps the GeoJSON text (already checked and normalised) and answers its id. */
    async save(geojson: string): Promise<string> {
      const id = createHash('sha256').update(geojson).digest('base64url').slice(0, 16);
      const t = now().toISOString();
      await store.run('INSERT INTO saved_areas (id, geojson, created_at, used_at) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET used_at = excluded.used_at', [id, geojson, t, t]);
      const row = await store.get<{ n: number }>('SELECT CAST(count(*) AS INTEGER) AS n FROM saved_areas');
      const excess = Number(row?.n ?? 0) - maxAreas;
      if (excess > 0) {
        await store.run('DELETE FROM saved_areas WHERE id IN (SELECT id FROM saved_areas WHERE id <> ? ORDER BY used_at ASC LIMIT ?)', [id, excess]);
      }
      return id;
    },

    /** The GeoJSON text of an id, or undefined; a read keeps the outline from being the next to make room. */
    async load(id: string): Promise<string | undefined> {
      if (!SAVED_AREA_ID_PATTERN.test(id)) return undefined;
      const row = await store.get<{ geojson: string }>('SELECT geojson FROM saved_areas WHERE id = ?', [id]);
      if (row) await store.run('UPDATE saved_areas SET used_at = ? WHERE id = ?', [now().toISOString(), id]);
      return row?.geojson;
    },
  };
}
