/**
 * Time limits that guard against a hang, never a speed: the suite must pass on a busy machine too. On
 * this project's 2-core machines under a load of ~10 (eight busy loops beside `npx vitest run`,
 * 2026-11-26), the place index's build, ~2 s of CPU on a quiet machine, took over 30 s, and every test
 * that built or waited for it failed at vitest's 30 s default.
 */

/** A test (or a wait inside one) that builds the real place index or waits for the one the server builds at start. */
export const PLACE_INDEX_HANG_GUARD_MS = 300_000;
