import { createChallengesContext, type ChallengesServiceDeps } from './challenges.context.js';
import { createKeyDecisions } from './challenges.decide.js';
import { createModeration } from './challenges.moderation.js';
import { createChallengeReview } from './challenges.review.js';
import { createStudentChallenges } from './challenges.student.js';
import { createThreads } from './challenges.threads.js';

export { CHALLENGE_IMAGE_LINK_SECONDS, type ChallengesServiceDeps } from './challenges.context.js';

/**
 * Answer-key challenges and question threads (issue 35, items 3 and 4; decision 067). A student
 * reaches a question through their own submitted attempt that was served it, and only once the
 * feedback report's release rule shows its key to them: so nothing in a thread (a teacher's
 * explanation, a classmate's reasoning) reaches anyone before the answers are theirs to see.
 * Staff reach a test as its statistics do and see their institute's threads and challenges.
 *
 * One operation file per job (decision 090): threads (challenges.threads.ts), a student's challenges
 * (challenges.student.ts), the staff's review (challenges.review.ts), key decisions
 * (challenges.decide.ts) and moderation (challenges.moderation.ts).
 */
export function createChallengesService(deps: ChallengesServiceDeps) {
  const context = createChallengesContext(deps);
  return {
    ...createThreads(context),
    ...createStudentChallenges(context),
    ...createChallengeReview(context),
    ...createKeyDecisions(context),
    ...createModeration(context),
  };
}

export type ChallengesService = ReturnType<typeof createChallengesService>;
