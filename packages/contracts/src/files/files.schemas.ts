import { z } from 'zod';
import { msg } from '../common/validation.js';

/** Longest key a stored file may have (segments joined by '/'). */
export const FILE_KEY_MAX_LENGTH = 512;

/** The query of a signed file link: the key, its expiry (Unix seconds) and the signature. */
export const SignedFileQuerySchema = z.object({
  key: z.string().min(1).max(FILE_KEY_MAX_LENGTH),
  exp: z.coerce.number().int().positive(),
  sig: z.string().regex(/^[A-Za-z0-9_-]{43}$/, msg('badRequest')),
});
export type SignedFileQuery = z.output<typeof SignedFileQuerySchema>;
