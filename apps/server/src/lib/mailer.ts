import path from 'node:path';
import nodemailer from 'nodemailer';
import { ensurePrivateDir, writePrivateFile } from './private-files.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise every message is written as an .eml file into the outbox
 * folder, where a developer (or a test) can open it.
 */
export function createMailer(options: { smtpUrl?: string | undefined; from: string; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await ensurePrivateDir(options.outboxDir);
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}-${info.messageId.replace(/[^a-zA-Z0-9]/g, '').slice(0, 12)}.eml`;
      await writePrivateFile(path.join(options.outboxDir, name), info.message as Buffer);
    },
  };
}

/** A value escaped for a mail's HTML part. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
