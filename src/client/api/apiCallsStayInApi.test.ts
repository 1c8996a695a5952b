import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CLIENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const API_DIR = path.join(CLIENT_DIR, 'api');

/** The page's source files outside src/client/api (tests stub fetch and name URLs, so they are left out). */
function pageSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === API_DIR ? [] : pageSources(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the page reaches the server only through src/client/api', () => {
  const files = pageSources(CLIENT_DIR);

  it('scans the page (a wrong folder would pass on nothing)', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.some((f) => f.endsWith(path.join('app', 'App.tsx')))).toBe(true);
  });

  it('no other file calls fetch or writes an /api/ URL', () => {
    const offenders = files.flatMap((file) => {
      // Comments may say "a fetch (its history entry)"; only code counts.
      const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
      const found: string[] = [];
      if (/(^|[^\w.])fetch\s*\(/m.test(text)) found.push('fetch(');
      if (/['"`]\/api\//.test(text)) found.push("'/api/…'");
      return found.map((what) => `${path.relative(CLIENT_DIR, file)}: ${what}`);
    });
    expect(offenders).toEqual([]);
  });
});
