/**
 * Absolute file paths of the server (a local catalogue's files, the outbox, the database) say
 * where things live on the machine: error messages sent to clients name the file only. URLs are
 * left as they are (their query strings, where tokens live, never reach messages: see
 * sourceIdForHref), and so are relative names and the API's own paths (/api/...), which messages name
 * to say where to go instead.
 */
const ABSOLUTE_PATH = /(^|[\s"'`(\[=,:])(\/(?!\/|api\/)[^\s"'`()\[\],;]*|[A-Za-z]:\\[^\s"'`()\[\],;]*)/g;

export function redactServerPaths(message: string): string {
  return message.replace(ABSOLUTE_PATH, (_match, before: string, absolute: string) => {
    const name = absolute.split(/[\\/]/).filter(Boolean).pop();
    return `${before}${name ?? ''}`;
  });
}
