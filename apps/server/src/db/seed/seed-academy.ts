import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { serverPaths } from '../../lib/server-paths.js';
import { courses, institutes, taskQuestions, taskSections, tasks, topics } from '../schema/index.js';
import { insertAuthoredQuestion } from '../../modules/question-bank/question-bank.records.js';
import { seedNeetMock } from './neet-mock.js';
import { withOfficeFiles } from './seed-office.js';
import {
  DEMO_VIDEO_FILE,
  DEMO_VIDEO_URL,
  LESSON_CELL_HTML,
  LESSON_NEWTON_HTML,
  LESSON_TAMIL_HTML,
  MINUTE_CHEMISTRY,
  MINUTE_INSTRUCTIONS,
  MINUTE_PHYSICS,
  PRACTICE_ASSERTION_REASON,
  PRACTICE_JEE_ADVANCED,
  PRACTICE_MATCHING,
  PRACTICE_MECHANICS,
  PRACTICE_NUMERICAL,
  PRACTICE_ORDERING,
  PRACTICE_SKILLS,
  PRACTICE_TAMIL,
  TIMED_CHEMISTRY,
  TIMED_INSTRUCTIONS,
  TIMED_PHYSICS,
  type DemoQuestion,
} from './seed-academy-content.js';

type Db = AppDeps['db'];

/** Where lesson files live in the file store (keys academy/<name>); served by GET /api/academy/v1/media/{file}. */
export const ACADEMY_MEDIA_DIR = 'academy';
const ASSETS_DIR = serverPaths.academyAssets;

/** A one-page PDF with plain text lines (Helvetica), written by hand so no tool is needed. */
export function makePdf(lines: string[]): Buffer {
  const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const text = lines.map((line, i) => `BT /F1 ${i === 0 ? 18 : 12} Tf 56 ${780 - i * 22} Td (${escape(line)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Who owns a seeded question: the client's shared library, or an institute by name. */
interface SeedOwner {
  instituteId: number | null;
}

async function insertQuestion(db: Db, q: DemoQuestion, language: 'en' | 'tn', owner: SeedOwner, topicId: number): Promise<number> {
  return insertAuthoredQuestion(db, {
    questionType: q.questionType ?? 'singleChoice',
    difficulty: q.difficulty ?? 'medium',
    ownerInstituteId: owner.instituteId,
    topicIds: [topicId],
    topicTags: q.topicTags ?? [],
    language,
    contentType: q.contentType ?? 'text',
    title: q.title ?? '',
    data: q.data,
    mediaUrl: q.mediaUrl ?? null,
    options: (q.options ?? []).map((answerData, i) => ({ answerID: q.optionIds?.[i] ?? i + 1, answerData })),
    correctAnswerId: q.correct ?? null,
    // Blank ids are questionID-index; the bank gives them once the id is known.
    correctAnswerData: q.matching ?? q.numerical ?? (q.order ? { order: q.order } : null) ?? q.blanks ?? null,
    explanation: q.explanation ?? null,
    solution: q.solution ?? null,
    hint: q.hint ?? null,
    instructions: q.instructions ?? null,
    lineNumber: q.lineNumber ?? null,
    marking: q.marking ?? null,
    marks: q.marks ?? 4,
    negativeMarks: q.negativeMarks ?? 1,
    allowsPartialCredit: q.allowsPartialCredit ?? false,
    numericTolerance: q.numericTolerance ?? null,
    programming: q.programming ?? null,
    sampleCases: q.sampleCases ?? [],
    hiddenCases: q.hiddenCases ?? [],
    startFileUrl: q.startFileUrl ?? null,
    rubric: q.rubric ?? null,
    variants: q.variants
      ? Object.fromEntries(
          Object.entries(q.variants).map(([lang, v]) => [lang, { data: v.data, options: (v.options ?? []).map((answerData, i) => ({ answerID: q.optionIds?.[i] ?? i + 1, answerData })), explanation: v.explanation ?? null, hint: v.hint ?? null }]),
        )
      : undefined,
  });
}

const CLIENT_LIBRARY: SeedOwner = { instituteId: null };

export interface TestSpec {
  name: string;
  testType: 'practice' | 'test';
  sortOrder: number;
  settings?: Partial<typeof tasks.$inferInsert>;
  sections: { name: string; durationMinutes?: number; questions: DemoQuestion[] }[];
}

/** Inserts a test with its sections and questions; returns the task's id. */
export async function insertTest(db: Db, courseId: number, topicId: number, spec: TestSpec, language: 'en' | 'tn', owner: SeedOwner = CLIENT_LIBRARY): Promise<number> {
  const [task] = await db
    .insert(tasks)
    .values({ courseId, topicId, name: spec.name, kind: 'test', testType: spec.testType, sortOrder: spec.sortOrder, ...spec.settings })
    .returning({ id: tasks.id });
  for (const [sectionIndex, section] of spec.sections.entries()) {
    const [row] = await db
      .insert(taskSections)
      .values({ taskId: task!.id, sectionIndex, name: section.name, durationMinutes: section.durationMinutes ?? 0 })
      .returning({ id: taskSections.id });
    for (const [sortOrder, q] of section.questions.entries()) {
      const questionId = await insertQuestion(db, q, language, owner, topicId);
      await db.insert(taskQuestions).values({ taskId: task!.id, sectionId: row!.id, questionId, sortOrder });
    }
  }
  return task!.id;
}

export async function insertTopic(db: Db, courseId: number, name: string, description: string, sortOrder: number): Promise<number> {
  const [row] = await db.insert(topics).values({ courseId, name, description, sortOrder }).returning({ id: topics.id });
  return row!.id;
}

async function insertLesson(db: Db, courseId: number, topicId: number, values: Partial<typeof tasks.$inferInsert> & { name: string }) {
  await db.insert(tasks).values({ courseId, topicId, kind: 'lesson', ...values });
}

export const COURSE_EN = 'NEET Complete Preparation';
export const COURSE_TN = 'நீட் தயாரிப்பு (தமிழ் வழி)';

/** The demo academy: idempotent (a course that exists by name is left as it is). */
export async function seedAcademy(deps: Pick<AppDeps, 'db' | 'clock' | 'fileStore'>): Promise<void> {
  const { db } = deps;
  // Lesson files go through the file store like every other file; GET /api/academy/v1/media/{file} reads them there.
  await deps.fileStore.put(`${ACADEMY_MEDIA_DIR}/${DEMO_VIDEO_FILE}`, await fs.readFile(path.join(ASSETS_DIR, DEMO_VIDEO_FILE)), { contentType: 'video/webm' });
  await deps.fileStore.put(
    `${ACADEMY_MEDIA_DIR}/newton-laws-notes.pdf`,
    makePdf([
      'Newton\'s laws of motion - revision notes',
      '1. Inertia: no net force, no change in velocity.',
      '2. F = dp/dt; for constant mass F = ma.',
      '3. Action and reaction are equal and opposite, on different bodies.',
      'Example: F = 10 N on m = 2 kg gives a = 5 m/s^2.',
      'Impulse J = F x t = change in momentum.',
    ]),
    { contentType: 'application/pdf' },
  );
  const pdfUrl = '/api/academy/v1/media/newton-laws-notes.pdf';

  const [existingEn] = await db.select({ id: courses.id }).from(courses).where(eq(courses.name, COURSE_EN)).limit(1);
  if (!existingEn) {
    const [course] = await db
      .insert(courses)
      .values({ name: COURSE_EN, description: 'Lessons, practice sets and full NEET mock tests for Physics, Chemistry and Biology.', language: 'en', sortOrder: 0 })
      .returning({ id: courses.id });
    const courseId = course!.id;
    const mocks = await insertTopic(db, courseId, 'Mock tests', 'Full-length and timed tests in the NEET pattern.', 0);
    // The full NEET-pattern mock, imported from the question-bank template files in content/neet-mock/.
    await seedNeetMock(deps, { courseId, topicId: mocks, sortOrder: 0 });
    await insertTest(
      db,
      courseId,
      mocks,
      {
        name: 'Quick Check: timed sections',
        testType: 'test',
        sortOrder: 1,
        settings: { instructions: TIMED_INSTRUCTIONS, sectionWiseTimer: true, isSectionNavigationAllowed: false, isTabAlertAllowed: 0, warnings: 3, shuffle: true, mandatory: false },
        sections: [
          { name: 'Physics', durationMinutes: 5, questions: TIMED_PHYSICS },
          { name: 'Chemistry', durationMinutes: 5, questions: TIMED_CHEMISTRY },
        ],
      },
      'en',
    );
    await insertTest(
      db,
      courseId,
      mocks,
      {
        name: 'Quick Check: one-minute sections',
        testType: 'test',
        sortOrder: 2,
        settings: { instructions: MINUTE_INSTRUCTIONS, sectionWiseTimer: true, isSectionNavigationAllowed: false, isTabAlertAllowed: 1, shuffle: false, mandatory: false },
        sections: [
          { name: 'Physics', durationMinutes: 1, questions: MINUTE_PHYSICS },
          { name: 'Chemistry', durationMinutes: 1, questions: MINUTE_CHEMISTRY },
        ],
      },
      'en',
    );
    const mechanics = await insertTopic(db, courseId, 'Physics: Laws of motion', 'Newton’s laws, with notes, a video and a practice set.', 1);
    await insertLesson(db, courseId, mechanics, { name: 'Newton’s laws (notes)', contentType: 'richText', richText: LESSON_NEWTON_HTML, sortOrder: 0 });
    await insertLesson(db, courseId, mechanics, { name: 'Revision sheet (PDF)', contentType: 'pdf', pdfUrl, sortOrder: 1 });
    await insertLesson(db, courseId, mechanics, { name: 'Projectile motion (video)', contentType: 'video', videoUrl: DEMO_VIDEO_URL, richText: '<p>Watch a ball thrown at an angle: constant horizontal velocity, constant downward acceleration, a parabolic path.</p>', sortOrder: 2 });
    await insertTest(
      db,
      courseId,
      mechanics,
      { name: 'Practice set: motion and circuits', testType: 'practice', sortOrder: 3, settings: { instructions: '<p>Practice: see the answer after each question.</p>' }, sections: [{ name: 'Practice', questions: PRACTICE_MECHANICS }] },
      'en',
    );
    await insertTest(
      db,
      courseId,
      mechanics,
      { name: 'Practice set: numerical values (JEE Main)', testType: 'practice', sortOrder: 4, settings: { instructions: '<p>Type each answer with the number pad or the keyboard.</p>' }, sections: [{ name: 'Numerical', questions: PRACTICE_NUMERICAL }] },
      'en',
    );
    await insertTest(
      db,
      courseId,
      mechanics,
      {
        name: 'Practice set: one or more correct (JEE Advanced)',
        testType: 'practice',
        sortOrder: 5,
        settings: { instructions: '<p>One or more options are correct: full marks for all of them and no wrong one, +1 for each correct one when you choose no wrong one, −2 for any wrong one.</p>' },
        sections: [{ name: 'One or more correct', questions: PRACTICE_JEE_ADVANCED }],
      },
      'en',
    );
    const cell = await insertTopic(db, courseId, 'Biology: The cell', 'Cell structure, with a lesson and a skills practice set.', 2);
    await insertLesson(db, courseId, cell, { name: 'The cell: structure and function', contentType: 'richText', richText: LESSON_CELL_HTML, sortOrder: 0 });
    await insertTest(
      db,
      courseId,
      cell,
      {
        name: 'Practice set: writing, programming and office files',
        testType: 'practice',
        sortOrder: 1,
        settings: { instructions: '<p>Written answers are marked by your teacher; programs and files are evaluated automatically.</p>', isEditorAllowed: true },
        sections: [{ name: 'Skills', questions: await withOfficeFiles(PRACTICE_SKILLS, deps.fileStore) }],
      },
      'en',
      // Written by Sunrise Academy's teachers: an institute's own questions beside the shared library.
      { instituteId: (await db.select({ id: institutes.id }).from(institutes).where(eq(institutes.name, 'Sunrise Academy')).limit(1))[0]?.id ?? null },
    );
    await insertTest(
      db,
      courseId,
      cell,
      { name: 'Practice set: assertion and reason', testType: 'practice', sortOrder: 2, settings: { instructions: '<p>NEET assertion and reason: choose the option that describes both statements.</p>' }, sections: [{ name: 'Practice', questions: PRACTICE_ASSERTION_REASON }] },
      'en',
    );
    await insertTest(
      db,
      courseId,
      cell,
      { name: 'Practice set: matching lists', testType: 'practice', sortOrder: 3, settings: { instructions: '<p>NEET matching: match each item of list I, or choose the right code.</p>' }, sections: [{ name: 'Practice', questions: PRACTICE_MATCHING }] },
      'en',
    );
    await insertTest(
      db,
      courseId,
      cell,
      { name: 'Practice set: putting stages in order', testType: 'practice', sortOrder: 4, settings: { instructions: '<p>Put the items in order with Move up and Move down.</p>' }, sections: [{ name: 'Ordering', questions: PRACTICE_ORDERING }] },
      'en',
    );
  }

  const [existingTn] = await db.select({ id: courses.id }).from(courses).where(eq(courses.name, COURSE_TN)).limit(1);
  if (!existingTn) {
    const [course] = await db
      .insert(courses)
      .values({ name: COURSE_TN, description: 'தமிழில் பாடங்களும் பயிற்சித் தேர்வுகளும்.', language: 'tn', sortOrder: 1 })
      .returning({ id: courses.id });
    const topicId = await insertTopic(db, course!.id, 'உயிரியல்: செல்', 'செல் அமைப்பு, பாடம் மற்றும் பயிற்சி.', 0);
    await insertLesson(db, course!.id, topicId, { name: 'செல்: அமைப்பும் பணிகளும்', contentType: 'richText', richText: LESSON_TAMIL_HTML, sortOrder: 0 });
    await insertTest(
      db,
      course!.id,
      topicId,
      { name: 'பயிற்சித் தேர்வு 1', testType: 'practice', sortOrder: 1, settings: { instructions: '<p>ஒவ்வொரு கேள்விக்குப் பின் பதிலைப் பார்க்கலாம்.</p>' }, sections: [{ name: 'பயிற்சி', questions: PRACTICE_TAMIL }] },
      'tn',
    );
  }
}
