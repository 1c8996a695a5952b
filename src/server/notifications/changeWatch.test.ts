import path from 'node:path';
import { describe } from 'vitest';
import { openSqliteStore } from '../store/openSqliteStore.js';
import { changeWatchSuite } from '../../../test/support/changeWatchSuite.js';

describe('change watches on SQLite', { timeout: 120_000 }, () => {
  changeWatchSuite({ kind: 'sqlite', open: async (name, dir) => openSqliteStore(path.join(dir, `${name}.db`)) });
});
