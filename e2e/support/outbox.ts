import fs from 'node:fs';
import path from 'node:path';

/** The server's outbox folder, set by playwright.config.ts. */
export function outboxDir(): string {
  const dir = process.env.E2E_OUTBOX;
  if (!dir) throw new Error('E2E_OUTBOX is not set: run the specs through playwright.config.ts');
  return dir;
}

function mailsTo(to: string): string[] {
  const safe = to.replace(/[^a-zA-Z0-9@._-]/g, '_');
  const dir = outboxDir();
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.includes(safe)).sort() : [];
}

/** How many mails went to `to` so far (to wait for the next one). */
export function mailCount(to: string): number {
  return mailsTo(to).length;
}

/** Decodes the body parts of a raw .eml (base64 or quoted-printable) after its headers. */
function decodeBody(raw: string): string {
  const parts: string[] = [];
  for (const match of raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g)) {
    parts.push(Buffer.from(match[1]!.replace(/\s+/g, ''), 'base64').toString('utf8'));
  }
  for (const match of raw.matchAll(/Content-Transfer-Encoding: (?:quoted-printable|7bit|8bit)\r?\n(?:[^\r\n]+\r?\n)*\r?\n([\s\S]*?)(?:\r?\n--|$)/g)) {
    parts.push(match[1]!.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))));
  }
  return parts.join('\n');
}

/** Waits for mail number `after + 1` to `to` and returns its six-digit code. */
export async function waitForCode(to: string, after: number, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = mailsTo(to);
    if (files.length > after) {
      const raw = fs.readFileSync(path.join(outboxDir(), files.at(-1)!), 'utf8');
      const code = /(?:^|\s|>)(\d{6})(?:\s|<|$)/m.exec(decodeBody(raw))?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code mailed to ${to}`);
}

function smsTo(phone: string): string[] {
  const dir = path.join(outboxDir(), 'sms');
  const safe = `-${phone.replace(/[^0-9+]/g, '_')}-`;
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.includes(safe)).sort() : [];
}

export function smsCount(phone: string): number {
  return smsTo(phone).length;
}

/** Waits for text message number `after + 1` to `phone` (outbox/sms) and returns its code. */
export async function waitForSmsCode(phone: string, after: number, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = smsTo(phone);
    if (files.length > after) {
      const text = fs.readFileSync(path.join(outboxDir(), 'sms', files.at(-1)!), 'utf8');
      const code = /\b(\d{6})\b/.exec(text.split('\n\n').slice(1).join('\n'))?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code sent to ${phone}`);
}

/** Waits for mail number `after + 1` to `to` and returns the first link to `pathname` in it (path and query). */
export async function waitForLink(to: string, after: number, pathname: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const pattern = new RegExp(`https?://[^\\s"<]+(${pathname.replace(/[/.?]/g, '\\$&')}[^\\s"<]*)`);
  while (Date.now() < deadline) {
    const files = mailsTo(to);
    if (files.length > after) {
      const raw = fs.readFileSync(path.join(outboxDir(), files.at(-1)!), 'utf8');
      const link = pattern.exec(decodeBody(raw))?.[1];
      if (link) return link.replace(/&amp;/g, '&');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no ${pathname} link mailed to ${to}`);
}
