import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, like, ne, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { createExamContent, type TaskBundle } from '../../modules/academy/student/academy.student.exam-content.js';
import { createAcademyRepository } from '../../modules/academy/student/academy.student.repository.js';
import type { AnswerRow, AttemptRow } from '../../modules/exam/exam.service.js';
import { scoreAll } from '../../modules/grading/grading.scoring.js';
import { calibrate } from '../../modules/psychometrics/psychometrics.irt.js';
import { createPsychometricsRepository } from '../../modules/psychometrics/psychometrics.repository.js';
import { readCalibrationData } from '../../modules/psychometrics/psychometrics.responses.js';
import { CALIBRATION_NIGHTLY_MIN_RESPONSES, calibrationRows } from '../../modules/psychometrics/psychometrics.service.js';
import { createQuestionBankRepository } from '../../modules/question-bank/question-bank.repository.js';
import { createQuestionBankService } from '../../modules/question-bank/question-bank.service.js';
import { summariseAttempt } from '../../modules/reports/shared/reports.summary.js';
import {
  type attemptQuestionVersions,
  classes,
  courses,
  examAnswers,
  examAttempts,
  institutes,
  itemCalibrations,
  questionTopics,
  type taskProgress,
  taskQuestions,
  taskSections,
  tasks,
  testSchedules,
  topics,
  users,
} from '../schema/index.js';
import { COURSE_EN } from './seed-academy.js';
import { UNIT_TESTS_TOPIC, generator, seededAnswerRow, seededAttemptRow, writeSubmittedAttempts, type SeededSummary } from './seed-demo-attempts.js';
import { NEET_MOCK_NAME } from './neet-mock.js';

/**
 * A mock sat in two shifts (decision 066), so that the Exam Report's scores across shifts show
 * equated scores on a fresh start: class 11 sat it in one test window, class 12 in the next day's,
 * and each shift was served its own draw of questions (four sections drawing ten questions each
 * from the NEET mock's chapters of their subject), drawn by the same `drawForAttempt` and
 * `shift:<id>` seed a start uses. Answers follow a two-parameter logistic model (each question a
 * fixed difficulty and slope, each student an ability), so the shifts' forms differ in difficulty
 * as real draws do. The attempts are scored and summarised as in seed-demo-attempts; Sunrise's
 * bank is then calibrated in place (the same reading, estimator and rows as the calibration job),
 * since the nightly job would only run a day later.
 * Idempotent: nothing is written once the mock has attempts, and the calibration only when Sunrise
 * has none.
 */

export const SHIFT_MOCK_NAME = 'Two-Shift Mock';
const QUESTIONS_PER_SECTION = 10;
const DURATION_MINUTES = 60;
const DAY_MS = 24 * 60 * 60_000;
/** Days before now that each shift's window opened (class 11 first, then class 12). */
const DAYS_AGO = [9, 8] as const;
const WINDOW_HOURS = 3;

export async function seedShiftMock(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<void> {
  const { db, clock } = deps;
  const [sunrise] = await db.select({ id: institutes.id, clientId: institutes.clientId }).from(institutes).where(eq(institutes.name, 'Sunrise Academy')).limit(1);
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.name, COURSE_EN)).limit(1);
  if (!sunrise || !course) return;
  const classRows = await db.select({ id: classes.id, name: classes.name }).from(classes).where(eq(classes.instituteId, sunrise.id));
  const shiftClasses = ['11', '12'].map((name) => classRows.find((c) => c.name === name));
  if (shiftClasses.some((c) => !c)) return;
  const roster = await db
    .select({ id: users.id, classId: users.classId })
    .from(users)
    .where(and(like(users.username, 'sunrise.s%'), eq(users.instituteId, sunrise.id)))
    .orderBy(asc(users.username));
  if (roster.length === 0) return;

  const taskId = await ensureShiftMock(db, course.id);
  if (taskId === null) return;
  const [taken] = await db.select({ n: count() }).from(examAttempts).where(eq(examAttempts.taskId, taskId));
  if ((taken?.n ?? 0) === 0) await writeAttempts(deps, { taskId, instituteId: sunrise.id, classIds: shiftClasses.map((c) => c!.id), roster });

  const scope = { clientId: sunrise.clientId, instituteId: sunrise.id };
  const [calibrated] = await db
    .select({ n: count() })
    .from(itemCalibrations)
    .where(and(eq(itemCalibrations.clientId, scope.clientId), eq(itemCalibrations.instituteId, scope.instituteId)));
  if ((calibrated?.n ?? 0) > 0) return;
  const repo = createPsychometricsRepository(db);
  const data = await readCalibrationData(repo.responseBatches(scope));
  if (data.items.length === 0) return;
  const result = calibrate(data.matrix, { model: '2pl', minResponses: CALIBRATION_NIGHTLY_MIN_RESPONSES });
  const rows = calibrationRows(scope, '2pl', data, result, clock.now(), null);
  await repo.transaction((tx) => repo.replaceScope(tx, scope, rows));
}

/** A question's simulated difficulty and slope, fixed by its id so that both shifts see the same item. */
function itemOf(questionId: number): { difficulty: number; discrimination: number } {
  const random = generator(questionId * 7919 + 17);
  return { difficulty: -1.6 + random() * 3.2, discrimination: 0.7 + random() * 1.1 };
}

/**
 * Each student's ability on a standard scale from their unit-test answers: the logit of their
 * share right, standardised over the roster.
 */
async function unitTestAbilities(db: AppDeps['db'], userIds: number[]): Promise<Map<number, number>> {
  const unitTests = db.select({ id: tasks.id }).from(tasks).innerJoin(topics, eq(topics.id, tasks.topicId)).where(and(eq(topics.name, UNIT_TESTS_TOPIC), ne(tasks.name, SHIFT_MOCK_NAME)));
  // The letters of the attempts' statuses (decision 086): c correct; c, p or w answered.
  const rows = await db
    .select({
      userId: examAttempts.userId,
      right: sql<number>`sum(length(${examAttempts.itemStatuses}) - length(replace(${examAttempts.itemStatuses}, 'c', '')))`.mapWith(Number),
      answered: sql<number>`sum(length(regexp_replace(${examAttempts.itemStatuses}, '[^cpw]', '', 'g')))`.mapWith(Number),
    })
    .from(examAttempts)
    .where(and(inArray(examAttempts.taskId, unitTests), inArray(examAttempts.userId, userIds)))
    .groupBy(examAttempts.userId);
  const logits = rows.filter((r) => r.answered > 0).map((r) => ({ userId: r.userId, x: Math.log((r.right + 0.5) / (r.answered - r.right + 0.5)) }));
  if (logits.length < 2) return new Map();
  const mean = logits.reduce((s, r) => s + r.x, 0) / logits.length;
  const sd = Math.sqrt(logits.reduce((s, r) => s + (r.x - mean) ** 2, 0) / (logits.length - 1)) || 1;
  return new Map(logits.map((r) => [r.userId, (r.x - mean) / sd]));
}

/** A draw from the standard normal (Box–Muller). */
function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

async function writeAttempts(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  place: { taskId: number; instituteId: number; classIds: number[]; roster: Array<{ id: number; classId: number | null }> },
): Promise<void> {
  const { db, clock } = deps;
  const content = createExamContent(createAcademyRepository(db), createQuestionBankService({ repo: createQuestionBankRepository(db), clock, grading: () => null }));
  const bundle = await content.loadTestBundle(place.taskId);
  if (!bundle) return;
  const now = clock.now();
  // One window per class: its shift, with the draw every attempt in it is served.
  const shifts: Array<{ id: number; classId: number; opensAt: Date; served: TaskBundle }> = [];
  for (const [i, classId] of place.classIds.entries()) {
    const opensAt = new Date(now.getTime() - DAYS_AGO[i]! * DAY_MS);
    opensAt.setUTCHours(4, 0, 0, 0);
    const [window] = await db
      .insert(testSchedules)
      .values({ taskId: place.taskId, instituteId: place.instituteId, classId, sectionId: null, opensAt, closesAt: new Date(opensAt.getTime() + WINDOW_HOURS * 3_600_000) })
      .returning({ id: testSchedules.id });
    const drawn = await content.drawForAttempt(bundle, `shift:${window!.id}`);
    shifts.push({ id: window!.id, classId, opensAt, served: { ...bundle, maps: [...bundle.maps, ...drawn] } });
  }

  const random = generator(20261129);
  const abilities = await unitTestAbilities(db, place.roster.map((r) => r.id));
  const attemptRows: (typeof examAttempts.$inferInsert)[] = [];
  const servedRows: (typeof attemptQuestionVersions.$inferInsert)[] = [];
  const answerRows: (typeof examAnswers.$inferInsert)[] = [];
  const summaryRows: SeededSummary[] = [];
  const progressRows: (typeof taskProgress.$inferInsert)[] = [];
  for (const student of place.roster) {
    const shift = shifts.find((s) => s.classId === student.classId);
    // About one student in twenty missed their shift.
    if (!shift || random() < 0.05) continue;
    const served = shift.served;
    // The student's ability as the unit tests showed it (one trait across the bank, as calibration assumes), or a draw for one who sat none.
    const ability = (abilities.get(student.id) ?? normal(random)) + 0.3 * normal(random);
    const id = randomUUID();
    const startedAt = new Date(shift.opensAt.getTime() + Math.floor(random() * 30) * 60_000);
    const answers: AnswerRow[] = [];
    let seconds = 0;
    for (const map of served.maps) {
      const key = typeof map.question.correctAnswerId === 'number' ? map.question.correctAnswerId : null;
      const options = (map.question.options ?? []).map((o) => o.answerID).filter((v): v is number => typeof v === 'number' && v !== key);
      const timeSpent = Math.round(30 + random() * 50);
      seconds += timeSpent;
      // A few left blank, more by weaker students; the rest answered by the model.
      if (key === null || random() < 0.06 - ability * 0.03) continue;
      const { difficulty, discrimination } = itemOf(map.question.id);
      const right = options.length === 0 || random() < 1 / (1 + Math.exp(-discrimination * (ability - difficulty)));
      const answerId = right ? key : options[Math.floor(random() * options.length)]!;
      answers.push(seededAnswerRow({ attemptId: id, questionTaskMapId: map.mapId, answerId, timeSpentSeconds: timeSpent, at: startedAt }));
    }
    const submittedAt = new Date(startedAt.getTime() + Math.min(DURATION_MINUTES * 60, seconds + 60) * 1000);
    const scored = scoreAll(served, answers);
    const attempt = seededAttemptRow({ id, userId: student.id, served, startedAt, submittedAt, durationMinutes: DURATION_MINUTES, scored, shiftId: shift.id });
    attemptRows.push(attempt);
    // The drawn versions, as a start records them.
    servedRows.push(...served.maps.map((map) => ({ attemptId: id, questionTaskMapId: map.mapId, questionId: map.question.id, questionVersionId: map.question.versionId })));
    answerRows.push(...answers);
    const summary = summariseAttempt({ ...attempt, sectionState: [], activeSectionIndex: null, activeSectionDeadlineAt: null } as unknown as AttemptRow, served, answers, scored.scores);
    summaryRows.push({ ...summary, isFirstAttempt: true, updatedAt: submittedAt });
    progressRows.push({ userId: student.id, taskId: served.task.id, courseId: served.task.courseId, isCompleted: true, completedAt: submittedAt });
  }
  await writeSubmittedAttempts(db, { attemptRows, servedRows, answerRows, summaryRows, progressRows });
}

/** The mock (made once), beside the unit tests: one section per NEET mock subject, each drawing from that subject's chapters. */
async function ensureShiftMock(db: AppDeps['db'], courseId: number): Promise<number | null> {
  const [topic] = await db.select({ id: topics.id }).from(topics).where(and(eq(topics.courseId, courseId), eq(topics.name, UNIT_TESTS_TOPIC)));
  if (!topic) return null;
  const [existing] = await db.select({ id: tasks.id }).from(tasks).where(and(eq(tasks.topicId, topic.id), eq(tasks.name, SHIFT_MOCK_NAME)));
  if (existing) return existing.id;
  const [mock] = await db.select({ id: tasks.id }).from(tasks).where(and(eq(tasks.courseId, courseId), eq(tasks.name, NEET_MOCK_NAME))).limit(1);
  if (!mock) return null;
  // Each subject's chapters: those its NEET mock questions are filed under.
  const filed = await db
    .select({ section: taskSections.name, sectionIndex: taskSections.sectionIndex, topicId: questionTopics.topicId })
    .from(taskQuestions)
    .innerJoin(taskSections, eq(taskSections.id, taskQuestions.sectionId))
    .innerJoin(questionTopics, eq(questionTopics.questionId, taskQuestions.questionId))
    .where(and(eq(taskQuestions.taskId, mock.id), eq(taskQuestions.isDrawn, false)))
    .orderBy(asc(taskSections.sectionIndex));
  const subjects = new Map<number, { name: string; topicIds: Set<number> }>();
  for (const row of filed) {
    const subject = subjects.get(row.sectionIndex) ?? { name: row.section, topicIds: new Set<number>() };
    subject.topicIds.add(row.topicId);
    subjects.set(row.sectionIndex, subject);
  }
  if (subjects.size === 0) return null;
  const [task] = await db
    .insert(tasks)
    .values({
      courseId,
      topicId: topic.id,
      name: SHIFT_MOCK_NAME,
      kind: 'test',
      testType: 'test',
      durationMinutes: DURATION_MINUTES,
      sortOrder: 10,
      instructions: '<p>A mock sat in two shifts: each shift draws its own ten questions per subject. The Exam Report puts both shifts on one scale.</p>',
    })
    .returning({ id: tasks.id });
  await db.insert(taskSections).values(
    [...subjects.values()].map((subject, sectionIndex) => ({
      taskId: task!.id,
      sectionIndex,
      name: subject.name,
      questionSource: 'draw' as const,
      drawRule: { count: QUESTIONS_PER_SECTION, topicIds: [...subject.topicIds].sort((a, b) => a - b), difficulties: [], marks: 4, negativeMarks: 1 },
    })),
  );
  return task!.id;
}
