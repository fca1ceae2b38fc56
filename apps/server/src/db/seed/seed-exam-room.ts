import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { STATUS_LETTER } from '../../question-kinds/index.js';
import { classes, courses, examAnswers, examAttempts, institutes, questions, sections, taskQuestions, tasks, topics, users } from '../schema/index.js';
import { COURSE_EN, insertTest, insertTopic } from './seed-academy.js';
import type { DemoQuestion } from './seed-academy-content.js';
import { demoPasswordHashes } from './seed-accounts.js';

type Db = AppDeps['db'];

/**
 * Demo data for the marking queue and the live exam room: a few more students of Sunrise Academy
 * (class 12 A, with the demo student), a written test they submitted whose essays wait for a mark,
 * and a test running at the demo's start time (attempts started a few minutes before it, with some
 * answers). Idempotent: accounts and tests are made once; the running attempts are made again,
 * relative to now, when none is running any more.
 */

export const EXAM_ROOM_TOPIC = 'Supervised tests';
export const WRITTEN_TEST = 'Written answers: cells and energy';
export const LIVE_TEST = 'Live demo: Biology and Physics mock';
/** A short timed test for trying the live room (and its end-to-end journey): two minutes. */
export const SHORT_TEST = 'Live room check: two-minute test';

const STUDENTS = [
  { username: 'anita', firstName: 'Anita', lastName: 'Selvam', live: 6, answers: 5 },
  { username: 'bharath', firstName: 'Bharath', lastName: 'Krishnan', live: 4, answers: 3 },
  { username: 'deepa', firstName: 'Deepa', lastName: 'Murugan', live: 2, answers: 1 },
  { username: 'ganesh', firstName: 'Ganesh', lastName: 'Pillai', live: null, answers: 0 },
  // Takes nothing: free to start any test in a demo (or an end-to-end journey).
  { username: 'farhan', firstName: 'Farhan', lastName: 'Ali', live: null, answers: 0 },
] as const;

const ESSAYS: Record<string, [string, string]> = {
  anita: [
    'Mitochondria carry out aerobic respiration: the Krebs cycle in the matrix and the electron transport chain on the inner membrane make most of the cell’s ATP.',
    'At high temperature enzymes like RuBisCO lose their shape, and the stomata close, so less carbon dioxide enters the leaf.',
  ],
  bharath: ['They make energy for the cell.', 'Because the plant gets too hot and the enzymes stop working.'],
  ganesh: [
    'The inner membrane is folded into cristae, giving a large surface for the electron transport chain and ATP synthase.',
    'Photorespiration rises with temperature, and enzymes denature; stomata close to save water.',
  ],
};

/** Single-answer questions of the live-room demo tests (short, so the room fills quickly). */
const LIVE_PHYSICS: DemoQuestion[] = [
  { data: 'A body starts from rest and moves with a uniform acceleration of 2 m/s². The distance covered in the first 5 s is', options: ['10 m', '25 m', '50 m', '5 m'], correct: 2, explanation: 's = ½at² = ½ × 2 × 25 = 25 m.', topicTags: ['Kinematics'] },
  { data: 'The dimensional formula of Planck’s constant is', options: ['[ML²T⁻¹]', '[MLT⁻¹]', '[ML²T⁻²]', '[M⁰L⁰T⁰]'], correct: 1, explanation: 'E = hν, so h = E/ν has dimensions [ML²T⁻²]/[T⁻¹] = [ML²T⁻¹].', topicTags: ['Units and Measurement'] },
  { data: 'A ball is thrown vertically upward with a speed of 20 m/s (g = 10 m/s²). The maximum height reached is', options: ['10 m', '40 m', '20 m', '30 m'], correct: 3, explanation: 'h = u²/2g = 400/20 = 20 m.', topicTags: ['Kinematics'] },
  { data: 'Two resistors of 4 Ω and 12 Ω are connected in parallel. Their equivalent resistance is', options: ['16 Ω', '8 Ω', '3 Ω', '48 Ω'], correct: 3, explanation: 'R = (4 × 12)/(4 + 12) = 48/16 = 3 Ω.', topicTags: ['Current Electricity'] },
  { data: 'The focal length of a concave mirror is 10 cm. An object placed at 30 cm from it forms an image at', options: ['15 cm in front of the mirror', '7.5 cm behind the mirror', '30 cm in front of the mirror', '20 cm behind the mirror'], correct: 1, explanation: '1/v + 1/u = 1/f with u = −30, f = −10 gives v = −15 cm: real, 15 cm in front.', topicTags: ['Ray Optics'] },
  { data: 'The escape velocity from the Earth’s surface is about 11.2 km/s. For a planet with twice the Earth’s radius and the same mean density it would be', options: ['11.2 km/s', '5.6 km/s', '22.4 km/s', '44.8 km/s'], correct: 3, explanation: 'vₑ = √(2GM/R) ∝ R√ρ for the same density, so doubling R doubles vₑ.', topicTags: ['Gravitation'] },
  { data: 'In a step-up transformer, the turns ratio is 1:10. If the primary voltage is 220 V, the secondary voltage is', options: ['22 V', '2200 V', '220 V', '110 V'], correct: 2, explanation: 'Vs/Vp = Ns/Np = 10, so Vs = 2200 V.', topicTags: ['Electromagnetic Induction'] },
  { data: 'The work function of a metal is 2 eV. Light of energy 5 eV per photon falls on it. The maximum kinetic energy of the emitted photoelectrons is', options: ['7 eV', '2.5 eV', '3 eV', '10 eV'], correct: 3, explanation: 'K_max = hν − φ = 5 − 2 = 3 eV.', topicTags: ['Dual Nature of Matter'] },
  { data: 'A wire of resistance R is stretched uniformly to double its length. Its new resistance is', options: ['R/2', '2R', '4R', 'R'], correct: 3, explanation: 'Volume is constant: length doubles and area halves, so R ∝ l/A becomes 4R.', topicTags: ['Current Electricity'] },
  { data: 'The half-life of a radioactive sample is 10 days. The fraction remaining after 30 days is', options: ['1/3', '1/8', '1/6', '1/9'], correct: 2, explanation: '30 days is three half-lives: (1/2)³ = 1/8.', topicTags: ['Nuclei'] },
];

const LIVE_BIOLOGY: DemoQuestion[] = [
  { data: 'The powerhouse of the cell is the', options: ['Nucleus', 'Ribosome', 'Mitochondrion', 'Golgi body'], correct: 3, explanation: 'Mitochondria make most of the cell’s ATP by aerobic respiration.', topicTags: ['Cell Biology'] },
  { data: 'Which of these is not a part of the male reproductive system in humans?', options: ['Vas deferens', 'Epididymis', 'Fallopian tube', 'Seminal vesicle'], correct: 3, explanation: 'The fallopian tube (oviduct) is part of the female system.', topicTags: ['Human Reproduction'] },
  { data: 'The genetic material of the tobacco mosaic virus is', options: ['Double-stranded DNA', 'Single-stranded RNA', 'Double-stranded RNA', 'Protein'], correct: 2, explanation: 'TMV carries single-stranded RNA.', topicTags: ['Molecular Basis of Inheritance'] },
  { data: 'In a monohybrid cross between two heterozygous tall pea plants (Tt × Tt), the phenotypic ratio of the offspring is', options: ['1:2:1', '3:1', '1:1', '9:3:3:1'], correct: 2, explanation: 'TT, 2 Tt and tt: three tall to one dwarf.', topicTags: ['Genetics'] },
  { data: 'Which enzyme fixes CO₂ in the Calvin cycle?', options: ['PEP carboxylase', 'RuBisCO', 'Hexokinase', 'ATP synthase'], correct: 2, explanation: 'Ribulose-1,5-bisphosphate carboxylase/oxygenase (RuBisCO) fixes CO₂ in C₃ plants.', topicTags: ['Photosynthesis'] },
  { data: 'Insulin is secreted by', options: ['α cells of the islets of Langerhans', 'β cells of the islets of Langerhans', 'The adrenal cortex', 'The thyroid'], correct: 2, explanation: 'β cells secrete insulin; α cells secrete glucagon.', topicTags: ['Chemical Coordination'] },
  { data: 'The functional unit of the kidney is the', options: ['Neuron', 'Nephron', 'Alveolus', 'Villus'], correct: 2, explanation: 'Each kidney has about a million nephrons.', topicTags: ['Excretion'] },
  { data: 'Which blood group is the universal donor?', options: ['A', 'B', 'AB', 'O'], correct: 4, explanation: 'Group O red cells carry neither A nor B antigens.', topicTags: ['Body Fluids'] },
  { data: 'Crossing over takes place during', options: ['Leptotene', 'Zygotene', 'Pachytene', 'Diplotene'], correct: 3, explanation: 'Exchange between non-sister chromatids happens at pachytene of prophase I.', topicTags: ['Cell Division'] },
  { data: 'The layer of the atmosphere that contains the ozone layer is the', options: ['Troposphere', 'Stratosphere', 'Mesosphere', 'Thermosphere'], correct: 2, explanation: 'Stratospheric ozone absorbs UV-B radiation.', topicTags: ['Environmental Issues'] },
];

const WRITTEN_QUESTIONS: DemoQuestion[] = [
  {
    data: 'Explain how the structure of a mitochondrion suits its role in the cell.',
    questionType: 'comprehensive',
    lineNumber: 6,
    marks: 5,
    negativeMarks: 0,
    solution: 'Double membrane; inner membrane folded into cristae (large area for the electron transport chain and ATP synthase); matrix holds the Krebs cycle enzymes; own DNA and ribosomes. 1 mark each, up to 5.',
    topicTags: ['Cell Biology'],
  },
  {
    data: 'Explain in at most five lines why the rate of photosynthesis falls at very high temperatures.',
    questionType: 'comprehensive',
    lineNumber: 5,
    marks: 5,
    negativeMarks: 0,
    solution: 'Enzymes (RuBisCO) denature; stomata close, limiting CO₂; photorespiration rises. 2 marks for enzymes, 2 for stomata or CO₂, 1 for photorespiration.',
    topicTags: ['Photosynthesis'],
  },
  LIVE_BIOLOGY[0]!,
];

export async function seedExamRoom(deps: Pick<AppDeps, 'db' | 'config' | 'clock'>): Promise<void> {
  const { db } = deps;
  const students = await ensureStudents(deps);
  if (students.size === 0) return;
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.name, COURSE_EN)).limit(1);
  if (!course) return;
  const topicId = await ensureTopic(db, course.id);
  const written = await ensureTest(db, course.id, topicId, WRITTEN_TEST, {
    name: WRITTEN_TEST,
    testType: 'test',
    sortOrder: 0,
    settings: { durationMinutes: 30, instructions: '<p>Answer in full sentences. Your teacher marks the written answers.</p>' },
    sections: [{ name: 'Biology', questions: WRITTEN_QUESTIONS }],
  });
  const live = await ensureTest(db, course.id, topicId, LIVE_TEST, {
    name: LIVE_TEST,
    testType: 'test',
    sortOrder: 1,
    settings: { durationMinutes: 90, instructions: '<p>A timed mock test. Your teacher can see your progress while the test runs.</p>' },
    sections: [{ name: 'Mixed', questions: [...LIVE_BIOLOGY.slice(0, 4), ...LIVE_PHYSICS.slice(0, 4)] }],
  });
  await ensureTest(db, course.id, topicId, SHORT_TEST, {
    name: SHORT_TEST,
    testType: 'test',
    sortOrder: 2,
    settings: { durationMinutes: 2, instructions: '<p>Two minutes, three questions.</p>' },
    sections: [{ name: 'Physics', questions: LIVE_PHYSICS.slice(0, 3) }],
  });
  await ensureWrittenAttempts(deps, written, course.id, students);
  await ensureLiveAttempts(deps, live, course.id, students);
}

async function ensureStudents({ db, config }: Pick<AppDeps, 'db' | 'config'>): Promise<Map<string, number>> {
  const [place] = await db
    .select({ instituteId: institutes.id, classId: classes.id, sectionId: sections.id, clientId: institutes.clientId })
    .from(institutes)
    .innerJoin(classes, and(eq(classes.instituteId, institutes.id), eq(classes.name, '12')))
    .innerJoin(sections, and(eq(sections.classId, classes.id), eq(sections.name, 'A')))
    .where(eq(institutes.name, 'Sunrise Academy'))
    .limit(1);
  if (!place) return new Map();
  const usernames = STUDENTS.map((s) => s.username);
  const existing = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.username, usernames));
  const missing = STUDENTS.filter((s) => !existing.some((e) => e.username === s.username));
  if (missing.length) {
    const hashes = await demoPasswordHashes(missing.length, config.PASSWORD_HASH_MEMORY_KIB);
    await db
      .insert(users)
      .values(
        missing.map((s, i) => ({
          username: s.username,
          email: `${s.username}@demo.neetprep.local`,
          role: 'Student',
          firstName: s.firstName,
          lastName: s.lastName,
          passwordHash: hashes[i]!,
          emailVerified: true,
          clientId: place.clientId,
          instituteId: place.instituteId,
          classId: place.classId,
          sectionId: place.sectionId,
          registeredAt: new Date(),
        })),
      )
      .onConflictDoNothing();
  }
  const rows = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.username, usernames));
  return new Map(rows.map((r) => [r.username, r.id]));
}

async function ensureTopic(db: Db, courseId: number): Promise<number> {
  const [topic] = await db
    .select({ id: topics.id })
    .from(topics)
    .where(and(eq(topics.courseId, courseId), eq(topics.name, EXAM_ROOM_TOPIC)))
    .limit(1);
  return topic?.id ?? insertTopic(db, courseId, EXAM_ROOM_TOPIC, 'Timed tests your teacher follows live, and written answers your teacher marks.', 9);
}

interface SeededTest {
  taskId: number;
  maps: Array<{ mapId: number; questionType: string; marks: number; negativeMarks: number; correct: number | null }>;
}

async function ensureTest(db: Db, courseId: number, topicId: number, name: string, spec: Parameters<typeof insertTest>[3]): Promise<SeededTest> {
  const [found] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.topicId, topicId), eq(tasks.name, name)))
    .limit(1);
  const taskId = found?.id ?? (await insertTest(db, courseId, topicId, spec, 'en'));
  const rows = await db
    .select({ mapId: taskQuestions.id, questionType: questions.questionType, sortOrder: taskQuestions.sortOrder })
    .from(taskQuestions)
    .innerJoin(questions, eq(questions.id, taskQuestions.questionId))
    .where(eq(taskQuestions.taskId, taskId))
    .orderBy(asc(taskQuestions.sortOrder));
  const demo = spec.sections.flatMap((s) => s.questions);
  return {
    taskId,
    maps: rows.map((r, i) => ({
      mapId: r.mapId,
      questionType: r.questionType,
      marks: demo[i]?.marks ?? 4,
      negativeMarks: demo[i]?.negativeMarks ?? 1,
      correct: typeof demo[i]?.correct === 'number' ? (demo[i]!.correct as number) : null,
    })),
  };
}

/** Submitted attempts whose essays wait for a mark (once per student). */
async function ensureWrittenAttempts({ db, clock }: Pick<AppDeps, 'db' | 'clock'>, test: SeededTest, courseId: number, students: Map<string, number>) {
  const now = clock.now();
  for (const [index, username] of Object.keys(ESSAYS).entries()) {
    const userId = students.get(username);
    if (!userId) continue;
    const [done] = await db.select({ id: examAttempts.id }).from(examAttempts).where(and(eq(examAttempts.userId, userId), eq(examAttempts.taskId, test.taskId))).limit(1);
    if (done) continue;
    const startedAt = new Date(now.getTime() - (26 - index) * 3600_000);
    const submittedAt = new Date(startedAt.getTime() + 25 * 60_000);
    const id = randomUUID();
    const essays = ESSAYS[username]!;
    // The choice question: right for the first two, wrong for the third.
    const choice = test.maps.find((m) => m.questionType !== 'comprehensive')!;
    const isRight = index < 2;
    const choiceMarks = isRight ? choice.marks : -choice.negativeMarks;
    await db.transaction(async (tx) => {
      await tx.insert(examAttempts).values({
        id,
        userId,
        taskId: test.taskId,
        courseId,
        testType: 'test',
        status: 'submitted',
        startedAt,
        deadlineAt: new Date(startedAt.getTime() + 30 * 60_000),
        questionOrder: [test.maps.map((m) => m.mapId)],
        submittedAt,
        submitReason: 'student',
        scored: choiceMarks,
        total: test.maps.reduce((sum, m) => sum + m.marks, 0),
        negativeMarksLost: isRight ? 0 : choice.negativeMarks,
        pendingEvaluation: true,
        // Every question's marks as a close keeps them (decision 086): essays pending, the choice marked.
        itemMapIds: test.maps.map((m) => m.mapId),
        itemMarks: test.maps.map((m) => (m === choice ? choiceMarks : 0)),
        itemStatuses: test.maps.map((m) => (m === choice ? (isRight ? STATUS_LETTER.correct : STATUS_LETTER.wrong) : STATUS_LETTER.pending)).join(''),
      });
      const essayMaps = test.maps.filter((m) => m.questionType === 'comprehensive');
      await tx.insert(examAnswers).values([
        ...essayMaps.map((m, i) => ({
          attemptId: id,
          questionTaskMapId: m.mapId,
          seq: 1,
          answerId: 'text',
          answerData: essays[i] ?? '',
          timeSpentSeconds: 300,
          updatedAt: submittedAt,
        })),
        {
          attemptId: id,
          questionTaskMapId: choice.mapId,
          seq: 1,
          answerId: isRight ? choice.correct : ((choice.correct ?? 1) % 4) + 1,
          timeSpentSeconds: 40,
          updatedAt: submittedAt,
        },
      ]);
    });
  }
}

/**
 * Attempts of the live test, started a few minutes before now, with some answers. Kept while they
 * run; once a student's has ended (or the sweeper closed it), a fresh one is started.
 */
async function ensureLiveAttempts({ db, clock }: Pick<AppDeps, 'db' | 'clock'>, test: SeededTest, courseId: number, students: Map<string, number>) {
  const now = clock.now();
  for (const student of STUDENTS) {
    const userId = students.get(student.username);
    if (!userId || student.live === null) continue;
    const open = await db
      .select({ id: examAttempts.id, deadlineAt: examAttempts.deadlineAt })
      .from(examAttempts)
      .where(and(eq(examAttempts.userId, userId), eq(examAttempts.taskId, test.taskId), eq(examAttempts.status, 'open')));
    if (open.some((a) => a.deadlineAt > now)) continue;
    const startedAt = new Date(now.getTime() - student.live * 60_000);
    const id = randomUUID();
    await db.transaction(async (tx) => {
      // A demo attempt left open past its deadline is demo data only: it makes way for a fresh one.
      if (open.length) await tx.delete(examAttempts).where(inArray(examAttempts.id, open.map((a) => a.id)));
      await tx.insert(examAttempts).values({
        id,
        userId,
        taskId: test.taskId,
        courseId,
        testType: 'test',
        status: 'open',
        startedAt,
        deadlineAt: new Date(startedAt.getTime() + 90 * 60_000),
        questionOrder: [test.maps.map((m) => m.mapId)],
        lastSeenAt: new Date(now.getTime() - student.live * 5_000),
        tabChangeWarnings: student.username === 'bharath' ? 1 : 0,
      });
      const answered = test.maps.slice(0, student.answers);
      if (answered.length) {
        await tx.insert(examAnswers).values(
          answered.map((m, i) => ({
            attemptId: id,
            questionTaskMapId: m.mapId,
            seq: 1,
            answerId: m.correct ?? 1,
            timeSpentSeconds: 45,
            updatedAt: new Date(startedAt.getTime() + (i + 1) * 50_000),
          })),
        );
      }
    });
  }
}
