import { EXAM_ERRORS, type CheckSessionResult, type CompleteSectionBodySchema, type SaveSessionDetailsBodySchema } from '@app/contracts';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.js';
import { examError, type AttemptCore } from './exam.attempts.js';
import { completeActiveSection } from './exam.timing.js';
import { checkResult, resultOf, sectionTimings, timingOf } from './exam.views.js';

/** An open attempt moving on: the player's kept state and tab-away count, and finishing a section early. */
export function createExamProgress(core: AttemptCore) {
  const { repo, clock, academy } = core;

  return {
    async saveSessionDetails(actor: Actor, body: z.output<typeof SaveSessionDetailsBodySchema>) {
      const attempt = await core.refresh(await core.ownAttempt(actor, body.TestSessionID));
      if (attempt.status !== 'open') throw examError(EXAM_ERRORS.EXAM_ALREADY_SUBMITTED);
      await repo.saveSessionDetails(attempt.id, { localState: body.localState, tabChangeWarnings: body.tabChangeWarnings });
      await repo.stampSeen(attempt.id, clock.now());
      const warnings = Math.max(attempt.tabChangeWarnings, body.tabChangeWarnings ?? 0);
      const task = await academy.getTestTask(attempt.taskId);
      if (!task) throw examError(EXAM_ERRORS.EXAM_TASK_NOT_FOUND);
      // Spec 001 §4: with tab monitoring on, reaching Warnings − 1 away periods submits the test.
      const monitored = task.isTabAlertAllowed === 0 && !task.isCameraAllowed && task.testType === 'test';
      if (monitored && body.tabChangeWarnings !== undefined && warnings >= Math.max(1, task.warnings - 1)) {
        const { attempt: done, bundle } = await core.finalize(attempt.id, 'warnings');
        return { TestSessionID: attempt.id, tabChangeWarnings: warnings, testResult: resultOf(done, bundle.task) };
      }
      return { TestSessionID: attempt.id, tabChangeWarnings: warnings, testResult: null };
    },

    async completeSection(actor: Actor, body: z.output<typeof CompleteSectionBodySchema>): Promise<CheckSessionResult> {
      const owned = await core.ownAttempt(actor, body.TestSessionID);
      const bundle = await core.loadBundle(owned.taskId, owned.id);
      const attempt = await core.refresh(owned, bundle);
      if (attempt.status !== 'open') return checkResult(attempt, bundle, clock.now());
      if (!bundle.task.sectionWiseTimer || attempt.activeSectionIndex !== body.sectionIndex) throw examError(EXAM_ERRORS.EXAM_SECTION_NOT_ACTIVE);
      const timing = completeActiveSection(timingOf(attempt), sectionTimings(bundle.sections), clock.now());
      // The last section is done: the student has finished the test.
      if (timing.activeSectionIndex === null) return checkResult((await core.finalize(attempt.id, 'student')).attempt, bundle, clock.now());
      await repo.updateTiming(attempt.id, timing);
      return checkResult({ ...attempt, ...timing }, bundle, clock.now());
    },
  };
}
