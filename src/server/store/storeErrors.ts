import path from 'node:path';
import { ApiError } from '../apiError.js';
import type { StoreKind } from './sqlStore.js';

/**
 * A storage failure in words: which setting points at the store, what went wrong and what to do.
 * `message` is for API answers (file name only: no absolute server paths leave the server);
 * `detail` is for the log (full path or host).
 */
export class StoreError extends ApiError {
  constructor(
    kind: 'storage_full' | 'notifications_unavailable',
    message: string,
    readonly detail: string,
    override readonly cause?: unknown,
  ) {
    super(503, kind, message);
    this.name = 'StoreError';
  }
}

interface DriverError {
  code?: string;
  errno?: number;
  message?: string;
}

/** The operator's view of where the store is: `DATABASE_PATH=/x/landsat.db` or `DATABASE_URL=postgres://host/db`. */
export interface StoreTarget {
  kind: StoreKind;
  /** SQLite: the file path. PostgreSQL: host:port/database without credentials. */
  location: string;
}

const settingOf = (t: StoreTarget) => (t.kind === 'sqlite' ? 'DATABASE_PATH' : 'DATABASE_URL');
const publicName = (t: StoreTarget) => (t.kind === 'sqlite' ? path.basename(t.location) : t.location);

/**
 * What a driver error means for a person. SQLite result codes: https://www.sqlite.org/rescode.html;
 * PostgreSQL SQLSTATEs: https://www.postgresql.org/docs/current/errcodes-appendix.html.
 * Returns null for errors that are not storage failures (constraint violations, bugs): those stay 500s.
 */
export function describeStoreFailure(err: unknown, target: StoreTarget): { code: 'storage_full' | 'notifications_unavailable'; problem: string } | null {
  const e = (err ?? {}) as DriverError;
  const code = String(e.code ?? '');
  const file = target.kind === 'sqlite' ? 'file' : 'database';
  if (code === 'ENOSPC' || code === 'SQLITE_FULL' || code === '53100') {
    return { code: 'storage_full', problem: `the disk holding the notification ${file} is full; free some space` };
  }
  if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT')) {
    return { code: 'notifications_unavailable', problem: 'the notification file is damaged or not an SQLite database; restore it from a backup or move it aside' };
  }
  if (code.startsWith('SQLITE_READONLY') || code === 'EROFS' || code === 'EACCES' || code === 'EPERM') {
    return { code: 'notifications_unavailable', problem: `the notification ${file} is read-only; make it and its folder writable by the server` };
  }
  if (code.startsWith('SQLITE_CANTOPEN') || code === 'ENOENT' || code === 'ENOTDIR' || code === 'EEXIST') {
    return { code: 'notifications_unavailable', problem: 'the notification file cannot be opened or created; check that its folder exists and is writable' };
  }
  if (code.startsWith('SQLITE_IOERR')) {
    return { code: 'notifications_unavailable', problem: 'the disk reported an input/output error on the notification file' };
  }
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return { code: 'notifications_unavailable', problem: 'the notification file is locked by another process; run one server per file (or use DATABASE_URL)' };
  }
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE', 'EAI_AGAIN'].includes(code) || /^(08|57P|53)/.test(code)) {
    return { code: 'notifications_unavailable', problem: `PostgreSQL is not reachable (${code})` };
  }
  if (code === '28P01' || code === '28000') return { code: 'notifications_unavailable', problem: 'PostgreSQL refused the user name or password' };
  if (code === '3D000') return { code: 'notifications_unavailable', problem: 'the PostgreSQL database does not exist; create it first' };
  if (/Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED/i.test(String(e.message))) {
    return { code: 'notifications_unavailable', problem: 'PostgreSQL is not reachable' };
  }
  return null;
}

/** Turns a storage failure into a StoreError (503 with words); leaves other errors as they are. */
export function toStoreError(err: unknown, target: StoreTarget): unknown {
  if (err instanceof StoreError) return err;
  const described = describeStoreFailure(err, target);
  if (!described) return err;
  const driverMessage = String((err as DriverError)?.message ?? err);
  const setting = settingOf(target);
  return new StoreError(
    described.code,
    `Notifications are unavailable: ${described.problem} (${setting}: ${publicName(target)}).`,
    `${setting}=${target.location}: ${described.problem} [${(err as DriverError)?.code ?? 'error'}: ${driverMessage}]`,
    err,
  );
}

/** host:port/database of a postgres:// URL, without user or password (for logs and messages). */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname || u.searchParams.get('host') || 'localhost'}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return 'postgres (unparseable DATABASE_URL)';
  }
}
