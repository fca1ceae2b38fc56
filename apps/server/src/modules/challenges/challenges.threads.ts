import { isStaffRole, type CreatePostBodySchema, type Post, type Thread } from '@app/contracts';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.js';
import type { ChallengesContext } from './challenges.context.js';
import { plainText } from './challenges.text.js';

/** A question's thread: read, and a post added, by its students once the key is theirs to see and by its staff. */
export function createThreads(ctx: ChallengesContext) {
  const { repo, clock } = ctx.deps;

  return {
    async thread(actor: Actor, query: { taskId: number; questionTaskMapID: number }): Promise<Thread> {
      const { thread } = await ctx.threadOf(actor, query.taskId, query.questionTaskMapID);
      const isStaff = isStaffRole(actor.role);
      const [rows, mine] = await Promise.all([
        repo.listPosts(thread, isStaff),
        isStaff ? Promise.resolve([]) : repo.challengesOf(actor.userId, query.taskId),
      ]);
      const myChallenge = mine.find((c) => c.questionTaskMapId === query.questionTaskMapID);
      return {
        taskId: query.taskId,
        questionTaskMapID: query.questionTaskMapID,
        posts: await ctx.presentPosts(actor, rows),
        myChallenge: myChallenge ? await ctx.toChallenge(myChallenge) : null,
        canChallenge: !isStaff && myChallenge?.status !== 'open',
      };
    },

    async post(actor: Actor, body: z.output<typeof CreatePostBodySchema>): Promise<Post> {
      const text = plainText(body.text);
      const { thread } = await ctx.threadOf(actor, body.taskId, body.questionTaskMapID);
      const row = await repo.insertPost({
        ...thread,
        userId: actor.userId,
        isStaff: isStaffRole(actor.role),
        language: body.language,
        text,
        createdAt: clock.now(),
      });
      return (await ctx.presentPosts(actor, [row]))[0]!;
    },
  };
}
