import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, like, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { createExamContent, type TaskBundle } from '../../modules/academy/student/academy.student.exam-content.js';
import { createAcademyRepository } from '../../modules/academy/student/academy.student.repository.js';
import type { AnswerRow, AttemptRow } from '../../modules/exam/exam.service.js';
import { scoreAll, STATUS_LETTER } from '../../modules/grading/grading.scoring.js';
import { createQuestionBankRepository } from '../../modules/question-bank/question-bank.repository.js';
import { createQuestionBankService } from '../../modules/question-bank/question-bank.service.js';
import { summariseAttempt, type AttemptSummary } from '../../modules/reports/shared/reports.summary.js';
import {
  attemptQuestionVersions,
  attemptSummaries,
  classes,
  courses,
  type examAnswers,
  examAttempts,
  institutes,
  summaryLayouts,
  taskProgress,
  taskQuestions,
  taskSections,
  tasks,
  testSchedules,
  topics,
  users,
} from '../schema/index.js';
import { COURSE_EN } from './seed-academy.js';
import { NEET_MOCK_NAME } from './neet-mock.js';

type Db = AppDeps['db'];

/**
 * A term of past unit tests for the demo roster (sunrise.s001–s200), so that the staff Dashboard,
 * the Reports matrix, Exam Report statistics, the institution's reports and the at-risk list show
 * real figures on a fresh start. Four unit tests of 12 NEET-mock questions (three per subject)
 * were taken 5, 4, 3 and 2 weeks ago; abilities, times and answer changes are drawn from a fixed
 * seed, so every start makes the same data. A few students retook the first tests, a few missed
 * some (the last two were scheduled for class 11, so a class-11 student who missed them is at
 * risk), and some students' scores fall test after test.
 *
 * Rows are scored and summarised by the same functions as a submit (grading's scoreAll, the
 * reports' summariseAttempt), and written as a submit writes them: the attempt with its totals,
 * one answer row per question (unanswered ones too), the summary and the course progress.
 * Idempotent: nothing is written once the unit tests have attempts.
 */

export const UNIT_TESTS_TOPIC = 'Unit tests (past)';
export const UNIT_TESTS = ['Unit Test 1', 'Unit Test 2', 'Unit Test 3', 'Unit Test 4'] as const;
const QUESTIONS_PER_SUBJECT = 3;
const DURATION_MINUTES = 20;
const DAY_MS = 24 * 60 * 60_000;
/** Weeks before now that each unit test was held. */
const WEEKS_AGO = [5, 4, 3, 2] as const;
/** The tests scheduled for class 11 (the later ones, within the dashboard's missed-test window). */
const SCHEDULED_FOR_CLASS_11 = [2, 3] as const;

/** A small deterministic generator (mulberry32), so that the demo is the same on every machine. */
export function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function seedDemoAttempts(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<void> {
  const { db, clock } = deps;
  const [sunrise] = await db.select({ id: institutes.id }).from(institutes).where(eq(institutes.name, 'Sunrise Academy')).limit(1);
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.name, COURSE_EN)).limit(1);
  if (!sunrise || !course) return;
  const roster = await db
    .select({ id: users.id, username: users.username, classId: users.classId })
    .from(users)
    .where(and(like(users.username, 'sunrise.s%'), eq(users.instituteId, sunrise.id)))
    .orderBy(asc(users.username));
  if (roster.length === 0) return;

  const taskIds = await ensureUnitTests(db, course.id);
  if (taskIds.length !== UNIT_TESTS.length) return;
  const [taken] = await db.select({ n: count() }).from(examAttempts).where(inArray(examAttempts.taskId, taskIds));
  if ((taken?.n ?? 0) > 0) return;

  const content = createExamContent(createAcademyRepository(db), createQuestionBankService({ repo: createQuestionBankRepository(db), clock, grading: () => null }));
  const bundles: TaskBundle[] = [];
  for (const taskId of taskIds) {
    const bundle = await content.loadTestBundle(taskId);
    if (!bundle) return;
    bundles.push(bundle);
  }

  const now = clock.now();
  const [class11] = await db.select({ id: classes.id }).from(classes).where(and(eq(classes.instituteId, sunrise.id), eq(classes.name, '11')));
  const heldAt = WEEKS_AGO.map((weeks) => new Date(now.getTime() - weeks * 7 * DAY_MS));
  // The class-11 windows are the shifts its students sat those tests in (decision 066); class 12 sat them unscheduled.
  const shiftOf = new Map<number, number>();
  if (class11) {
    const windows = await db
      .insert(testSchedules)
      .values(
        SCHEDULED_FOR_CLASS_11.map((i) => ({
          taskId: taskIds[i]!,
          instituteId: sunrise.id,
          classId: class11.id,
          sectionId: null,
          opensAt: heldAt[i]!,
          closesAt: new Date(heldAt[i]!.getTime() + 2 * DAY_MS),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: testSchedules.id, taskId: testSchedules.taskId });
    for (const window of windows) shiftOf.set(window.taskId, window.id);
  }

  const random = generator(20261124);
  const attemptRows: (typeof examAttempts.$inferInsert)[] = [];
  const servedRows: (typeof attemptQuestionVersions.$inferInsert)[] = [];
  const answerRows: (typeof examAnswers.$inferInsert)[] = [];
  const summaryRows: SeededSummary[] = [];
  const progressRows = new Map<string, typeof taskProgress.$inferInsert>();
  // Per question: how hard it is (the chance a typical student gets it right shifts by this).
  const hardness = bundles.map((b) => b.maps.map(() => (random() - 0.5) * 0.5));

  const take = (student: (typeof roster)[number], test: number, ability: number, startedAt: Date, isFirstAttempt: boolean) => {
    const bundle = bundles[test]!;
    const id = randomUUID();
    const answers: AnswerRow[] = [];
    let clockSeconds = 0;
    bundle.maps.forEach((map, q) => {
      const options = (map.question.options ?? []).map((o) => o.answerID).filter((v): v is number => typeof v === 'number');
      const key = typeof map.question.correctAnswerId === 'number' ? map.question.correctAnswerId : null;
      const wrongOptions = options.filter((o) => o !== key);
      const pick = (right: boolean) => (right || wrongOptions.length === 0 ? key : wrongOptions[Math.floor(random() * wrongOptions.length)]!);
      // Weaker students leave more blank and take longer.
      const timeSpent = Math.round(25 + random() * 60 + (1 - ability) * 50);
      clockSeconds += timeSpent;
      if (key === null || random() < 0.12 - ability * 0.1) return;
      const right = random() < Math.min(0.97, Math.max(0.05, ability - hardness[test]![q]!));
      const answerId = pick(right);
      // One answer in ten was changed once: the first was right or wrong, independently of the final one.
      const first = random() < 0.1 ? pick(random() < ability) : answerId;
      answers.push(seededAnswerRow({ attemptId: id, questionTaskMapId: map.mapId, answerId, firstAnswerId: first, timeSpentSeconds: timeSpent, at: startedAt }));
    });
    const submittedAt = new Date(startedAt.getTime() + Math.min(DURATION_MINUTES * 60, clockSeconds + 45) * 1000);
    const scored = scoreAll(bundle, answers);
    const { scores } = scored;
    const attempt = seededAttemptRow({
      id,
      userId: student.id,
      served: bundle,
      startedAt,
      submittedAt,
      durationMinutes: DURATION_MINUTES,
      scored,
      shiftId: class11 && student.classId === class11.id ? (shiftOf.get(bundle.task.id) ?? null) : null,
    });
    attemptRows.push(attempt);
    // The versions served, as a start records them (item calibration reads responses per version).
    servedRows.push(...bundle.maps.map((map) => ({ attemptId: id, questionTaskMapId: map.mapId, questionId: map.question.id, questionVersionId: map.question.versionId })));
    // As writeScores leaves them: the answers given, and every question's marks on the attempt.
    answerRows.push(...answers);
    const summary = summariseAttempt({ ...attempt, sectionState: [], activeSectionIndex: null, activeSectionDeadlineAt: null } as unknown as AttemptRow, bundle, answers, scores);
    summaryRows.push({ ...summary, isFirstAttempt, updatedAt: submittedAt });
    const progressKey = `${student.id}:${bundle.task.id}`;
    if (!progressRows.has(progressKey)) progressRows.set(progressKey, { userId: student.id, taskId: bundle.task.id, courseId: bundle.task.courseId, isCompleted: true, completedAt: submittedAt });
  };

  roster.forEach((student, index) => {
    // Abilities from about 0.3 to 0.95; one student in eight falls test after test.
    const base = 0.3 + random() * 0.65;
    const falling = index % 8 === 5;
    UNIT_TESTS.forEach((_, test) => {
      // About one student in twenty-five missed each test.
      if (random() < 0.04) return;
      const ability = falling ? Math.max(0.15, base + 0.15 - test * 0.12) : Math.min(0.95, Math.max(0.2, base + (random() - 0.5) * 0.12));
      // Sat on the day the test was held, between 9:00 and 15:00 India time (03:30–09:30 UTC).
      const day = new Date(heldAt[test]!);
      day.setUTCHours(3, 30, 0, 0);
      const startedAt = new Date(day.getTime() + Math.floor(random() * 6 * 60) * 60_000);
      take(student, test, ability, startedAt, true);
      // One in ten retook one of the first two tests a few days later, a little better prepared.
      if (test < 2 && random() < 0.1) take(student, test, Math.min(0.95, ability + 0.1), new Date(startedAt.getTime() + (2 + Math.floor(random() * 3)) * DAY_MS), false);
    });
  });

  await writeSubmittedAttempts(db, { attemptRows, servedRows, answerRows, summaryRows, progressRows: [...progressRows.values()] });
}


/** A seeded answer of one choice, as the player stores it (changed once when the first choice differs), not yet marked. */
export function seededAnswerRow(a: { attemptId: string; questionTaskMapId: number; answerId: number | null; firstAnswerId?: number | null; timeSpentSeconds: number; at: Date }): AnswerRow {
  const first = a.firstAnswerId === undefined ? a.answerId : a.firstAnswerId;
  const changeCount = first === a.answerId ? 0 : 1;
  return {
    attemptId: a.attemptId,
    questionTaskMapId: a.questionTaskMapId,
    seq: 1 + changeCount,
    answerId: a.answerId,
    answerData: null,
    timeSpentSeconds: a.timeSpentSeconds,
    isMarked: false,
    firstAnswer: { id: first, data: null },
    changeCount,
    isRevealed: false,
    evaluatedFraction: null,
    evaluatedAt: null,
    teacherMarks: null,
    markedBy: null,
    teacherComment: null,
    marksAwarded: null,
    status: null,
    updatedAt: a.at,
  };
}

/** A seeded attempt submitted by its student, with the totals its answers scored. */
export function seededAttemptRow(a: {
  id: string;
  userId: number;
  served: TaskBundle;
  startedAt: Date;
  submittedAt: Date;
  durationMinutes: number;
  scored: ReturnType<typeof scoreAll>;
  shiftId: number | null;
}) {
  const { served } = a;
  const { scores, totals } = a.scored;
  return {
    id: a.id,
    userId: a.userId,
    taskId: served.task.id,
    courseId: served.task.courseId,
    testType: 'test',
    status: 'submitted',
    startedAt: a.startedAt,
    deadlineAt: new Date(a.startedAt.getTime() + a.durationMinutes * 60_000),
    questionOrder: served.sections.map((s) => served.maps.filter((m) => m.sectionId === s.id).map((m) => m.mapId)),
    submittedAt: a.submittedAt,
    submitReason: 'student',
    scored: totals.scored,
    total: totals.total,
    negativeMarksLost: totals.negativeMarksLost,
    pendingEvaluation: totals.pendingEvaluation,
    itemMapIds: served.maps.map((m) => m.mapId),
    itemMarks: scores.map((score) => score.marksAwarded),
    itemStatuses: scores.map((score) => STATUS_LETTER[score.status]).join(''),
    shiftId: a.shiftId,
    createdAt: a.startedAt,
  } satisfies typeof examAttempts.$inferInsert;
}

/** A summary as seeded: its row and the layout it shares (reports.summary.ts summariseAttempt). */
export type SeededSummary = AttemptSummary & { isFirstAttempt: boolean; updatedAt: Date };

/** The submitted attempts' rows, as a submit writes them, in one transaction (large inserts in chunks of one JSON parameter). */
export async function writeSubmittedAttempts(
  db: Db,
  rows: {
    attemptRows: (typeof examAttempts.$inferInsert)[];
    servedRows: (typeof attemptQuestionVersions.$inferInsert)[];
    answerRows: (typeof examAnswers.$inferInsert)[];
    summaryRows: SeededSummary[];
    progressRows: (typeof taskProgress.$inferInsert)[];
  },
): Promise<void> {
  const { attemptRows, servedRows, answerRows, summaryRows, progressRows } = rows;
  await db.transaction(async (tx) => {
    const chunked = async <T>(rows: T[], size: number, insert: (part: T[]) => Promise<unknown>) => {
      for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
    };
    await chunked(attemptRows, 500, (part) => tx.insert(examAttempts).values(part));
    // The served versions as the answers: one JSON parameter per chunk.
    await chunked(servedRows, 5000, (part) =>
      tx.execute(sql`
        INSERT INTO ${attemptQuestionVersions} (attempt_id, question_task_map_id, question_id, question_version_id)
        SELECT x.attempt_id, x.map_id, x.question_id, x.version_id
        FROM jsonb_to_recordset(${JSON.stringify(part.map((r) => ({ attempt_id: r.attemptId, map_id: r.questionTaskMapId, question_id: r.questionId, version_id: r.questionVersionId })))}::jsonb)
          AS x(attempt_id text, map_id int, question_id int, version_id int)
      `),
    );
    // Tens of thousands of answer rows: one JSON parameter per chunk rather than a parameter per value.
    await chunked(answerRows, 5000, (part) =>
      tx.execute(sql`
        INSERT INTO exam_answers (attempt_id, question_task_map_id, seq, answer_id, answer_data, time_spent_seconds, first_answer, change_count, updated_at)
        SELECT x.attempt_id, x.map_id, x.seq, x.answer_id, x.answer_data, coalesce(x.time_spent, 0), x.first_answer, coalesce(x.change_count, 0), x.updated_at
        FROM jsonb_to_recordset(${JSON.stringify(
          part.map((a) => ({
            attempt_id: a.attemptId,
            map_id: a.questionTaskMapId,
            seq: a.seq,
            answer_id: a.answerId ?? null,
            answer_data: a.answerData ?? null,
            time_spent: a.timeSpentSeconds ?? 0,
            first_answer: a.firstAnswer ?? null,
            change_count: a.changeCount ?? 0,
            updated_at: a.updatedAt,
          })),
        )}::jsonb) AS x(attempt_id text, map_id int, seq int, answer_id jsonb, answer_data jsonb, time_spent int, first_answer jsonb, change_count int, updated_at timestamptz)
      `),
    );
    // The layouts first, each once (the summaries of one test share theirs), then the summaries without them.
    const layouts = new Map(summaryRows.map((r) => [r.layout.key, r.layout]));
    await chunked([...layouts.values()], 100, (part) =>
      tx.insert(summaryLayouts).values(part.map((l) => ({ key: l.key, taskId: l.taskId, questions: l.questions }))).onConflictDoNothing(),
    );
    await chunked(summaryRows, 100, (part) => tx.insert(attemptSummaries).values(part.map(({ layout: _layout, ...row }) => row)));
    await chunked(progressRows, 1000, (part) => tx.insert(taskProgress).values(part).onConflictDoNothing());
  });
}

/** The unit tests (made once): three questions per subject from the NEET mock, different ones in each test. */
async function ensureUnitTests(db: Db, courseId: number): Promise<number[]> {
  let [topic] = await db.select({ id: topics.id }).from(topics).where(and(eq(topics.courseId, courseId), eq(topics.name, UNIT_TESTS_TOPIC)));
  if (!topic) {
    [topic] = await db
      .insert(topics)
      .values({ courseId, name: UNIT_TESTS_TOPIC, description: 'The term’s unit tests, with everyone’s results.', sortOrder: 98 })
      .returning({ id: topics.id });
  }
  const existing = await db.select({ id: tasks.id, name: tasks.name }).from(tasks).where(and(eq(tasks.topicId, topic!.id), inArray(tasks.name, [...UNIT_TESTS])));
  if (existing.length === UNIT_TESTS.length) return UNIT_TESTS.map((name) => existing.find((e) => e.name === name)!.id);

  const [mock] = await db.select({ id: tasks.id }).from(tasks).where(and(eq(tasks.courseId, courseId), eq(tasks.name, NEET_MOCK_NAME))).limit(1);
  if (!mock) return [];
  const placed = await db
    .select({ questionId: taskQuestions.questionId, section: taskSections.name, sectionIndex: taskSections.sectionIndex })
    .from(taskQuestions)
    .innerJoin(taskSections, eq(taskSections.id, taskQuestions.sectionId))
    .where(and(eq(taskQuestions.taskId, mock.id), eq(taskQuestions.isDrawn, false)))
    .orderBy(asc(taskSections.sectionIndex), asc(taskQuestions.sortOrder));
  const subjects = [...new Map(placed.map((p) => [p.sectionIndex, p.section])).entries()];
  const ids: number[] = [];
  for (const [i, name] of UNIT_TESTS.entries()) {
    const found = existing.find((e) => e.name === name);
    if (found) {
      ids.push(found.id);
      continue;
    }
    const [task] = await db
      .insert(tasks)
      .values({ courseId, topicId: topic!.id, name, kind: 'test', testType: 'test', durationMinutes: DURATION_MINUTES, sortOrder: i, instructions: '<p>A unit test of the term: three questions from each subject.</p>' })
      .returning({ id: tasks.id });
    for (const [sectionIndex, [index, section]] of subjects.entries()) {
      const [row] = await db.insert(taskSections).values({ taskId: task!.id, sectionIndex, name: section }).returning({ id: taskSections.id });
      const questionIds = placed.filter((p) => p.sectionIndex === index).slice(i * QUESTIONS_PER_SUBJECT, (i + 1) * QUESTIONS_PER_SUBJECT);
      if (questionIds.length) await db.insert(taskQuestions).values(questionIds.map((p, sortOrder) => ({ taskId: task!.id, sectionId: row!.id, questionId: p.questionId, sortOrder })));
    }
    ids.push(task!.id);
  }
  return ids;
}
