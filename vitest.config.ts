import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'],
    environment: 'node',
    // Builds dist/client for the browser tests when it is missing or stale (test/e2e).
    globalSetup: ['test/e2e/globalSetup.ts'],
    testTimeout: 30_000,
    // expect.poll waits for what the page shows next; its limit guards against a hang, not a speed.
    // Vitest's default is 1 s, which 50 polls in the page tests relied on: a speed on a busy machine.
    expect: { poll: { timeout: 30_000 } },
    // The same for Testing Library's waits in the jsdom tests.
    setupFiles: ['test/support/domTestTimeouts.ts'],
    hookTimeout: 120_000,
    // Browser end-to-end tests start Chromium and a server each; keep them from competing for 2 cores.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
