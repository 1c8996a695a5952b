import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createArchiveAllowlist } from './createArchiveAllowlist.js';

describe('createArchiveAllowlist', () => {
  it('by default allows the configured STAC API host and Azure Blob Storage only', () => {
    const allow = createArchiveAllowlist({ landsatSource: 'planetary-computer' });
    const ok = (href: string) => allow.isAllowedUrl(new URL(href));
    expect(ok('https://planetarycomputer.microsoft.com/api/stac/v1/search')).toBe(true);
    expect(ok('https://landsateuwest.blob.core.windows.net/landsat-c2/x.TIF')).toBe(true);
    expect(ok('https://blob.core.windows.net.evil.example/x')).toBe(false);
    expect(ok('https://evil.example/?u=planetarycomputer.microsoft.com')).toBe(false);
    expect(ok('http://169.254.169.254/latest/meta-data')).toBe(false);
    expect(ok('https://planetarycomputer.microsoft.com:8443/x')).toBe(false);
    expect(ok('https://user:pw@planetarycomputer.microsoft.com/x')).toBe(false);
    expect(ok('file:///etc/passwd')).toBe(false);
    const stac = createArchiveAllowlist({ landsatSource: 'stac:https://stac.example.org/v1' });
    expect(stac.isAllowedUrl(new URL('https://stac.example.org/v1/search'))).toBe(true);
    expect(stac.isAllowedUrl(new URL('https://other.example.org/'))).toBe(false);
  });

  it('ARCHIVE_HOSTS replaces the default (host:port and *. wildcards); local sources read only under their folder', () => {
    const allow = createArchiveAllowlist({ landsatSource: 'local:/data/landsat', archiveHosts: '127.0.0.1:4000, *.example.org' });
    expect(allow.isAllowedUrl(new URL('http://127.0.0.1:4000/a.TIF'))).toBe(true);
    expect(allow.isAllowedUrl(new URL('http://127.0.0.1:4001/a.TIF'))).toBe(false);
    expect(allow.isAllowedUrl(new URL('https://cdn.example.org/a.TIF'))).toBe(true);
    expect(allow.isAllowedUrl(new URL('https://planetarycomputer.microsoft.com/'))).toBe(false);
    expect(allow.isAllowedPath('/data/landsat/scene/B4.TIF')).toBe(true);
    expect(allow.isAllowedPath('/data/landsat/../secrets/B4.TIF')).toBe(false);
    expect(allow.isAllowedPath('/data/landsat-other/B4.TIF')).toBe(false);
    expect(allow.isAllowedPath('/etc/passwd')).toBe(false);
    expect(allow.isAllowedPath('relative/B4.TIF')).toBe(false);
    // No other folder: the demo archive reads no file (its rasters are computed on read).
    expect(allow.isAllowedPath(path.join('/srv/demo', 'x.TIF'))).toBe(false);
  });

  it('resolves symlinks before the folder check: a link inside the folder pointing outside is refused', () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'allowlist-'));
    try {
      const catalogue = path.join(tmp, 'catalogue');
      mkdirSync(path.join(catalogue, 'scene'), { recursive: true });
      writeFileSync(path.join(catalogue, 'scene', 'B4.TIF'), 'inside');
      writeFileSync(path.join(tmp, 'secret.txt'), 'outside');
      symlinkSync(path.join(tmp, 'secret.txt'), path.join(catalogue, 'scene', 'B5.TIF'));
      symlinkSync(tmp, path.join(catalogue, 'up'));
      symlinkSync(path.join(catalogue, 'scene', 'B4.TIF'), path.join(catalogue, 'alias.TIF'));
      // the configured folder itself reached through a link still counts as the folder
      symlinkSync(catalogue, path.join(tmp, 'catalogue-link'));
      const allow = createArchiveAllowlist({ landsatSource: `local:${path.join(tmp, 'catalogue-link')}` });
      expect(allow.isAllowedPath(path.join(catalogue, 'scene', 'B4.TIF'))).toBe(true);
      expect(allow.isAllowedPath(path.join(catalogue, 'alias.TIF'))).toBe(true);
      expect(allow.isAllowedPath(path.join(catalogue, 'scene', 'B5.TIF'))).toBe(false);
      expect(allow.isAllowedPath(path.join(catalogue, 'up', 'secret.txt'))).toBe(false);
      expect(allow.isAllowedPath(path.join(catalogue, 'up', 'catalogue', 'scene', 'B4.TIF'))).toBe(true);
      // `..` after a link climbs from the link's target, as open() does, not from the link's folder
      mkdirSync(path.join(tmp, 'outside', 'deep'), { recursive: true });
      writeFileSync(path.join(tmp, 'outside', 'B4.TIF'), 'outside');
      symlinkSync(path.join(tmp, 'outside', 'deep'), path.join(catalogue, 'scene', 'deep'));
      expect(allow.isAllowedPath(`${catalogue}/scene/deep/../B4.TIF`)).toBe(false);
      expect(allow.isAllowedPath(`${catalogue}/scene/../scene/B4.TIF`)).toBe(true);
      // not existing yet: judged by its nearest existing ancestor
      expect(allow.isAllowedPath(path.join(catalogue, 'scene', 'missing.TIF'))).toBe(true);
      expect(allow.isAllowedPath(path.join(catalogue, 'up', 'missing.TIF'))).toBe(false);
      expect(allow.isAllowedPath(path.join(tmp, 'demo', 'later', 'x.TIF'))).toBe(false);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
