import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSmsSender, lastSmsTo } from './sms.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('createSmsSender', () => {
  it('writes each text into the outbox folder by default', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sms-'));
    dirs.push(dir);
    const sms = createSmsSender({ outboxDir: dir });
    await sms.send({ to: '+91 9876543210', text: 'first 111111' });
    await sms.send({ to: '+91 9876543210', text: 'second 222222' });
    expect(fs.readdirSync(dir)).toHaveLength(2);
    expect(await lastSmsTo(dir, '+91 9876543210')).toContain('second 222222');
    expect(await lastSmsTo(dir, '9000000000')).toBeUndefined();
  });

  it('posts to the HTTP provider at SMS_URL with Basic auth from the URL, and fails on an error status', async () => {
    const received: Array<{ auth: string | undefined; body: string }> = [];
    let status = 200;
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, body });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const sms = createSmsSender({ url: `http://key:s3cret@127.0.0.1:${port}/send`, outboxDir: '/nonexistent' });
      await sms.send({ to: '9876543210', text: 'code 123456' });
      expect(received[0]!.auth).toBe(`Basic ${Buffer.from('key:s3cret').toString('base64')}`);
      expect(JSON.parse(received[0]!.body)).toEqual({ to: '9876543210', text: 'code 123456' });
      status = 500;
      await expect(sms.send({ to: '9876543210', text: 'x' })).rejects.toThrow('SMS provider answered 500');
    } finally {
      server.close();
    }
  });
});
