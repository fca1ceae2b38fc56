import { mergeSessionContent, type ExamContent, type ExamSession, type StudentSession } from '@app/contracts';
import type { Db } from '../../src/db/client.js';
import { courses, taskQuestions, taskSections, tasks, topics } from '../../src/db/schema/index.js';
import { insertAuthoredQuestion, type AuthoredQuestion } from '../../src/modules/question-bank/question-bank.records.js';
import type { TestApp, TestUser } from '../test-app.js';

/**
 * Factories for academy content and exam attempts, for any module's tests. Each writes real rows;
 * overrides take the table's own column names.
 */
let counter = 0;
const next = () => ++counter;

export type CourseRow = typeof courses.$inferSelect;
export type TopicRow = typeof topics.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;
/** A bank question as the factory wrote it (version 1), with its id. */
export type QuestionRow = AuthoredQuestion & { id: number };

export async function createCourse(db: Db, overrides: Partial<typeof courses.$inferInsert> = {}): Promise<CourseRow> {
  const [row] = await db.insert(courses).values({ name: `Course ${next()}`, ...overrides }).returning();
  return row!;
}

export async function createTopic(db: Db, courseId: number, overrides: Partial<typeof topics.$inferInsert> = {}): Promise<TopicRow> {
  const [row] = await db.insert(topics).values({ courseId, name: `Topic ${next()}`, ...overrides }).returning();
  return row!;
}

export async function createLesson(
  db: Db,
  courseId: number,
  topicId: number,
  overrides: Partial<typeof tasks.$inferInsert> = {},
): Promise<TaskRow> {
  const [row] = await db
    .insert(tasks)
    .values({ courseId, topicId, name: `Lesson ${next()}`, kind: 'lesson', contentType: 'richText', richText: '<p>Read this.</p>', ...overrides })
    .returning();
  return row!;
}

/** A bank question (version 1); overrides use the flat names of AuthoredQuestion. */
export async function createQuestion(db: Db, overrides: Partial<AuthoredQuestion> = {}): Promise<QuestionRow> {
  const n = next();
  const values: AuthoredQuestion = {
    questionType: 'singleChoice',
    title: `Question ${n}`,
    data: `What is ${n} + 1?`,
    options: [
      { answerID: 1, answerData: String(n) },
      { answerID: 2, answerData: String(n + 1) },
      { answerID: 3, answerData: String(n + 2) },
      { answerID: 4, answerData: String(n + 3) },
    ],
    correctAnswerId: 2,
    explanation: `${n} + 1 = ${n + 1}.`,
    marks: 4,
    negativeMarks: 1,
    ...overrides,
  };
  const id = await insertAuthoredQuestion(db, values);
  return { ...values, id };
}

export interface SectionSpec {
  name?: string;
  durationMinutes?: number;
  /** Question overrides; each becomes a question of the bank placed in this section. */
  questions?: Partial<AuthoredQuestion>[];
}

export interface BuiltTest {
  course: CourseRow;
  topic: TopicRow;
  task: TaskRow;
  sections: { id: number; sectionIndex: number; name: string; questions: { mapId: number; question: QuestionRow }[] }[];
  /** Every questionTaskMapID in authoring order. */
  mapIds: number[];
}

/**
 * A course, topic and test task with sections and questions. Defaults: a graded test of
 * 60 minutes, one section of three single-choice questions (+4/−1).
 */
export async function createTestTask(
  db: Db,
  options: { course?: CourseRow; topic?: TopicRow; task?: Partial<typeof tasks.$inferInsert>; sections?: SectionSpec[] } = {},
): Promise<BuiltTest> {
  const course = options.course ?? (await createCourse(db));
  const topic = options.topic ?? (await createTopic(db, course.id));
  const [task] = await db
    .insert(tasks)
    .values({ courseId: course.id, topicId: topic.id, name: `Test ${next()}`, kind: 'test', testType: 'test', durationMinutes: 60, ...options.task })
    .returning();
  const specs = options.sections ?? [{ questions: [{}, {}, {}] }];
  const sections: BuiltTest['sections'] = [];
  for (const [sectionIndex, spec] of specs.entries()) {
    const [section] = await db
      .insert(taskSections)
      .values({ taskId: task!.id, sectionIndex, name: spec.name ?? `Section ${sectionIndex + 1}`, durationMinutes: spec.durationMinutes ?? 0 })
      .returning();
    const placed: BuiltTest['sections'][number]['questions'] = [];
    for (const [sortOrder, overrides] of (spec.questions ?? []).entries()) {
      const question = await createQuestion(db, overrides);
      const [map] = await db
        .insert(taskQuestions)
        .values({ taskId: task!.id, sectionId: section!.id, questionId: question.id, sortOrder })
        .returning();
      placed.push({ mapId: map!.id, question });
    }
    sections.push({ id: section!.id, sectionIndex, name: section!.name, questions: placed });
  }
  return { course, topic, task: task!, sections, mapIds: sections.flatMap((s) => s.questions.map((q) => q.mapId)) };
}

/** Places an existing bank question in another task's section (reuse through questionTaskMapID). */
export async function addQuestionToTask(db: Db, taskId: number, sectionId: number, questionId: number, sortOrder = 0): Promise<number> {
  const [map] = await db.insert(taskQuestions).values({ taskId, sectionId, questionId, sortOrder }).returning();
  return map!.id;
}

/**
 * A session body as the player uses it: the served set's questions get their content from the
 * content call (as the player fetches it) under the student's state.
 */
export async function withContent(t: TestApp, user: TestUser, session: StudentSession): Promise<ExamSession> {
  if (!session.contentKey) return mergeSessionContent(session, null);
  const res = await t.call({ method: 'GET', url: `/api/exam/v1/content?key=${session.contentKey}`, headers: user.headers });
  if (res.statusCode !== 200) throw new Error(`content failed: ${res.statusCode} ${res.body}`);
  return mergeSessionContent(session, res.json().body as ExamContent);
}

/** Starts (or resumes) an attempt through the API; returns the session body with its content merged. */
export async function startAttempt(t: TestApp, user: TestUser, test: Pick<BuiltTest, 'course' | 'task'>): Promise<ExamSession> {
  const res = await t.call({
    method: 'POST',
    url: '/api/task/v1/practise',
    headers: user.headers,
    payload: { taskID: test.task.id, courseID: test.course.id, languageID: 1 },
  });
  if (res.statusCode !== 200) throw new Error(`practise failed: ${res.statusCode} ${res.body}`);
  return withContent(t, user, res.json().body as StudentSession);
}

/** Saves answers through the API. */
export function saveAnswers(
  t: TestApp,
  user: TestUser,
  attemptId: string,
  data: { questionTaskMapID: number; questionType: string; answerID: unknown; answerData?: unknown; timeSpent?: number; seq: number }[],
) {
  return t.call({ method: 'POST', url: '/api/task/v1/saveAnswer', headers: user.headers, payload: { TestSessionID: attemptId, data } });
}

export function submitTest(t: TestApp, user: TestUser, attemptId: string, taskId: number) {
  return t.call({ method: 'POST', url: '/api/task/v1/submitTest', headers: user.headers, payload: { TestSessionID: attemptId, TaskID: taskId } });
}
