import path from 'node:path';
import { describe } from 'vitest';
import { openSqliteStore } from '../store/openSqliteStore.js';
import { notificationServiceSuite } from '../../../test/support/notificationServiceSuite.js';

describe('notification service on SQLite', () => {
  notificationServiceSuite({ kind: 'sqlite', open: async (name, dir) => openSqliteStore(path.join(dir, `${name}.db`)) });
});
