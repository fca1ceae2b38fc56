import { lastMailTo } from './test-app.js';

/** The text of a raw .eml: headers, and each part decoded (base64 or quoted-printable). */
export function decodeEml(raw: string): string {
  const decoded: string[] = [raw];
  for (const match of raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g)) {
    decoded.push(Buffer.from(match[1]!.replace(/\s+/g, ''), 'base64').toString('utf8'));
  }
  for (const match of raw.matchAll(/Content-Transfer-Encoding: quoted-printable\r?\n(?:[^\r\n]+\r?\n)*\r?\n([\s\S]*?)(?:\r?\n--|$)/g)) {
    const bytes = match[1]!.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    decoded.push(Buffer.from(bytes, 'latin1').toString('utf8'));
  }
  return decoded.join('\n');
}

/** The six-digit code of the newest mail to `to`. */
export function mailedCode(outboxDir: string, to: string): string {
  const raw = lastMailTo(outboxDir, to);
  if (!raw) throw new Error(`no mail to ${to}`);
  const code = /(?:^|\s)(\d{6})(?:\s|$)/m.exec(decodeEml(raw).split(/\r?\n\r?\n/).slice(1).join('\n\n'))?.[1];
  if (!code) throw new Error(`no code in the mail to ${to}`);
  return code;
}
