import { apiRequestErrorFrom } from './ApiRequestError.js';

/** Fetches an image and returns it as a data: URL (the seed holds the image inline). */
export async function requestImageDataUrl(url: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(url, { signal, headers: { Accept: 'image/png' } });
  if (!response.ok) throw await apiRequestErrorFrom(response);
  const blob = await response.blob();
  return await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the image'));
    reader.readAsDataURL(blob);
  });
}
