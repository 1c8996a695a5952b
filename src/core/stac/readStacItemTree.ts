import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { isStacItem, type StacItemJson } from './normalizeStacItem.js';

export interface StacItemFile {
  /** Absolute path of the item file. */
  filePath: string;
  item: StacItemJson;
}

/** JSON larger than this is not a scene item (those are a few tens of kB); skipping it keeps indexing fast. */
const MAX_ITEM_BYTES = 4 * 1024 * 1024;

/**
 * Every STAC Item JSON file under `rootDir`, in path order. Other JSON (collections, catalogues,
 * *_MTL.json metadata, unreadable or broken files) is skipped: a static catalogue is whatever
 * folder tree people copied, not a validated one. Hidden folders and node_modules are not entered.
 */
export async function readStacItemTree(rootDir: string): Promise<StacItemFile[]> {
  const root = path.resolve(rootDir);
  const files: string[] = [];
  await collectJsonFiles(root, files);
  files.sort();
  const found: StacItemFile[] = [];
  // A few reads at a time: enough to hide latency, without exhausting file descriptors on big trees.
  const concurrency = 8;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < files.length) {
        const filePath = files[next++];
        const item = await readItem(filePath);
        if (item) found.push({ filePath, item });
      }
    }),
  );
  return found.sort((a, b) => a.filePath.localeCompare(b.filePath));
}

async function collectJsonFiles(dir: string, out: string[]): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true });
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const fullPath = path.join(dir, entry.name);
    if (entry.isDirectory()) await collectJsonFiles(fullPath, out);
    else if (entry.isFile() && entry.name.toLowerCase().endsWith('.json') && !/_MTL\.json$/i.test(entry.name)) out.push(fullPath);
  }
}

async function readItem(filePath: string): Promise<StacItemJson | null> {
  try {
    const text = await readFile(filePath, 'utf8');
    if (text.length > MAX_ITEM_BYTES) return null;
    const json: unknown = JSON.parse(text);
    return isStacItem(json) ? json : null;
  } catch {
    return null;
  }
}
