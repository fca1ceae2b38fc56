import { filesRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../lib/route.js';

export const filesModule: FastifyPluginAsync = async (app) => {
  const { files } = app.services;

  registerRoute(app, filesRoutes.get, async ({ query, reply }) => {
    const file = await files.openSigned(query);
    const maxAge = Math.max(0, Math.floor((file.expiresAt - app.deps.clock.now().getTime()) / 1000));
    return reply
      .type(file.contentType)
      .header('content-length', file.size)
      .header('cache-control', `private, max-age=${maxAge}`)
      .header('content-disposition', 'inline')
      // A stored file is shown, never run: no scripts, even if a browser were to treat it as a page.
      .header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox")
      .send(file.stream);
  });
};
