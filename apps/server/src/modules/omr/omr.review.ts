import {
  isStudentRole,
  OMR_ERRORS,
  type OmrAnswer,
  type OmrCandidate,
  type OmrCorrectBody,
  type OmrPublishResult,
  type OmrReview,
  type OmrSheetDetail,
  type OmrSheetState,
  type OmrSheetSummary,
} from '@app/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { recordAudit } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { PaperAttemptInput, PaperAttemptResult } from '../exam/exam.service.js';
import { canPrintForStudent, canPrintForTest, canSeeHeldSheet, studentFitsTest } from './omr.policy.js';
import type { OmrRepository, OmrSheetRow, OmrStudent, OmrTest } from './omr.repository.js';
import { sheetRollNumber } from './omr.roll.js';

/** What the answer sheets ask of the exam module: recording a paper attempt, and attempts' scores. */
export interface OmrAttempts {
  recordPaperAttempt(input: PaperAttemptInput): Promise<PaperAttemptResult>;
  attemptScores(ids: string[]): Promise<Map<string, { scored: number | null; total: number }>>;
  /** The test's questions (0-based, in sheet order) a sheet cannot answer: printed "answer online", never read. */
  onlineOnlyQuestions(taskId: number): Promise<number[]>;
}

export interface OmrReviewDeps {
  repo: OmrRepository;
  clock: Clock;
  attempts: () => OmrAttempts;
}

/** The answers a sheet stands for: as read, with every person's decision applied. */
export function effectiveAnswers(row: Pick<OmrSheetRow, 'answers' | 'corrections'>): OmrAnswer[] {
  return row.answers.map((read, q) => (String(q) in row.corrections ? row.corrections[String(q)]! : read));
}

const undecided = (row: OmrSheetRow) => row.flagged.filter((q) => !(String(q) in row.corrections));

/**
 * Per student, the sheet that counts: a staff member's scan wins over the student's own upload,
 * and a later upload over an earlier one of the same source.
 */
export function winners(rows: OmrSheetRow[]): Set<number> {
  const best = new Map<number, OmrSheetRow>();
  for (const row of rows) {
    if (row.studentId === null) continue;
    const current = best.get(row.studentId);
    const rank = (r: OmrSheetRow) => [r.source === 'staff' ? 1 : 0, r.createdAt.getTime(), r.id];
    const better = !current || (() => {
      const [a, b] = [rank(row), rank(current)];
      for (let i = 0; i < a.length; i += 1) if (a[i]! !== b[i]!) return a[i]! > b[i]!;
      return false;
    })();
    if (better) best.set(row.studentId, row);
  }
  return new Set([...best.values()].map((r) => r.id));
}

export function stateOf(row: OmrSheetRow, winning: Set<number>): OmrSheetState {
  if (row.studentId === null) return 'held';
  if (!winning.has(row.id)) return 'superseded';
  if (undecided(row).length > 0) return 'toCheck';
  if (row.attemptId && row.publishedRevision === row.revision) return 'published';
  return 'ready';
}

const studentName = (s: OmrStudent) => `${s.firstName} ${s.lastName}`.trim();
const answerLabel = (a: OmrAnswer | undefined) => (a === undefined ? null : a === null ? 'none' : a === 'invalid' ? 'invalid' : 'ABCD'[a]);

/** Staff: the read sheets of a test, their correction, assignment and publishing. */
export function createOmrReview(deps: OmrReviewDeps) {
  const { repo, clock } = deps;

  async function testInScope(actor: Actor, taskId: number): Promise<OmrTest> {
    const test = await repo.findTest(taskId);
    if (!test || !canPrintForTest(actor, test)) throw new AppError(OMR_ERRORS.OMR_TEST_NOT_FOUND);
    return test;
  }

  /** A sheet is seen by staff who reach its student, or, while it is held, by staff where it was uploaded. */
  function visible(actor: Actor, row: OmrSheetRow, students: Map<number, OmrStudent>): boolean {
    if (row.source === 'student' && !row.submittedAt) return false;
    if (row.studentId === null) return canSeeHeldSheet(actor, row);
    const student = students.get(row.studentId);
    return !!student && canPrintForStudent(actor, student);
  }

  /** The sheet and its test when the actor may see it; anything else is "not found". */
  async function sheetInScope(actor: Actor, sheetId: number) {
    const row = await repo.findSheet(sheetId);
    if (!row) throw new AppError(OMR_ERRORS.OMR_SHEET_NOT_FOUND);
    const test = await repo.findTest(row.taskId);
    const students = new Map((await repo.findStudents(row.studentId ? [row.studentId] : [])).map((s) => [s.userId, s]));
    if (!test || !canPrintForTest(actor, test) || !visible(actor, row, students)) throw new AppError(OMR_ERRORS.OMR_SHEET_NOT_FOUND);
    return { row, test, student: row.studentId ? (students.get(row.studentId) ?? null) : null };
  }

  async function summaries(rows: OmrSheetRow[], all: OmrSheetRow[], students: Map<number, OmrStudent>): Promise<OmrSheetSummary[]> {
    const winning = winners(all);
    const scores = await deps.attempts().attemptScores(rows.flatMap((r) => (r.attemptId ? [r.attemptId] : [])));
    return rows.map((row) => {
      const student = row.studentId ? students.get(row.studentId) : undefined;
      const score = row.attemptId ? scores.get(row.attemptId) : undefined;
      const state = stateOf(row, winning);
      return {
        id: row.id,
        taskId: row.taskId,
        source: row.source as 'staff' | 'student',
        page: row.page,
        state,
        rollNumber: row.rollNumber,
        rollFlagged: row.rollFlagged,
        student: student ? { id: student.userId, name: studentName(student), rollNumber: sheetRollNumber(student) } : null,
        answered: effectiveAnswers(row).filter((a) => a !== null).length,
        toCheck: undecided(row).length,
        scored: state === 'published' ? (score?.scored ?? null) : null,
        total: state === 'published' ? (score?.total ?? null) : null,
        uploadedAt: row.createdAt.toISOString(),
        publishedOnce: row.attemptId !== null,
      };
    });
  }

  async function detail(actor: Actor, row: OmrSheetRow): Promise<OmrSheetDetail> {
    const all = await repo.listSheetsOfTask(row.taskId, row.clientId);
    const students = new Map((await repo.findStudents(row.studentId ? [row.studentId] : [])).map((s) => [s.userId, s]));
    const [summary] = await summaries([row], all, students);
    const answers = effectiveAnswers(row);
    let studentDiffers: OmrSheetDetail['studentDiffers'] = null;
    if (row.source === 'staff' && row.studentId !== null) {
      const own = await repo.latestStudentSheet(row.taskId, row.studentId, row.id);
      if (own) {
        const theirs = effectiveAnswers(own);
        studentDiffers = answers.flatMap((staff, question) => (theirs[question] !== staff ? [{ question, staff, student: theirs[question] ?? null }] : []));
      }
    }
    const flaggedSet = new Set(row.flagged);
    return {
      ...summary!,
      answers,
      flagged: row.flagged.map((question) => ({
        question,
        read: row.answers[question] ?? null,
        ...(String(question) in row.corrections ? { decided: row.corrections[String(question)]! } : {}),
        crop: row.crops.questions[String(question)] ?? null,
      })),
      corrected: Object.entries(row.corrections)
        .map(([q, decided]) => ({ question: Number(q), read: row.answers[Number(q)] ?? null, decided }))
        .filter((c) => !flaggedSet.has(c.question))
        .sort((a, b) => a.question - b.question),
      rollCrop: row.crops.roll ?? null,
      studentDiffers,
    };
  }

  return {
    async review(actor: Actor, query: { taskId: number }): Promise<OmrReview> {
      const test = await testInScope(actor, query.taskId);
      const all = await repo.listSheetsOfTask(test.id, actor.clientId);
      const students = new Map((await repo.findStudents(all.flatMap((r) => (r.studentId ? [r.studentId] : [])))).map((s) => [s.userId, s]));
      const mine = all.filter((row) => visible(actor, row, students));
      return { taskId: test.id, questionCount: test.questionCount, sheets: await summaries(mine, all, students) };
    },

    async sheet(actor: Actor, query: { id: number }): Promise<OmrSheetDetail> {
      const { row } = await sheetInScope(actor, query.id);
      return detail(actor, row);
    },

    /** A person's decisions on a sheet's answers: kept beside what was read, audited. */
    async correct(actor: Actor, body: OmrCorrectBody): Promise<OmrSheetDetail> {
      const { row } = await sheetInScope(actor, body.sheetId);
      if (body.corrections.some((c) => c.question >= row.answers.length)) throw new AppError(OMR_ERRORS.OMR_QUESTION_OUT_OF_RANGE);
      const corrections = { ...row.corrections };
      for (const c of body.corrections) corrections[String(c.question)] = c.answer;
      const changed = body.corrections.map((c) => ({ question: c.question + 1, read: answerLabel(row.answers[c.question]), before: answerLabel(row.corrections[String(c.question)]), after: answerLabel(c.answer) }));
      const updated = await repo.updateSheet(row.id, { corrections, revision: row.revision + 1, updatedAt: clock.now() }, (tx: Db) =>
        recordAudit(tx, actor, { action: 'omr.correctSheet', targetType: 'omr_sheet', targetId: row.id, targetUserId: row.studentId, instituteId: row.instituteId, after: { taskId: row.taskId, changed } }),
      );
      return detail(actor, updated);
    },

    /** Students in scope who may take the test, for a held sheet. */
    async candidates(actor: Actor, query: { sheetId: number; search: string }): Promise<OmrCandidate[]> {
      const { test } = await sheetInScope(actor, query.sheetId);
      const institute = actor.role === 'ClientAdmin' ? test.course.instituteId : actor.instituteId;
      const rows = await repo.searchStudents(test.course.clientId, institute, query.search, 100);
      return rows
        .filter((s) => canPrintForStudent(actor, s) && studentFitsTest(s, test))
        .slice(0, 20)
        .map((s) => ({ id: s.userId, name: studentName(s), rollNumber: sheetRollNumber(s), className: s.className }));
    },

    /** Files a sheet under a student in scope (a held sheet, or a misread roll number); audited. */
    async assign(actor: Actor, body: { sheetId: number; studentId: number }): Promise<OmrSheetDetail> {
      const { row, test } = await sheetInScope(actor, body.sheetId);
      const [student] = await repo.findStudents([body.studentId]);
      if (row.attemptId && row.studentId !== body.studentId) throw new AppError(OMR_ERRORS.OMR_SHEET_PUBLISHED);
      if (!student || !isStudentRole(student.role) || !canPrintForStudent(actor, student) || !studentFitsTest(student, test)) throw new AppError(OMR_ERRORS.OMR_STUDENT_NOT_FOUND);
      const updated = await repo.updateSheet(row.id, { studentId: student.userId, revision: row.revision + 1, updatedAt: clock.now() }, (tx: Db) =>
        recordAudit(tx, actor, {
          action: 'omr.assignSheet',
          targetType: 'omr_sheet',
          targetId: row.id,
          targetUserId: student.userId,
          instituteId: student.instituteId,
          before: { studentId: row.studentId },
          after: { studentId: student.userId, taskId: row.taskId },
        }),
      );
      return detail(actor, updated);
    },

    /**
     * Scores every confirmed sheet of the test the actor reaches as a paper attempt. A sheet
     * already published and unchanged is left alone; a changed one re-scores the same attempt.
     */
    async publish(actor: Actor, body: { taskId: number }): Promise<OmrPublishResult> {
      const test = await testInScope(actor, body.taskId);
      const all = await repo.listSheetsOfTask(test.id, actor.clientId);
      const students = new Map((await repo.findStudents(all.flatMap((r) => (r.studentId ? [r.studentId] : [])))).map((s) => [s.userId, s]));
      const winning = winners(all);
      const result: OmrPublishResult = { created: 0, updated: 0, unchanged: 0, held: 0, toCheck: 0 };
      for (const row of all.filter((r) => visible(actor, r, students))) {
        const state = stateOf(row, winning);
        if (state === 'held') result.held += 1;
        else if (state === 'toCheck') result.toCheck += 1;
        else if (state === 'published') result.unchanged += 1;
        else if (state === 'ready') {
          const paper = await deps.attempts().recordPaperAttempt({ userId: row.studentId!, taskId: test.id, choices: effectiveAnswers(row), at: row.createdAt });
          await repo.updateSheet(row.id, { attemptId: paper.attemptId, publishedAt: clock.now(), publishedRevision: row.revision }, (tx: Db) =>
            recordAudit(tx, actor, {
              action: 'omr.publishSheet',
              targetType: 'omr_sheet',
              targetId: row.id,
              targetUserId: row.studentId,
              instituteId: students.get(row.studentId!)?.instituteId ?? row.instituteId,
              after: { taskId: test.id, attemptId: paper.attemptId, scored: paper.scored, total: paper.total },
            }),
          );
          if (paper.created) result.created += 1;
          else result.updated += 1;
        }
      }
      return result;
    },
  };
}
