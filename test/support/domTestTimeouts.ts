/**
 * Vitest set-up (vitest.config.ts): in the page's jsdom tests, Testing Library's `waitFor` and `findBy*`
 * wait up to 30 s. Its default, 1 s, is a speed, not a hang guard: under a load of ~12 on 2 cores
 * `App.test.tsx` waited longer than that for the page's first footprint request. Node-environment test
 * files load nothing here.
 */
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 30_000 });
}

export {};
