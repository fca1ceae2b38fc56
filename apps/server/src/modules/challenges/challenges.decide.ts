import { CHALLENGE_ERRORS, type DecideBodySchema, type DecisionResult, type KeyDecision, type Language } from '@app/contracts';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import type { MappedQuestion } from '../academy/student/academy.student.exam-content.js';
import type { Award, ChallengesContext } from './challenges.context.js';
import { decisionMail } from './challenges.mail.js';
import { staffPlaceOf } from './challenges.policy.js';
import type { ChallengeRow } from './challenges.repository.js';
import { plainText } from './challenges.text.js';

/** The award and key a decision gives the question's next version, from its current one. */
function nextKey(
  decision: Exclude<KeyDecision, 'keep'>,
  question: MappedQuestion['question'],
  answerIds: number[],
): { correctAnswerId?: number | number[]; acceptedAnswerIds: number[]; award: Award } {
  if (decision === 'bonus') return { acceptedAnswerIds: [], award: 'bonus' };
  if (decision === 'drop') return { acceptedAnswerIds: [], award: 'dropped' };
  const key = question.correctAnswerId;
  if (key === null) throw new AppError(CHALLENGE_ERRORS.CHALLENGE_KEY_NOT_OPTIONS);
  const optionIds = new Set(question.options.map((o) => o.answerID));
  const ids = [...new Set(answerIds)];
  const invalid = () => new AppError(CHALLENGE_ERRORS.CHALLENGE_ANSWERS_INVALID);
  if (!ids.length || ids.some((id) => !optionIds.has(id))) throw invalid();
  if (decision === 'change') {
    if (Array.isArray(key)) return { correctAnswerId: ids.sort((a, b) => a - b), acceptedAnswerIds: [], award: 'key' };
    if (ids.length !== 1) throw invalid();
    return { correctAnswerId: ids[0]!, acceptedAnswerIds: [], award: 'key' };
  }
  // Several answers accepted: a single-answer question keeps one key and accepts the others beside it.
  if (Array.isArray(key) || ids.length < 2) throw invalid();
  const kept = ids.includes(key) ? key : ids[0]!;
  return { correctAnswerId: kept, acceptedAnswerIds: ids.filter((id) => id !== kept).sort((a, b) => a - b), award: 'key' };
}

/** A decision on a challenged question's key, its regrade, and the challengers told. */
export function createKeyDecisions(ctx: ChallengesContext) {
  const { deps, log } = ctx;
  const { repo, clock } = deps;

  /**
   * The question's number as the challenger's report shows it: their attempt's order, which a draw
   * (or questions drawn before it) makes differ from the test's; the test's number otherwise.
   */
  async function numberServed(row: ChallengeRow, fallback: number): Promise<number> {
    const attempt = (await deps.exam.listSubmittedAttempts(row.userId, { taskId: row.taskId })).find((a) => a.id === row.attemptId);
    const index = attempt ? attempt.questionOrder.flat().indexOf(row.questionTaskMapId) : -1;
    return index < 0 ? fallback : index + 1;
  }

  /** Each challenger is told in their language; a failed mail is logged, the decision stands. */
  async function notify(closed: ChallengeRow[], input: { testName: string; number: number; decision: KeyDecision; note: string }) {
    const contacts = await repo.contactsOf([...new Set(closed.map((c) => c.userId))]);
    for (const contact of contacts) {
      if (!contact.email) continue;
      const language: Language = contact.language === 'tn' ? 'tn' : 'en';
      try {
        const number = await numberServed(closed.find((c) => c.userId === contact.id)!, input.number);
        await deps.mailer.send(decisionMail(contact.email, language, { ...input, number }));
      } catch (error) {
        log('challenge decision mail failed', error);
      }
    }
  }

  return {
    /**
     * A decision on a question's key: a new version of the question (the key, the accepted options,
     * a bonus or a drop) and the bank's regrade of every submitted attempt served an older version
     * (scores, ranks and reports follow; decision 062); then the decision is recorded, the open
     * challenges closed, the change audited and the challengers told. A later decision is another
     * version and another audited regrade, never a silent change. "Keep" changes no score.
     */
    async decide(actor: Actor, body: z.output<typeof DecideBodySchema>): Promise<DecisionResult> {
      const note = plainText(body.note);
      const { map, number, bundle } = await ctx.staffQuestion(actor, body.taskId, body.questionTaskMapID);
      const q = map.question;
      let toVersion = q.version;
      let regradeId: number | null = null;
      let attemptsRegraded = 0;
      if (body.decision !== 'keep') {
        const next = nextKey(body.decision, q, body.answerIds ?? []);
        const made = await deps.bank.decideKey(actor, { questionId: q.id, ...next, changeNote: `Key decision (${body.decision}): ${note}` });
        toVersion = made.version;
        const regrade = await deps.bank.regrade(actor, { questionId: q.id });
        regradeId = regrade.regradeId;
        attemptsRegraded = regrade.attempts.length;
      }
      const place = staffPlaceOf(actor);
      const { decision, closed } = await repo.recordDecision(
        {
          clientId: place.clientId,
          instituteId: place.instituteId,
          taskId: body.taskId,
          questionTaskMapId: map.mapId,
          questionId: q.id,
          decision: body.decision,
          note,
          toVersion,
          regradeId,
          attemptsRegraded,
          decidedBy: actor.userId,
          createdAt: clock.now(),
        },
        place,
        (tx, row, closedRows) =>
          deps.audit(tx, actor, {
            action: 'challenges.decide',
            targetType: 'question',
            targetId: q.id,
            before: { version: q.version, award: q.award, key: q.correctAnswerId, accepted: q.acceptedAnswerIds },
            after: { decisionId: row.id, decision: body.decision, version: toVersion, regradeId, attemptsRegraded, challengesClosed: closedRows.length, taskId: body.taskId },
            reason: note,
          }),
      );
      await notify(closed, { testName: bundle.task.name, number, decision: body.decision, note });
      return { decisionId: decision.id, decision: body.decision, regradeId, attemptsRegraded, challengesClosed: closed.length, toVersion };
    },
  };
}
