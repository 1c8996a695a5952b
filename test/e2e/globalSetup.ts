import { ensureClientBuild } from './support/ensureClientBuild.js';

/**
 * Builds the page once before the browser tests when dist/client is missing or older than
 * src/client. Runs that name only other folders (e.g. `vitest run src/core`) skip the build.
 */
function e2eSelected(): boolean {
  const runIndex = process.argv.findIndex((a) => a === 'run' || a === 'watch' || a === 'related');
  const filters = process.argv.slice(runIndex >= 0 ? runIndex + 1 : 2).filter((a) => !a.startsWith('-'));
  if (filters.length === 0) return true;
  return filters.some((f) => f.includes('e2e') || 'test/e2e/'.startsWith(f.replace(/^\.\//, '')));
}

export default async function globalSetup(): Promise<void> {
  if (e2eSelected()) await ensureClientBuild();
}
