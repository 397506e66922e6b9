// Outgoing mail: a real SMTP server when SMTP_URL is set, otherwise an outbox of files in the data
// directory (listed at /dev/outbox in development) so a fresh install works offline. The log
// names recipients and files, never a mail's links: they carry sign-in secrets.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link a person is meant to follow (shown on /dev/outbox; never logged). */
  link?: string;
}

export interface StoredMail extends MailMessage {
  id: string;
  from: string;
  sentAt: string;
}

export interface Mailer {
  kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /** Outbox mode only: newest first. */
  list?(): Promise<StoredMail[]>;
  close(): Promise<void>;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const url = new URL(smtpUrl);
  // Short timeouts: a dead mail server must not hold a registration for minutes.
  for (const [k, v] of Object.entries({ connectionTimeout: '10000', greetingTimeout: '10000', socketTimeout: '20000' })) {
    if (!url.searchParams.has(k)) url.searchParams.set(k, v);
  }
  const transport = nodemailer.createTransport(url.toString());
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    },
    async close() {
      transport.close();
    },
  };
}

export function createOutboxMailer(dir: string, from: string, log?: FastifyBaseLogger): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await mkdir(dir, { recursive: true });
      const sentAt = new Date().toISOString();
      const id = `${sentAt.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
      const stored: StoredMail = { id, from, sentAt, ...message };
      await writeFile(join(dir, `${id}.json`), JSON.stringify(stored, null, 2), { mode: 0o600 });
      log?.info({ to: message.to, subject: message.subject, file: `${id}.json` }, 'mail written to the outbox');
    },
    async list() {
      const names = await readdir(dir).catch(() => [] as string[]);
      const mails = await Promise.all(
        names
          .filter((n) => n.endsWith('.json'))
          .map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as StoredMail),
      );
      return mails.sort((a, b) => b.id.localeCompare(a.id));
    },
    async close() {},
  };
}
