import type { ErrorDef } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * The multipart field `file` of an upload, read whole, at most `maxBytes`: a request without it
 * is refused with `missing`; one past the limit with `tooLarge`, else with the request-size 413
 * the error handler answers in the envelope. The file's name comes back with only letters,
 * digits, spaces, dots, dashes and underscores kept.
 */
export async function uploadedFile(
  req: FastifyRequest,
  options: { maxBytes: number; missing: ErrorDef; tooLarge?: ErrorDef },
): Promise<{ bytes: Buffer; fileName: string }> {
  const { tooLarge } = options;
  if (!req.isMultipart()) throw new AppError(options.missing);
  const part = await req.file({ limits: { fileSize: options.maxBytes } });
  if (!part || part.fieldname !== 'file') throw new AppError(options.missing);
  const bytes = await part.toBuffer().catch((error: unknown) => {
    throw tooLarge && (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? new AppError(tooLarge) : error;
  });
  if (tooLarge && part.file.truncated) throw new AppError(tooLarge);
  return { bytes, fileName: part.filename.replace(/[^\p{L}\p{N} ._-]/gu, '_') };
}
