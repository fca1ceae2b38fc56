import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => t.close());

/** Sends raw bytes over TCP and returns the status code and body of the answer (Node's parser, not inject). */
function rawRequest(text: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = raw.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
    socket.end(text);
  });
}

const get = (target: string, headers = '') => rawRequest(`GET ${target} HTTP/1.1\r\nHost: localhost\r\n${headers}Connection: close\r\n\r\n`);

function expectEnvelope(res: { status: number; headers: string; body: string }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers).toMatch(/content-type: application\/json/i);
  expect(JSON.parse(res.body)).toMatchObject({ status: false, message: expect.any(String), body: { code } });
}

describe('requests Node refuses before Fastify', () => {
  it('answers an over-long address with 431 in the envelope', async () => {
    const res = await get(`/api/todo/v1/list?tz=${'a'.repeat(20_000)}`);
    expectEnvelope(res, 431, 'HEADERS_TOO_LARGE');
    expect(JSON.parse(res.body).message).toBe('The request address or its headers are too long.');
  });

  it('answers 5,000 query parameters with 431 in the envelope', async () => {
    const query = Array.from({ length: 5000 }, (_, i) => `p${i}=${i}`).join('&');
    expectEnvelope(await get(`/api/lookups/v1/states?${query}`), 431, 'HEADERS_TOO_LARGE');
  });

  it('answers a 64 KB Authorization header with 431 in the envelope', async () => {
    expectEnvelope(await get('/api/user/v1/getUserInfo', `Authorization: Bearer ${'x'.repeat(64 * 1024)}\r\n`), 431, 'HEADERS_TOO_LARGE');
  });

  it('answers bytes that are not HTTP with 400 in the envelope', async () => {
    expectEnvelope(await rawRequest('NOT HTTP AT ALL\r\n\r\n'), 400, 'VALIDATION_FAILED');
  });

  it('refuses more query parameters than any call takes, when they fit in the headers, with 400', async () => {
    const query = Array.from({ length: 1000 }, () => 'a').join('&');
    const res = await get(`/api/todo/v1/list?${query}`);
    expectEnvelope(res, 400, 'VALIDATION_FAILED');
    expect(JSON.parse(res.body).message).toBe('The address has too many parameters.');
  });
});
