import { apiRequestErrorFrom } from './ApiRequestError.js';

const CHUNK_BYTES = 0x8000;

/** Base64 of raw bytes, in chunks so large images do not overflow the argument limit of fromCharCode. */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK_BYTES) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK_BYTES));
  }
  return btoa(binary);
}

/** Fetches an image and returns it as a data: URL (the seed holds the image inline). */
export async function requestImageDataUrl(url: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(url, { signal, headers: { Accept: 'image/png' } });
  if (!response.ok) throw await apiRequestErrorFrom(response);
  const type = response.headers.get('Content-Type')?.split(';')[0].trim() || 'image/png';
  const bytes = new Uint8Array(await response.arrayBuffer());
  return `data:${type};base64,${toBase64(bytes)}`;
}
