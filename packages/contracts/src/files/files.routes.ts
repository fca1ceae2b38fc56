import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import { SignedFileQuerySchema } from './files.schemas.js';

/**
 * Stored files are reached through signed links made by the server (the local file store's
 * `signedUrl`); with S3 the link points at the bucket instead and this call is not used.
 */
export const filesRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/files/v1/get',
    access: 'public',
    summary: "A stored file's bytes, through a link signed by the server that expires (no envelope on success)",
    query: SignedFileQuerySchema,
    response: z.unknown(),
  }),
};
