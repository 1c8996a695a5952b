import path from 'node:path';
import { PLANETARY_COMPUTER_STAC_URL } from '../../core/stac/createPlanetaryComputerCatalog.js';
import { parseLandsatSource } from '../../core/stac/createSceneCatalog.js';

export interface ArchiveAllowlist {
  /** Host patterns (host or host:port, `*.` wildcards); null means any host (an embedder's own catalogue). */
  readonly hosts: readonly string[] | null;
  /** Folders local file paths must lie under. */
  readonly folders: readonly string[];
  isAllowedUrl(url: URL): boolean;
  isAllowedPath(filePath: string): boolean;
}

export interface ArchiveAllowlistOptions {
  landsatSource: string;
  /** ARCHIVE_HOSTS: comma-separated host patterns; replaces the default when given. */
  archiveHosts?: string;
  /** Obsolete: the demo archive's rasters are computed (demo:// hrefs), not files; kept optional so callers need not change. */
  demoDir?: string;
  /** An injected catalogue's hosts are not known from the configuration: without ARCHIVE_HOSTS, allow any. */
  injectedCatalog?: boolean;
}

const AZURE_BLOB_HOSTS = '*.blob.core.windows.net';

/**
 * Where the server may fetch from, so that a STAC item (or a `next` link) pointing elsewhere cannot
 * turn it into a proxy: by default the configured STAC API's host plus Azure Blob Storage (where the
 * Planetary Computer keeps its COGs); local sources read files under their own folder only.
 */
export function createArchiveAllowlist(options: ArchiveAllowlistOptions): ArchiveAllowlist {
  const source = parseLandsatSource(options.landsatSource);
  const folders = options.demoDir ? [path.resolve(options.demoDir)] : [];
  if (source.kind === 'local' && source.dir) folders.push(path.resolve(source.dir));

  let hosts: string[] | null;
  if (options.archiveHosts) {
    hosts = options.archiveHosts.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
  } else if (options.injectedCatalog) {
    hosts = null;
  } else {
    const stacUrl = source.kind === 'stac' ? source.url! : PLANETARY_COMPUTER_STAC_URL;
    hosts = source.kind === 'local' || source.kind === 'demo' ? [] : [new URL(stacUrl).host.toLowerCase(), AZURE_BLOB_HOSTS];
  }

  const hostMatches = (pattern: string, url: URL) => {
    const host = url.host.toLowerCase();
    const hostname = url.hostname.toLowerCase();
    if (pattern.startsWith('*.')) {
      const suffix = pattern.slice(1);
      return hostname.endsWith(suffix) && hostname.length > suffix.length;
    }
    return pattern.includes(':') ? host === pattern : hostname === pattern && (url.port === '' || host === pattern);
  };

  return {
    hosts,
    folders,
    isAllowedUrl(url) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
      if (url.username || url.password) return false;
      return hosts === null || hosts.some((pattern) => hostMatches(pattern, url));
    },
    isAllowedPath(filePath) {
      if (!path.isAbsolute(filePath)) return false;
      const resolved = path.resolve(filePath);
      return folders.some((folder) => resolved === folder || resolved.startsWith(folder + path.sep));
    },
  };
}
