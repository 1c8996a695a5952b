/** Longest error message, characters: enough to act on, never an echo of a large request. */
const MAX_MESSAGE_CHARS = 1000;

/** `text` cut to `max` characters, saying how much was left out. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const note = `… (${text.length - max} more characters)`;
  return text.slice(0, Math.max(0, max - note.length)) + note;
}

/** Longest piece of a request a message repeats: a long word or quotation keeps its start and says how much was left out. */
export const MAX_ECHO_CHARS = 60;
/** What the start of a long piece keeps: enough to recognise the value sent. */
const KEPT_CHARS = 40;

const cut = (piece: string) => `${piece.slice(0, KEPT_CHARS)}… (${(piece.length - KEPT_CHARS).toLocaleString('en')} more characters)`;

/**
 * An error message with every long echo of the request cut short: runs of characters without a space
 * (a value, a path, a list with commas) and quotations ("…", `…`) longer than MAX_ECHO_CHARS;
 * then the whole to MAX_MESSAGE_CHARS. Messages are written in words, so their own words and
 * quotations stay far below the limit; only what a client sent can be that long.
 */
export function shortenEchoes(message: string): string {
  // Double quotes and backticks only (an apostrophe, the scene's, is no quotation mark); a quotation
  // opens after a space, colon or bracket and closes before one or a stop, so the end of one
  // quotation and the start of the next ("smoke"; … "none") are never taken for one.
  const quotedCut = message.replace(/(^|[\s(:=])(["`])(\S[^"`]{59,}?\S)\2(?=$|[\s.,;:)])/g, (_m, before: string, q: string, inner: string) => `${before}${q}${cut(inner)}${q}`);
  const wordsCut = quotedCut.replace(/\S{61,}/g, (word) => cut(word));
  return cutText(wordsCut, MAX_MESSAGE_CHARS);
}

interface ErrorBody {
  error: { message?: unknown; sites?: { reason?: unknown }[] };
}
const isErrorBody = (payload: unknown): payload is ErrorBody =>
  typeof payload === 'object' && payload !== null && typeof (payload as { error?: unknown }).error === 'object' && (payload as { error?: unknown }).error !== null;

/**
 * The app's preSerialization hook: every JSON error answer, whichever route or handler wrote it (a
 * route's own refusal such as POST /api/sites' list of bad sites, besides the app's error handler,
 * whose toApiError shortens already), carries its message and reasons through shortenEchoes.
 */
export async function shortenErrorEchoes(_req: unknown, reply: { statusCode: number }, payload: unknown): Promise<unknown> {
  if (reply.statusCode < 400 || !isErrorBody(payload)) return payload;
  const error = { ...payload.error };
  if (typeof error.message === 'string') error.message = shortenEchoes(error.message);
  if (Array.isArray(error.sites)) error.sites = error.sites.map((s) => (typeof s?.reason === 'string' ? { ...s, reason: shortenEchoes(s.reason) } : s));
  return { ...payload, error };
}
