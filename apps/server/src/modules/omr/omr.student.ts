import { OMR_ERRORS, type OmrMySheet, type OmrMyTest } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { testOpenTo } from '../../lib/content-reach.js';
import { AppError } from '../../lib/errors.js';
import { OMR_MAX_QUESTIONS } from './omr.layout.js';
import { openUpload, PagesError, type PageSource } from './omr.pages.js';
import { canPrintPractice } from './omr.policy.js';
import { RecogniseError } from './omr.recognise.js';
import { readForReview } from './omr.recognition-job.js';
import type { OmrRepository, OmrSheetRow, OmrTest } from './omr.repository.js';
import { effectiveAnswers, type OmrAttempts } from './omr.review.js';
import { sheetRollNumber } from './omr.roll.js';

export interface OmrStudentDeps {
  repo: OmrRepository;
  clock: Clock;
  attempts: () => OmrAttempts;
  /** Which tests the student may take: the schedules module's contentReach (decision 038). */
  contentReach?: (actor: Actor) => Promise<{ test: (test: TestReachRef) => boolean }>;
}

type TestReachRef = { courseId: number; ownerClientId: string; ownerInstituteId: number | null; courseClientId: string; courseInstituteId: number | null };
const ownerOnly = async (actor: Actor) => ({
  test: (test: TestReachRef) => testOpenTo(actor, test, { id: test.courseId, clientId: test.courseClientId, instituteId: test.courseInstituteId }, null),
});

/** A student's own sheet: read at once from one photo or scan, submitted to the teacher, or marked at once for practice. */
export function createOmrStudent(deps: OmrStudentDeps) {
  const { repo, clock } = deps;

  async function testFor(actor: Actor, taskId: number): Promise<OmrTest> {
    const test = await repo.findTest(taskId);
    if (!test || !canPrintPractice(actor, test)) throw new AppError(OMR_ERRORS.OMR_TEST_NOT_FOUND);
    const reach = await (deps.contentReach ?? ownerOnly)(actor);
    if (!reach.test({ ...test, courseClientId: test.course.clientId, courseInstituteId: test.course.instituteId })) throw new AppError(OMR_ERRORS.OMR_TEST_NOT_FOUND);
    if (test.questionCount < 1 || test.questionCount > OMR_MAX_QUESTIONS) throw new AppError(OMR_ERRORS.OMR_TOO_MANY_QUESTIONS);
    return test;
  }

  async function view(actor: Actor, row: OmrSheetRow, test: OmrTest): Promise<OmrMySheet> {
    const self = (await repo.findStudents([actor.userId]))[0];
    const own = self ? sheetRollNumber(self) : String(actor.userId);
    const score = row.attemptId ? (await deps.attempts().attemptScores([row.attemptId])).get(row.attemptId) : undefined;
    return {
      id: row.id,
      taskId: row.taskId,
      isPractice: test.isPractice,
      rollNumber: row.rollNumber,
      rollMismatch: row.rollNumber !== null && row.rollNumber !== own,
      answers: effectiveAnswers(row),
      flaggedQuestions: row.flagged,
      submitted: row.submittedAt !== null,
      result: row.attemptId && score && test.isPractice ? { scored: score.scored, total: score.total, attemptId: row.attemptId, courseId: test.courseId } : null,
    };
  }

  return {
    async myTests(actor: Actor): Promise<OmrMyTest[]> {
      const [rows, reach] = await Promise.all([repo.listTestsFor(actor.clientId, actor.instituteId), (deps.contentReach ?? ownerOnly)(actor)]);
      return rows
        .filter((r) => r.questionCount >= 1 && r.questionCount <= OMR_MAX_QUESTIONS && reach.test(r))
        .map((r) => ({ id: r.id, name: r.name, courseName: r.courseName, isPractice: r.testType === 'practice', questionCount: r.questionCount }));
    },

    /** Reads the student's one sheet now (about half a second); nothing is kept when it is not a sheet of this test. */
    async myUpload(actor: Actor, query: { taskId: number }, file: Buffer): Promise<OmrMySheet> {
      const test = await testFor(actor, query.taskId);
      let source: PageSource;
      try {
        source = await openUpload(file);
      } catch (error) {
        if (error instanceof PagesError) throw new AppError(OMR_ERRORS[error.code]);
        throw error;
      }
      if (source.pageCount !== 1) throw new AppError(OMR_ERRORS.OMR_ONE_SHEET);
      let read;
      try {
        read = await readForReview(await source.page(0), test.id, test.questionCount, await deps.attempts().onlineOnlyQuestions(test.id));
      } catch (error) {
        if (error instanceof RecogniseError || error instanceof PagesError) throw new AppError(OMR_ERRORS[error.code]);
        throw error;
      }
      const [row] = await repo.insertSheets([
        {
          taskId: test.id,
          clientId: actor.clientId,
          instituteId: actor.instituteId,
          source: 'student',
          uploadedBy: actor.userId,
          page: 1,
          rollNumber: read.rollNumber,
          rollFlagged: read.rollFlagged,
          bookletCode: read.bookletCode,
          studentId: actor.userId,
          answers: read.answers,
          flagged: read.flagged,
          crops: read.crops,
          createdAt: clock.now(),
          updatedAt: clock.now(),
        },
      ]);
      return view(actor, row!, test);
    },

    /** A paper test's sheet goes to the teacher (whose own scan wins); a practice sheet is marked now. */
    async mySubmit(actor: Actor, body: { sheetId: number }): Promise<OmrMySheet> {
      const row = await repo.findSheet(body.sheetId);
      if (!row || row.source !== 'student' || row.studentId !== actor.userId) throw new AppError(OMR_ERRORS.OMR_SHEET_NOT_FOUND);
      if (row.submittedAt) throw new AppError(OMR_ERRORS.OMR_ALREADY_SUBMITTED);
      const test = await testFor(actor, row.taskId);
      const now = clock.now();
      if (!test.isPractice) return view(actor, await repo.updateSheet(row.id, { submittedAt: now }), test);
      const paper = await deps.attempts().recordPaperAttempt({ userId: actor.userId, taskId: test.id, choices: effectiveAnswers(row), at: now });
      const updated = await repo.updateSheet(row.id, { submittedAt: now, attemptId: paper.attemptId, publishedAt: now, publishedRevision: row.revision });
      return view(actor, updated, test);
    },
  };
}
