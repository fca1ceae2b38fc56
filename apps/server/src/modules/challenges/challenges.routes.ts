import { CHALLENGE_LIMITS, challengeRoutes, FILES_ERRORS, IMAGE_UPLOAD_MAX_BYTES } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { ok, registerRoute } from '../../lib/route.js';
import { uploadedFile } from '../../lib/multipart.js';

export const challengesModule: FastifyPluginAsync = async (app) => {
  const { challenges } = app.services;

  registerRoute(app, challengeRoutes.thread, ({ actor, query }) => challenges.thread(actor, query));
  registerRoute(app, challengeRoutes.post, async ({ actor, body }) => ok(await challenges.post(actor, body), 'challengePosted'), {
    rateLimit: { max: CHALLENGE_LIMITS.postsPerMinute, timeWindow: '1 minute' },
  });
  registerRoute(app, challengeRoutes.challenge, async ({ actor, body }) => ok(await challenges.challenge(actor, body), 'challengeCreated'), {
    rateLimit: { max: CHALLENGE_LIMITS.challengesPerMinute, timeWindow: '1 minute' },
  });
  registerRoute(
    app,
    challengeRoutes.attachImage,
    async ({ actor, query, req }) => ok(await challenges.attachImage(actor, query, async () => (await uploadedFile(req, { maxBytes: IMAGE_UPLOAD_MAX_BYTES, missing: FILES_ERRORS.FILES_EMPTY })).bytes), 'challengeImageAttached'),
    { rateLimit: { max: CHALLENGE_LIMITS.challengesPerMinute, timeWindow: '1 minute' } },
  );
  registerRoute(app, challengeRoutes.mine, ({ actor, query }) => challenges.mine(actor, query));
  registerRoute(app, challengeRoutes.list, ({ actor, query }) => challenges.list(actor, query));
  registerRoute(app, challengeRoutes.decide, async ({ actor, body }) => ok(await challenges.decide(actor, body), 'challengeDecided'));
  registerRoute(app, challengeRoutes.hidePost, async ({ actor, body }) => ok(await challenges.hidePost(actor, body), 'challengePostHidden'));
  registerRoute(app, challengeRoutes.pinPost, async ({ actor, body }) =>
    ok(await challenges.pinPost(actor, body), body.pinned ? 'challengePostPinned' : 'challengePostUnpinned'),
  );
};
