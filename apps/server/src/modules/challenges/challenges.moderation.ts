import { CHALLENGE_ERRORS, type Post } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import { postNotFound, type ChallengesContext } from './challenges.context.js';
import { inStaffPlace, staffReachesTest } from './challenges.policy.js';
import type { PostRow } from './challenges.repository.js';
import { plainText } from './challenges.text.js';

/** Staff moderation of a thread: a post hidden with a reason, a teacher's explanation pinned. */
export function createModeration(ctx: ChallengesContext) {
  const { deps } = ctx;
  const { repo, clock } = deps;

  /** A post staff may moderate: in their place, on a test they reach. */
  async function moderatedPost(actor: Actor, postId: number): Promise<PostRow> {
    const post = await repo.getPost(postId);
    if (!post || !inStaffPlace(actor, post)) throw postNotFound();
    const bundle = await deps.academy.loadTestBundle(post.taskId);
    if (!bundle || !staffReachesTest(actor, bundle.task)) throw postNotFound();
    return post;
  }

  return {
    async hidePost(actor: Actor, body: { postId: number; reason: string }): Promise<Post> {
      const reason = plainText(body.reason);
      const post = await moderatedPost(actor, body.postId);
      const row = await repo.hidePost(post.id, { by: actor.userId, reason, at: clock.now() }, (tx) =>
        deps.audit(tx, actor, {
          action: 'challenges.hidePost',
          targetType: 'questionPost',
          targetId: post.id,
          targetUserId: post.userId,
          instituteId: post.instituteId,
          before: { text: post.text },
          reason,
        }),
      );
      if (!row) throw postNotFound();
      return (await ctx.presentPosts(actor, [row]))[0]!;
    },

    /** A teacher's verified explanation: a visible staff post pinned first in its thread (one per thread). */
    async pinPost(actor: Actor, body: { postId: number; pinned: boolean }): Promise<Post> {
      const post = await moderatedPost(actor, body.postId);
      if (body.pinned && (!post.isStaff || post.hiddenAt)) throw new AppError(CHALLENGE_ERRORS.CHALLENGE_PIN_STAFF_ONLY);
      const row = await repo.pinPost(post, body.pinned, clock.now());
      return (await ctx.presentPosts(actor, [row]))[0]!;
    },
  };
}
