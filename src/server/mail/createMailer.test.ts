import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './createMailer.js';
import { startSmtpTestServer, type SmtpTestServer } from '../../../test/support/startSmtpTestServer.js';

let dir: string | undefined;
let smtp: SmtpTestServer | undefined;
afterEach(async () => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  await smtp?.close();
  dir = smtp = undefined;
});

describe('createMailer', () => {
  it('writes an .eml file per message when there is no SMTP_URL, and logs it', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailer-test-'));
    const outboxDir = path.join(dir, 'outbox');
    const logged: object[] = [];
    const mailer = createMailer({ outboxDir, from: 'Landsat <noreply@example.org>', logger: { info: (o) => logged.push(o), warn() {}, error() {} } });
    expect(mailer.kind).toBe('outbox-dir');
    const result = await mailer.send({ to: 'ada@example.org', subject: 'Hello', text: 'Body https://x.test/a?b=c', messageId: 'abc@landsat' });
    const files = fs.readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    expect(result.destination).toBe(path.join(outboxDir, files[0]));
    const eml = fs.readFileSync(result.destination, 'utf8');
    expect(eml).toMatch(/^To: ada@example\.org\r$/m);
    expect(eml).toMatch(/^Subject: Hello\r$/m);
    expect(eml).toMatch(/^Message-ID: <abc@landsat>\r$/m);
    expect(eml).toContain('https://x.test/a?b=c');
    expect(logged).toEqual([{ file: result.destination, subject: 'Hello' }]);
  });

  it('delivers over SMTP and rejects when the server refuses', async () => {
    smtp = await startSmtpTestServer();
    const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', from: 'noreply@example.org' });
    expect(mailer.kind).toBe('smtp');
    await mailer.send({ to: 'bob@example.org', subject: 'Über', text: 'hi', headers: { 'List-Unsubscribe': '<https://x.test/u>' } });
    const [mail] = await smtp.waitFor(1);
    expect(mail.envelopeTo).toEqual(['bob@example.org']);
    expect(mail.subject).toBe('Über');
    expect(mail.headers.get('list-unsubscribe')).toBe('<https://x.test/u>');
    smtp.failNext = 1;
    await expect(mailer.send({ to: 'bob@example.org', subject: 'x', text: 'y' })).rejects.toThrow(/451/);
    mailer.close();
  });

  it('says a full disk in words and leaves no .eml.tmp behind when the write fails', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailer-test-'));
    const outboxDir = path.join(dir, 'outbox');
    // A disk that fills up halfway through the write: part of the file lands, then ENOSPC.
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const files = {
      mkdir: fs.promises.mkdir,
      rename: fs.promises.rename,
      rm: fs.promises.rm,
      writeFile: (async (file: string, data: Buffer) => {
        await fs.promises.writeFile(file, data.subarray(0, 10));
        throw full;
      }) as unknown as typeof fs.promises.writeFile,
    };
    const mailer = createMailer({ outboxDir, from: 'noreply@example.org', files });
    await expect(mailer.send({ to: 'ada@example.org', subject: 'Hello', text: 'x' })).rejects.toThrow(/disk holding OUTBOX_DIR is full.*ENOSPC/);
    expect(fs.readdirSync(outboxDir)).toEqual([]);
  });
});
