import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { silentLogger, type Logger, type MailMessage, type MailResult, type Mailer } from './mailer.js';

export interface MailerOptions {
  /** smtp:// or smtps:// URL; query parameters become transport options (e.g. `?ignoreTLS=true`). */
  smtpUrl?: string;
  /** Where emails are written as .eml files when there is no SMTP server. */
  outboxDir: string;
  /** From address, e.g. `Landsat On the Fly <no-reply@example.org>`. */
  from: string;
  logger?: Logger;
  /** Test seam for disk failures (a full disk cannot be made on demand); defaults to fs.promises. */
  files?: Pick<typeof fs, 'writeFile' | 'rename' | 'rm' | 'mkdir'>;
}

/**
 * A mailer that speaks SMTP to `smtpUrl`, or, without one, writes each message as an .eml file
 * (RFC 5322, openable by any mail client) into `outboxDir` and logs it.
 */
export function createMailer(options: MailerOptions): Mailer {
  const logger = options.logger ?? silentLogger;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      // Fail fast so the outbox retries with backoff instead of holding a lease for minutes.
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    } as SMTPTransport.Options);
    return {
      kind: 'smtp',
      async send(message: MailMessage): Promise<MailResult> {
        const info = await transport.sendMail(toNodemailer(options.from, message));
        return { messageId: info.messageId, destination: String(info.response ?? 'smtp') };
      },
      close: () => transport.close(),
    };
  }

  const files = options.files ?? fs;
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'outbox-dir',
    async send(message: MailMessage): Promise<MailResult> {
      const info = await transport.sendMail(toNodemailer(options.from, message));
      const raw = info.message as unknown as Buffer;
      const safeId = info.messageId.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120);
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeId}.eml`);
      try {
        await files.mkdir(options.outboxDir, { recursive: true });
        // Write then rename, so a reader of the folder never sees half a message; a failed write leaves nothing.
        await files.writeFile(`${file}.tmp`, raw);
        await files.rename(`${file}.tmp`, file);
      } catch (err) {
        await files.rm(`${file}.tmp`, { force: true }).catch(() => {});
        throw outboxDirError(err);
      }
      logger.info({ file, subject: message.subject }, 'email written to outbox folder (no SMTP_URL)');
      return { messageId: info.messageId, destination: file };
    },
    close: () => transport.close(),
  };
}

/** A failed .eml write in words naming OUTBOX_DIR (the outbox retries it with backoff). */
function outboxDirError(err: unknown): Error {
  const code = (err as NodeJS.ErrnoException)?.code;
  const problem =
    code === 'ENOSPC' || code === 'EDQUOT'
      ? 'the disk holding OUTBOX_DIR is full; free some space'
      : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
        ? 'OUTBOX_DIR is not writable by the server'
        : code === 'ENOTDIR' || code === 'ENOENT'
          ? 'OUTBOX_DIR is not a folder that can be created'
          : `writing to OUTBOX_DIR failed (${String((err as Error)?.message ?? err)})`;
  return Object.assign(new Error(`Email not written: ${problem} [${code ?? 'error'}]`), { code, cause: err });
}

function toNodemailer(from: string, message: MailMessage): SendMailOptions {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: message.messageId ? `<${message.messageId}>` : undefined,
    headers: message.headers,
  };
}
