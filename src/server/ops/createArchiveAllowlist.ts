import { realpathSync } from 'node:fs';
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
  /** PC_STAC_URL and PC_SAS_URL: their hosts are allowed for the Planetary Computer sources (default: the public ones). */
  planetaryComputerUrls?: readonly string[];
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
  const folders: string[] = [];
  if (source.kind === 'local' && source.dir) folders.push(path.resolve(source.dir));

  let hosts: string[] | null;
  if (options.archiveHosts) {
    hosts = options.archiveHosts.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
  } else if (options.injectedCatalog) {
    hosts = null;
  } else {
    const apiUrls = source.kind === 'stac' ? [source.url!] : (options.planetaryComputerUrls ?? [PLANETARY_COMPUTER_STAC_URL]);
    const apiHosts = [...new Set(apiUrls.map((u) => new URL(u).host.toLowerCase()))];
    hosts = source.kind === 'local' || source.kind === 'demo' ? [] : [...apiHosts, AZURE_BLOB_HOSTS];
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
      // Symlinks resolved first on both sides: a link inside the folder pointing elsewhere is outside.
      const resolved = realPathOf(filePath);
      return folders.some((configured) => {
        const folder = realPathOf(configured);
        return resolved === folder || resolved.startsWith(folder + path.sep);
      });
    },
  };
}

/**
 * The path with every symlink resolved (realpath), `..` taken as the system takes it (after the link
 * before it, not folded away as text: `folder/link/../x` lies beside the link's target). A path that
 * does not exist yet resolves its nearest existing ancestor and keeps the rest as written.
 */
function realPathOf(absolute: string): string {
  const rest: string[] = [];
  for (let current = absolute; ; current = path.dirname(current)) {
    try {
      return path.join(realpathSync.native(current), ...rest.reverse());
    } catch {
      if (path.dirname(current) === current) return absolute;
      rest.push(path.basename(current));
    }
  }
}
