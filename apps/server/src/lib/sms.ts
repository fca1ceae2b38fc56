import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ensurePrivateDir, writePrivateFile } from './private-files.js';

export interface SmsMessage {
  /** The phone number as the user typed it (validated by the contract). */
  to: string;
  text: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

const SMS_TIMEOUT_MS = 10_000;
// Keeps outbox file names in sending order within one millisecond.
let sequence = 0;

/**
 * An HTTP SMS provider when SMS_URL is set: POST {to, text} as JSON, credentials in the URL
 * (user:password@) go as HTTP Basic auth. Otherwise each message is written as a text file into
 * the outbox folder, so that the demo and the tests work offline.
 */
export function createSmsSender(options: { url?: string | undefined; outboxDir: string; now?: () => Date }): SmsSender {
  const now = options.now ?? (() => new Date());
  if (options.url) {
    const endpoint = new URL(options.url);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (endpoint.username) {
      const credentials = `${decodeURIComponent(endpoint.username)}:${decodeURIComponent(endpoint.password)}`;
      headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
      endpoint.username = '';
      endpoint.password = '';
    }
    return {
      async send(message) {
        const response = await fetch(endpoint, {
          method: 'POST',
          headers,
          body: JSON.stringify({ to: message.to, text: message.text }),
          signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
      },
    };
  }
  return {
    async send(message) {
      await ensurePrivateDir(options.outboxDir);
      const safeTo = message.to.replace(/[^0-9+]/g, '_');
      sequence = (sequence + 1) % 1_000_000;
      const stamp = `${now().toISOString().replace(/[:.]/g, '-')}-${String(sequence).padStart(6, '0')}`;
      const name = `${stamp}-${safeTo}-${randomBytes(4).toString('hex')}.txt`;
      await writePrivateFile(path.join(options.outboxDir, name), `To: ${message.to}\n\n${message.text}\n`);
    },
  };
}

/** The newest text in the SMS outbox addressed to `to` (for tests and local demos). */
export async function lastSmsTo(outboxDir: string, to: string): Promise<string | undefined> {
  const safeTo = to.replace(/[^0-9+]/g, '_');
  let files: string[];
  try {
    files = (await fs.readdir(outboxDir)).filter((f) => f.includes(`-${safeTo}-`)).sort();
  } catch {
    return undefined;
  }
  const last = files.at(-1);
  return last ? fs.readFile(path.join(outboxDir, last), 'utf8') : undefined;
}
