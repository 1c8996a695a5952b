/**
 * The notification store as the rest of the server sees it: a few async SQL calls that run the same
 * statements on SQLite (embedded default) and PostgreSQL (`DATABASE_URL`, for replicas).
 *
 * Statements use `?` placeholders and the SQL both engines accept; the PostgreSQL back-end numbers the
 * placeholders. Counts are written `CAST(count(*) AS INTEGER)` so both return a JS number.
 */
export type SqlValue = string | number | null;

export interface SqlQueryable {
  all<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  get<T>(sql: string, params?: readonly SqlValue[]): Promise<T | undefined>;
  /** Runs a statement; resolves to the number of rows it changed. */
  run(sql: string, params?: readonly SqlValue[]): Promise<number>;
}

export type StoreKind = 'sqlite' | 'postgres';

export interface SqlStore extends SqlQueryable {
  readonly kind: StoreKind;
  /** Where the data lives, for logs: the SQLite file, or the PostgreSQL host/database (never a password). */
  readonly location: string;
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. Inside `fn`
   * use `tx` only: calls on the store itself wait until the transaction ends (SQLite), so they would
   * never run. Keep network calls (SMTP, the archive) out of transactions, except the PostgreSQL outbox
   * claim, which holds its row lock while the email is sent on purpose.
   */
  transaction<T>(fn: (tx: SqlQueryable) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` only if no other process holds the lock named `name` (PostgreSQL: a session advisory lock,
   * released by the server when the holder's connection ends, so a dead replica hands over at once).
   * Resolves `{ ran: false }` when another holds it. SQLite has one process per file: it always runs.
   */
  withExclusiveLock<T>(name: string, fn: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
  /** Resolves when the store answers a trivial query; rejects with a StoreError otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
