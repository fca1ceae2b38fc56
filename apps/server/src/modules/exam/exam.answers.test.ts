import { describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/actor.js';
import type { AttemptCore } from './exam.attempts.js';
import { createExamAnswers } from './exam.answers.js';
import type { AttemptRow } from './exam.repository.js';

/*
 * A submit sent again while the first one's close waits its turn in this process (the player asks
 * every few seconds): held on that close and answered with the score once it is made, instead of
 * "accepted" again at once; answered "accepted" when the close fails.
 */
const actor = { userId: 1, role: 'Student' } as Actor;
const task = { name: 'Mock', scoreVisible: true };
const open = {
  id: 'a-1',
  userId: 1,
  taskId: 9,
  courseId: 3,
  status: 'open',
  deadlineAt: new Date(Date.now() + 3_600_000),
  startedAt: new Date(),
  total: 8,
  scored: null,
  pendingEvaluation: false,
  analyticsId: null,
  submittedAt: null,
  submitReason: null,
} as unknown as AttemptRow;

/** An answers service over a stand-in core whose one close is held until `finish` or `fail`. */
function withHeldClose() {
  let finish!: (value: { attempt: AttemptRow; bundle: { task: typeof task } }) => void;
  let fail!: (error: Error) => void;
  const closing = new Promise<{ attempt: AttemptRow; bundle: { task: typeof task } }>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  let closes = 0;
  const core = {
    repo: { markSubmitRequested: async () => true },
    clock: { now: () => new Date() },
    academy: {},
    ownAttempt: async () => open,
    taskOf: async () => task,
    receivingSubmit: () => () => {},
    isCloseQueueLong: () => true,
    finalize: () => {
      closes += 1;
      return closing;
    },
  } as unknown as AttemptCore;
  return { answers: createExamAnswers(core), finish, fail, closes: () => closes };
}

const body = { TestSessionID: 'a-1', TaskID: 9, isPartialSubmit: false } as Parameters<ReturnType<typeof createExamAnswers>['submitTest']>[1];

describe('submitTest sent again while its close is queued', () => {
  it('is held on the close and answered with the score once it is made, closing once', async () => {
    const held = withHeldClose();
    expect(await held.answers.submitTest(actor, body)).toMatchObject({ isBeingScored: true, scored: null });
    let answered = false;
    const again = held.answers.submitTest(actor, body).then((result) => {
      answered = true;
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    held.finish({ attempt: { ...open, status: 'submitted', scored: 4, submittedAt: new Date(), submitReason: 'student' } as AttemptRow, bundle: { task } });
    const result = await again;
    expect(result.isBeingScored).toBeUndefined();
    expect(result).toMatchObject({ scored: 4, total: 8, attemptId: 'a-1' });
    expect(held.closes()).toBe(1);
  });

  it('answers "accepted" again when the close fails (the next submit tries again)', async () => {
    const held = withHeldClose();
    await held.answers.submitTest(actor, body);
    const again = held.answers.submitTest(actor, body);
    held.fail(new Error('database gone'));
    expect(await again).toMatchObject({ isBeingScored: true, scored: null, attemptId: 'a-1' });
  });
});
