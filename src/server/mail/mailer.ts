/** One email to send. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Stable Message-ID (without angle brackets), so a repeated delivery can be recognised as one. */
  messageId?: string;
  headers?: Record<string, string>;
}

export interface MailResult {
  messageId: string;
  /** Where the message went: the SMTP server's answer, or the .eml file written. */
  destination: string;
}

/** Delivers emails. `send` rejects when the message was not accepted (the caller retries). */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox-dir';
  send(message: MailMessage): Promise<MailResult>;
  close(): void;
}

/** Minimal structured logger (pino- and Fastify-compatible). */
export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
