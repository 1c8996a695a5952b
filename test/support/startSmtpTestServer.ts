/**
 * Test support: a real SMTP server on 127.0.0.1 (random port) that keeps every message it accepts,
 * with just enough MIME decoding to read subjects, recipients and the text part's links.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeTo: string[];
  raw: string;
  headers: Map<string, string>;
  subject: string;
  text: string;
  links: string[];
}

export interface SmtpTestServer {
  /** smtp:// URL for createMailer (plain text, no STARTTLS). */
  url: string;
  messages: ReceivedMail[];
  /** While > 0, each DATA is refused with a 451 and the counter goes down by one. */
  failNext: number;
  /**
   * While > 0, each DATA is read but never answered (a stalled server) and the counter goes down by one;
   * such a message is not accepted, so it is not in `messages`. `stalled` counts them.
   */
  stallNext: number;
  readonly stalled: number;
  /** Resolves once `count` messages in all have arrived (or rejects after timeoutMs). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  const messages: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const state = { failNext: 0, stallNext: 0, stalled: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (state.stallNext > 0) {
          state.stallNext--;
          state.stalled++;
          waiters.splice(0).forEach((w) => w());
          return; // no answer: the client waits until it gives up or dies
        }
        if (state.failNext > 0) {
          state.failNext--;
          const err = Object.assign(new Error('Temporary failure, try again'), { responseCode: 451 });
          return callback(err);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push(parseMail(raw, session.envelope.rcptTo.map((r) => r.address)));
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  const api: SmtpTestServer = {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    messages,
    get failNext() {
      return state.failNext;
    },
    set failNext(n: number) {
      state.failNext = n;
    },
    get stallNext() {
      return state.stallNext;
    },
    set stallNext(n: number) {
      state.stallNext = n;
    },
    get stalled() {
      return state.stalled;
    },
    waitFor(count, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`expected ${count} emails, got ${messages.length}`)), timeoutMs);
        const check = () => {
          if (messages.length >= count) {
            clearTimeout(timer);
            resolve(messages.slice());
          } else waiters.push(check);
        };
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return api;
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split(/\r\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return headers;
}

const decodeQuotedPrintable = (s: string) =>
  Buffer.from(
    s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=), as nodemailer writes non-ASCII subjects. */
const decodeWords = (s: string) =>
  s
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );

function decodeBody(headers: Map<string, string>, body: string): string {
  const cte = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (cte === 'quoted-printable') return decodeQuotedPrintable(body);
  if (cte === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

function parseMail(raw: string, envelopeTo: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const headers = parseHeaders(raw.slice(0, split));
  let body = raw.slice(split + 4);
  let text = decodeBody(headers, body);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (boundary) {
    for (const part of body.split(`--${boundary}`)) {
      const p = part.replace(/^\r\n/, '');
      const s = p.indexOf('\r\n\r\n');
      if (s < 0) continue;
      const partHeaders = parseHeaders(p.slice(0, s));
      if ((partHeaders.get('content-type') ?? '').startsWith('text/plain')) {
        body = p.slice(s + 4);
        text = decodeBody(partHeaders, body);
        break;
      }
    }
  }
  return {
    envelopeTo,
    raw,
    headers,
    subject: decodeWords(headers.get('subject') ?? ''),
    text,
    links: [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]),
  };
}
