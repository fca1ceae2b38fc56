import { createHash } from 'node:crypto';
import { EXAM_ERRORS, type ListPendingEvaluationsQuerySchema, type MarkAnswerBodySchema, type PendingEvaluation, type RevealCandidateResult, type TestResult } from '@app/contracts';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.js';
import { recordAudit, type AuditEntry } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { studentReachOf, type StudentScope } from '../../lib/policy.js';
import type { ExamContent } from '../academy/student/academy.student.exam-content.js';
import type { ExamService } from '../exam/exam.service.js';
import { canMarkAnswer, canSeeRegradedAttempt, canViewPendingAnswer, regradeReachOf } from './grading.policy.js';
import { isEvaluatedType } from './grading.scoring.js';
import { serverKindOf } from '../../question-kinds/index.js';

/** What grading asks of the exam: attempts and their answers (the exam owns those rows). */
type AttemptAccess = Pick<
  ExamService,
  'anyAttempt' | 'openOwnAttempt' | 'listPendingAnswers' | 'storeEvaluatedAnswer' | 'recordTeacherMark' | 'resultOf' | 'loadAttemptBundle' | 'rescoreWithVersion' | 'listRegrades'
>;

export interface GradingServiceDeps {
  exam: AttemptAccess;
  academy: Pick<ExamContent, 'findMapByQuestion' | 'listSections' | 'taskNames'>;
  displayNames: (userIds: number[]) => Promise<Map<number, string>>;
  userNames: (userIds: number[]) => Promise<Map<number, { displayName: string; username: string }>>;
  classNames: (classIds: number[]) => Promise<Map<number, string>>;
  /** Records a staff action in the audit log (lib/audit.ts) outside a write of grading's own. */
  audit: (actor: Actor, entry: AuditEntry) => Promise<void>;
  /** Where students belong (the auth service knows accounts), for the policies. */
  scopesOf: (userIds: number[]) => Promise<Map<number, StudentScope>>;
}

/** The anonymous code that stands for an attempt in the marking queue (the same on all its answers). */
export function candidateCode(attemptId: string): string {
  return `C-${createHash('sha256').update(attemptId).digest('hex').slice(0, 6).toUpperCase()}`;
}

const err = (def: (typeof EXAM_ERRORS)[keyof typeof EXAM_ERRORS]) => new AppError(def);

/**
 * Grading: the marking queue, a teacher's mark, and the one entry by which evaluators (the code
 * runner now; office files and OMR later) record an evaluated score. Scoring rules live beside
 * it in grading.scoring.ts.
 */
export function createGradingService(deps: GradingServiceDeps) {
  const { exam, academy } = deps;

  return {
    /**
     * Staff: written answers of submitted attempts waiting for a mark (oldest submission first),
     * or already marked (to mark again). Students are anonymised: a candidate code, no name.
     */
    async listPendingEvaluations(staff: Actor, query: z.output<typeof ListPendingEvaluationsQuerySchema>): Promise<PendingEvaluation[]> {
      // Narrowed in SQL to the students the actor reaches, then each row checked by the policy.
      const reached = await exam.listPendingAnswers(
        { taskId: query.taskId, mapId: query.questionTaskMapID, status: query.status },
        studentReachOf(staff, 'grading.viewPending'),
      );
      const scopes = await deps.scopesOf(reached.map((r) => r.userId));
      const rows = reached.filter((r) => {
        const student = scopes.get(r.userId);
        return student !== undefined && canViewPendingAnswer(staff, { student }) && (query.classId === undefined || student.classId === query.classId);
      });
      const attemptIds = [...new Set(rows.map((r) => r.attemptId))];
      // Each attempt's question as it was served (an edit since does not change what is marked).
      const bundles = await Promise.all(
        attemptIds.map((id) => exam.loadAttemptBundle({ id, taskId: rows.find((r) => r.attemptId === id)!.taskId }).catch(() => undefined)),
      );
      const byAttempt = new Map(attemptIds.map((id, i) => [id, bundles[i]]));
      const classNames = await deps.classNames(rows.flatMap((r) => (scopes.get(r.userId)?.classId ? [scopes.get(r.userId)!.classId!] : [])));
      return rows.flatMap((r) => {
        const bundle = byAttempt.get(r.attemptId);
        const map = bundle?.maps.find((m) => m.mapId === r.mapId);
        if (!bundle || !map) return [];
        const classId = scopes.get(r.userId)?.classId ?? null;
        return [
          {
            attemptId: r.attemptId,
            candidate: candidateCode(r.attemptId),
            classId,
            className: classId === null ? null : (classNames.get(classId) ?? null),
            taskId: r.taskId,
            questionTaskMapID: r.mapId,
            questionID: map.question.id,
            TaskName: bundle.task.name,
            questionTitle: map.question.title,
            questionData: map.question.data,
            modelAnswer: map.question.solution || map.question.explanation || null,
            answerData: typeof r.answerData === 'string' ? r.answerData : null,
            lineNumber: map.question.lineNumber,
            marks: map.marks,
            submittedAt: r.submittedAt?.toISOString() ?? null,
            teacherMarks: r.teacherMarks,
            teacherComment: r.teacherComment,
          },
        ];
      });
    },

    /**
     * Staff: marks (or marks again) a written (comprehensive) answer, with a comment the student
     * sees in the feedback report; the attempt is scored again with it, and the change is audited
     * in the same transaction.
     */
    async markAnswer(staff: Actor, body: z.output<typeof MarkAnswerBodySchema>): Promise<TestResult> {
      const attempt = await exam.anyAttempt(body.attemptId);
      // Out of the actor's scope the attempt does not exist (grading.policy.ts).
      const student = (await deps.scopesOf([attempt.userId])).get(attempt.userId);
      if (!student || !canMarkAnswer(staff, { student })) throw err(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND);
      if (attempt.status !== 'submitted') throw err(EXAM_ERRORS.EXAM_NOT_SUBMITTED);
      // Marked and scored again with the versions the attempt was served.
      const bundle = await exam.loadAttemptBundle(attempt);
      const map = bundle.maps.find((m) => m.mapId === body.questionTaskMapID);
      if (!map) throw err(EXAM_ERRORS.EXAM_QUESTION_NOT_IN_TEST);
      // Only a kind a teacher marks takes a teacher's marks.
      if (serverKindOf(map.question.questionType)?.marking !== 'teacher') throw err(EXAM_ERRORS.EXAM_NOT_COMPREHENSIVE);
      if (body.marksAwarded > map.marks) throw err(EXAM_ERRORS.EXAM_MARKS_TOO_HIGH);
      const comment = body.comment ? body.comment : null;
      const updated = await exam.recordTeacherMark(
        attempt.id,
        bundle,
        { mapId: map.mapId, marks: body.marksAwarded, staffId: staff.userId, comment },
        (tx, change) =>
          recordAudit(tx, staff, {
            action: change.before.marks === null ? 'grading.mark' : 'grading.remark',
            targetType: 'answer',
            targetId: `${attempt.id}:${map.mapId}`,
            targetUserId: attempt.userId,
            instituteId: student.instituteId,
            before: change.before,
            after: change.after,
          }),
      );
      return exam.resultOf(updated, bundle.task);
    },

    /** Staff: the student behind an anonymised answer; each reveal is audited. */
    async revealCandidate(staff: Actor, body: { attemptId: string }): Promise<RevealCandidateResult> {
      const attempt = await exam.anyAttempt(body.attemptId);
      const student = (await deps.scopesOf([attempt.userId])).get(attempt.userId);
      if (!student || !canViewPendingAnswer(staff, { student })) throw err(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND);
      const name = (await deps.userNames([attempt.userId])).get(attempt.userId);
      await deps.audit(staff, {
        action: 'grading.revealCandidate',
        targetType: 'attempt',
        targetId: attempt.id,
        targetUserId: attempt.userId,
        instituteId: student.instituteId,
        after: { candidate: candidateCode(attempt.id) },
      });
      return { attemptId: attempt.id, studentName: name?.displayName ?? '', username: name?.username ?? '' };
    },

    /**
     * An explicit regrade (the question bank's route asks, after checking the question is the
     * caller's): submitted attempts served an older version of the question are scored again with
     * the current one, each logged with its score before and after. A key change alone never does it.
     * Only attempts of students the caller may mark are touched (`regradeReachOf`); the others are
     * left as they are and only counted. The same rule holds for the dry run and the log.
     * The regrade is audited in its transaction: the question, the versions, how many attempts were
     * scored again and their score total before and after.
     */
    regradeQuestion(
      actor: Actor,
      input: { questionId: number; toVersionId: number; fromVersion: number | null; fromVersionIds: number[]; dryRun?: boolean; versions: { id: number; version: number }[] },
    ) {
      const { versions, ...rescore } = input;
      const numberOf = new Map(versions.map((v) => [v.id, v.version]));
      return exam.rescoreWithVersion(actor.userId, { ...rescore, reach: regradeReachOf(actor) }, (tx, { attempts }) => {
        const fromVersions = [...new Set(attempts.map((a) => numberOf.get(a.fromVersionId) ?? 0))].sort((a, b) => a - b);
        const total = (scores: (number | null)[]) => Math.round(scores.reduce<number>((sum, s) => sum + (s ?? 0), 0) * 100) / 100;
        return recordAudit(tx, actor, {
          action: 'grading.regrade',
          targetType: 'question',
          targetId: input.questionId,
          before: {
            version: input.fromVersion ?? (fromVersions.length === 1 ? fromVersions[0]! : fromVersions),
            attempts: attempts.length,
            scoreTotal: total(attempts.map((a) => a.oldScored)),
          },
          after: {
            version: numberOf.get(input.toVersionId) ?? null,
            attempts: attempts.length,
            scoreTotal: total(attempts.map((a) => a.newScored)),
            scoresChanged: attempts.filter((a) => a.oldScored !== a.newScored).length,
          },
        });
      });
    },

    /**
     * The regrade log of a question, with who ran each regrade by name; of each regrade only the
     * attempts of students the caller may mark (narrowed in SQL, then each checked by the policy).
     */
    async listRegrades(actor: Actor, questionId: number) {
      const rows = await exam.listRegrades(questionId, regradeReachOf(actor));
      const [names, scopes] = await Promise.all([
        deps.displayNames(rows.flatMap((r) => (r.actorId === null ? [] : [r.actorId]))),
        deps.scopesOf([...new Set(rows.flatMap((r) => r.attempts.map((a) => a.userId)))]),
      ]);
      const reached = (userId: number) => {
        const student = scopes.get(userId);
        return student !== undefined && canSeeRegradedAttempt(actor, { student });
      };
      return rows.map((r) => ({
        regradeId: r.id,
        fromVersion: r.fromVersion,
        toVersionId: r.toVersionId,
        actorName: r.actorId === null ? null : (names.get(r.actorId) ?? null),
        createdAt: r.createdAt,
        attempts: r.attempts.filter((a) => reached(a.userId)),
      }));
    },

    /**
     * THE entry for evaluated scores: an evaluator (the code runner, later office files and OMR)
     * records the student's evaluated answer and its score as a fraction 0–1 of the question's
     * marks. The attempt must be the actor's, open, and the question an evaluated one of its
     * active section; the score counts when the attempt is submitted.
     */
    async recordEvaluatedAnswer(actor: Actor, input: { attemptId: string; questionId: number; answerData: unknown; scoreFraction: number }): Promise<void> {
      const attempt = await exam.openOwnAttempt(actor, input.attemptId);
      const map = await academy.findMapByQuestion(attempt.taskId, input.questionId);
      if (!map) throw err(EXAM_ERRORS.EXAM_QUESTION_NOT_IN_TEST);
      if (!isEvaluatedType(map.question.questionType)) throw err(EXAM_ERRORS.EXAM_QUESTION_TYPE_MISMATCH);
      if (attempt.activeSectionIndex !== null) {
        const sections = await academy.listSections(attempt.taskId);
        const section = sections.find((s) => s.id === map.sectionId);
        if (section?.sectionIndex !== attempt.activeSectionIndex) throw err(EXAM_ERRORS.EXAM_SECTION_CLOSED);
      }
      const fraction = Number.isFinite(input.scoreFraction) ? Math.min(Math.max(input.scoreFraction, 0), 1) : 0;
      await exam.storeEvaluatedAnswer(attempt.id, map.mapId, { answerData: input.answerData ?? null, fraction });
    },
  };
}

export type GradingService = ReturnType<typeof createGradingService>;
