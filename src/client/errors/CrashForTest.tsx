/**
 * Test hook for `?crash=1` (documented, harmless): throws while rendering so the error screen can
 * be checked end to end in the built page.
 */
export function CrashForTest(): never {
  throw new Error('Deliberate render error requested with ?crash=1');
}
