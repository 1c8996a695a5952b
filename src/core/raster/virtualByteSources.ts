/**
 * Byte sources whose bytes are computed rather than stored, looked up by the href's scheme (e.g. the
 * synthetic demo archive's `demo://` GeoTIFFs). The file and HTTP back-ends ask here first, so the
 * COG reader reads a computed file exactly as it reads a real one.
 */
import type { ByteSource } from './byteSourceInterface.js';

const openers = new Map<string, (href: string) => ByteSource>();

/** `scheme` without the colon, e.g. 'demo' for hrefs `demo://…`. Registering twice replaces the opener. */
export function registerVirtualByteSource(scheme: string, open: (href: string) => ByteSource): void {
  openers.set(scheme.toLowerCase(), open);
}

/** The virtual source for the href, or null when its scheme is not a registered virtual one. */
export function openVirtualByteSource(href: string): ByteSource | null {
  const m = /^([a-z][a-z0-9+.-]*):\/\//i.exec(href);
  const open = m ? openers.get(m[1].toLowerCase()) : undefined;
  return open ? open(href) : null;
}
