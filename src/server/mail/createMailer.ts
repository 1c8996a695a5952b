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

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'outbox-dir',
    async send(message: MailMessage): Promise<MailResult> {
      const info = await transport.sendMail(toNodemailer(options.from, message));
      const raw = info.message as unknown as Buffer;
      await fs.mkdir(options.outboxDir, { recursive: true });
      const safeId = info.messageId.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120);
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeId}.eml`);
      // Write then rename, so a reader of the folder never sees half a message.
      await fs.writeFile(`${file}.tmp`, raw);
      await fs.rename(`${file}.tmp`, file);
      logger.info({ file, subject: message.subject }, 'email written to outbox folder (no SMTP_URL)');
      return { messageId: info.messageId, destination: file };
    },
    close: () => transport.close(),
  };
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
