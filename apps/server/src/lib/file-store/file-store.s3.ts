import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertContentType, assertValidKey, isValidKey, resolveKey, type FileStore } from './file-store.js';

/** A stream handed to `put` is read into memory first (S3 needs the length); uploads are far smaller. */
const S3_PUT_MAX_BYTES = 256 * 1024 * 1024;
/** S3 refuses presigned URLs valid for longer than seven days. */
const S3_PRESIGN_MAX_SECONDS = 7 * 24 * 60 * 60;

export interface S3FileStoreOptions {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, …); AWS itself needs none. */
  endpoint?: string | undefined;
  /** Without them the SDK's default chain is used (environment, instance role, …). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle?: boolean;
  /** Every key is stored below this prefix in the bucket. */
  prefix?: string;
}

/** Files as objects in an S3-compatible bucket; signed URLs are the bucket's own presigned GETs. */
export function createS3FileStore(options: S3FileStoreOptions, client?: S3Client): FileStore {
  const s3 =
    client ??
    new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? false,
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
    });
  const objectKey = (key: string) => (options.prefix ? `${options.prefix.replace(/\/+$/, '')}/${key}` : key);

  return {
    backend: 's3',

    async put(target, data, { contentType }) {
      const key = resolveKey(target);
      assertContentType(contentType);
      const body = data instanceof Uint8Array ? data : await readAll(data, S3_PUT_MAX_BYTES);
      await s3.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: objectKey(key),
          Body: body,
          ContentType: contentType,
          ContentLength: body.byteLength,
        }),
      );
      return { key, size: body.byteLength, contentType };
    },

    async get(key) {
      if (!isValidKey(key)) return null;
      try {
        const out = await s3.send(new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
        if (!out.Body) return null;
        const stream = out.Body instanceof Readable ? out.Body : Readable.fromWeb(out.Body.transformToWebStream() as never);
        return {
          key,
          size: out.ContentLength ?? 0,
          contentType: out.ContentType ?? 'application/octet-stream',
          stream,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertValidKey(key);
      await s3.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
    },

    async signedUrl(key, { expiresIn }) {
      assertValidKey(key);
      const seconds = Math.min(S3_PRESIGN_MAX_SECONDS, Math.max(1, Math.floor(expiresIn)));
      return getSignedUrl(s3, new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }), { expiresIn: seconds });
    },
  };
}

function isMissing(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
  }
  return false;
}

async function readAll(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > maxBytes) throw new Error(`a stream of more than ${maxBytes} bytes cannot be stored in S3 in one piece`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
