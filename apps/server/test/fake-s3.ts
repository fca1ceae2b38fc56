import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface FakeS3 {
  endpoint: string;
  objects: Map<string, StoredObject>;
  /** Every request as "METHOD /path", to assert what the client sent. */
  requests: Array<{ method: string; path: string; authorization: string | undefined; query: URLSearchParams }>;
  close(): Promise<void>;
}

const xmlError = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;

/** "20261124T101500Z" → epoch ms */
function amzDate(value: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : NaN;
}

/**
 * An in-process stand-in for an S3-compatible service (path-style: /bucket/key): PUT, GET, HEAD
 * and DELETE of objects, S3's XML errors, and presigned GETs checked for their credential and
 * expiry. Signatures are not recomputed; requests must be signed with the expected access key.
 */
export async function startFakeS3(options: { bucket: string; accessKeyId: string }): Promise<FakeS3> {
  const objects = new Map<string, StoredObject>();
  const requests: FakeS3['requests'] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-s3');
    const authorization = req.headers.authorization;
    requests.push({ method: req.method ?? '', path: url.pathname, authorization, query: url.searchParams });
    const send = (status: number, body = '', headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/xml', ...headers });
      res.end(body);
    };
    const credential = authorization ?? url.searchParams.get('X-Amz-Credential') ?? '';
    if (!credential.includes(`${options.accessKeyId}/`)) return send(403, xmlError('InvalidAccessKeyId', 'Unknown access key'));
    if (url.searchParams.has('X-Amz-Signature')) {
      const signedAt = amzDate(url.searchParams.get('X-Amz-Date') ?? '');
      const expires = Number(url.searchParams.get('X-Amz-Expires'));
      if (!(signedAt + expires * 1000 > Date.now())) return send(403, xmlError('AccessDenied', 'Request has expired'));
    }
    const [, bucket, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    if (bucket !== options.bucket) return send(404, xmlError('NoSuchBucket', 'The specified bucket does not exist'));
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const object = objects.get(key);
      switch (req.method) {
        case 'PUT':
          objects.set(key, { body: Buffer.concat(chunks), contentType: req.headers['content-type'] ?? 'binary/octet-stream' });
          return send(200, '', { etag: '"fake"' });
        case 'GET':
        case 'HEAD':
          if (!object) return send(404, req.method === 'HEAD' ? '' : xmlError('NoSuchKey', 'The specified key does not exist.'));
          res.writeHead(200, { 'content-type': object.contentType, 'content-length': String(object.body.length), etag: '"fake"' });
          return res.end(req.method === 'HEAD' ? undefined : object.body);
        case 'DELETE':
          objects.delete(key);
          return send(204);
        default:
          return send(405, xmlError('MethodNotAllowed', 'Not supported here'));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
