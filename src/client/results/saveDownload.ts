/**
 * Hands a file to the browser's download machinery. Blob URLs keep large CSVs out of the DOM;
 * the URL is released on the next tick, after the click has started the download.
 */
export function saveDownload(content: Blob | string, fileName: string): void {
  const href = typeof content === 'string' ? content : URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  if (typeof content !== 'string') setTimeout(() => URL.revokeObjectURL(href), 0);
}
