import fs from 'node:fs/promises';
import path from 'node:path';
import { asc, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { bareActor } from '../../lib/actor.js';
import { serverPaths } from '../../lib/server-paths.js';
import { createQuestionBankRepository } from '../../modules/question-bank/question-bank.repository.js';
import { createQuestionBankService } from '../../modules/question-bank/question-bank.service.js';
import { checkQuestionFile, validBodies } from '../../modules/question-bank/question-bank.transfer.js';
import { courses, taskQuestions, taskSections, tasks, topics, users } from '../schema/index.js';

/**
 * The demo NEET mock: 180 questions (45 per subject) kept as question-bank template CSVs in
 * content/neet-mock/ and seeded through the importer (the same reader, checks and createMany an
 * uploaded file goes through), then put in a graded test of four sections in the NEET order.
 */

export interface MockSubject {
  /** The test section's name. */
  section: string;
  file: string;
  /** The chapters the subject's questions are filed under (question-bank topics, matched by name). */
  topics: readonly string[];
}

export const NEET_MOCK_SUBJECTS: readonly MockSubject[] = [
  {
    section: 'Physics',
    file: 'physics.csv',
    topics: [
      'Units and Measurement',
      'Kinematics',
      'Laws of Motion',
      'Work, Energy and Power',
      'Rotational Motion',
      'Gravitation',
      'Properties of Solids and Fluids',
      'Thermodynamics',
      'Kinetic Theory of Gases',
      'Oscillations and Waves',
      'Electrostatics',
      'Current Electricity',
      'Magnetism',
      'Electromagnetic Induction and AC',
      'Electromagnetic Waves',
      'Ray Optics',
      'Wave Optics',
      'Dual Nature of Matter',
      'Atoms and Nuclei',
      'Semiconductor Electronics',
    ],
  },
  {
    section: 'Chemistry',
    file: 'chemistry.csv',
    topics: [
      'Some Basic Concepts of Chemistry',
      'Structure of Atom',
      'Periodic Properties',
      'Chemical Bonding',
      'Chemical Thermodynamics',
      'Equilibrium',
      'Redox Reactions',
      'Solutions',
      'Electrochemistry',
      'Chemical Kinetics',
      'p-Block Elements',
      'd- and f-Block Elements',
      'Coordination Compounds',
      'Organic Chemistry: Basic Principles',
      'Hydrocarbons',
      'Haloalkanes and Haloarenes',
      'Alcohols, Phenols and Ethers',
      'Aldehydes, Ketones and Carboxylic Acids',
      'Amines',
      'Biomolecules',
    ],
  },
  {
    section: 'Botany',
    file: 'botany.csv',
    topics: [
      'Biological Classification',
      'Plant Kingdom',
      'Morphology of Flowering Plants',
      'Anatomy of Flowering Plants',
      'Cell Biology',
      'Cell Cycle and Cell Division',
      'Photosynthesis',
      'Respiration in Plants',
      'Plant Growth and Development',
      'Sexual Reproduction in Flowering Plants',
      'Principles of Inheritance and Variation',
      'Molecular Basis of Inheritance',
      'Organisms and Populations',
      'Ecosystem',
      'Biodiversity and Conservation',
    ],
  },
  {
    section: 'Zoology',
    file: 'zoology.csv',
    topics: [
      'Animal Kingdom',
      'Structural Organisation in Animals',
      'Biomolecules (Zoology)',
      'Breathing and Exchange of Gases',
      'Body Fluids and Circulation',
      'Excretory Products and their Elimination',
      'Locomotion and Movement',
      'Neural Control and Coordination',
      'Chemical Coordination and Integration',
      'Human Reproduction',
      'Reproductive Health',
      'Evolution',
      'Human Health and Disease',
      'Microbes in Human Welfare',
      'Biotechnology',
    ],
  },
];

export const NEET_MOCK_NAME = 'NEET Mock Test 1';

/**
 * The chapters live in a course of their own that students do not see (unpublished): the bank
 * files questions under course topics, and the demo course's topics are its study plan.
 */
export const SYLLABUS_COURSE = 'NEET syllabus (question bank chapters)';

export const NEET_MOCK_INSTRUCTIONS = `<p>This mock test follows the NEET pattern: 180 questions in four sections, Physics, Chemistry, Botany and Zoology, 45 questions each.</p>
<ul><li>Duration: 180 minutes. The test is submitted automatically when the time is over.</li>
<li>Each correct answer: <b>+4</b>. Each wrong answer: <b>−1</b>. Unanswered: 0. Maximum: 720 marks.</li>
<li>You may move freely between questions and sections. Your answers are saved as you go.</li></ul>`;

type Db = AppDeps['db'];

export async function readMockFile(subject: MockSubject): Promise<Buffer> {
  return fs.readFile(path.join(serverPaths.neetMockContent, subject.file));
}

/** The syllabus course and its chapters, created where missing. */
async function ensureChapters(db: Db): Promise<void> {
  let [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.name, SYLLABUS_COURSE)).limit(1);
  if (!course) {
    [course] = await db
      .insert(courses)
      .values({ name: SYLLABUS_COURSE, description: 'NEET chapters (Class 11 and 12) that question-bank questions are filed under.', language: 'en', isPublished: false, sortOrder: 99 })
      .returning({ id: courses.id });
  }
  const courseId = course!.id;
  const read = async () => new Map((await db.select({ id: topics.id, name: topics.name, parentId: topics.parentId }).from(topics).where(eq(topics.courseId, courseId))).map((t) => [t.name, t]));
  // The subjects first: each is the top of its chapters' tree (analytics count a question under it).
  let existing = await read();
  const subjects = NEET_MOCK_SUBJECTS.map((s, i) => ({ courseId, name: s.section, sortOrder: i })).filter((t) => !existing.has(t.name));
  if (subjects.length) await db.insert(topics).values(subjects);
  existing = await read();
  let sortOrder = NEET_MOCK_SUBJECTS.length;
  for (const subject of NEET_MOCK_SUBJECTS) {
    const parentId = existing.get(subject.section)!.id;
    const missing = subject.topics.filter((name) => !existing.has(name)).map((name) => ({ courseId, name, parentId, sortOrder: sortOrder++ }));
    if (missing.length) await db.insert(topics).values(missing);
    // Chapters made before they had a subject are put under it.
    for (const name of subject.topics) {
      const chapter = existing.get(name);
      if (chapter && chapter.parentId === null) await db.update(topics).set({ parentId }).where(eq(topics.id, chapter.id));
    }
  }
}

/**
 * Imports the four subject files into the client's shared library as the client administrator,
 * and builds the graded mock in the given course topic. The caller runs it once (the demo course
 * is new); every file is checked before anything is written.
 */
export async function seedNeetMock(deps: Pick<AppDeps, 'db' | 'clock'>, place: { courseId: number; topicId: number; sortOrder: number }): Promise<number> {
  const { db } = deps;
  // The demo client administrator, else the first client administrator there is.
  const [admin] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.role, 'ClientAdmin'))
    .orderBy(desc(eq(users.username, 'clientadmin')), asc(users.id))
    .limit(1);
  if (!admin) throw new Error('The NEET mock is imported as a client administrator: seed the accounts first.');
  const actor = bareActor({ userId: admin.id, role: 'ClientAdmin', username: admin.username });
  await ensureChapters(db);

  const repo = createQuestionBankRepository(db);
  const bank = createQuestionBankService({ repo, clock: deps.clock, grading: () => null });
  const files = await Promise.all(NEET_MOCK_SUBJECTS.map(readMockFile));
  const bodies = [];
  for (const file of files) {
    const { checked } = await checkQuestionFile(repo, file, { format: 'csv', owner: 'client' }, 'en');
    bodies.push(validBodies(checked));
  }
  const ids = await bank.createMany(actor, bodies.flat(), 'client', `Imported from csv (${NEET_MOCK_NAME})`);

  const [task] = await db
    .insert(tasks)
    .values({
      courseId: place.courseId,
      topicId: place.topicId,
      name: NEET_MOCK_NAME,
      kind: 'test',
      testType: 'test',
      sortOrder: place.sortOrder,
      durationMinutes: 180,
      instructions: NEET_MOCK_INSTRUCTIONS,
      questionSwitch: 1,
      isSectionNavigationAllowed: true,
      sectionWiseTimer: false,
      isTabAlertAllowed: 1,
      scoreVisible: true,
    })
    .returning({ id: tasks.id });
  const sectionRows = await db
    .insert(taskSections)
    .values(NEET_MOCK_SUBJECTS.map((subject, sectionIndex) => ({ taskId: task!.id, sectionIndex, name: subject.section, durationMinutes: 0 })))
    .returning({ id: taskSections.id, sectionIndex: taskSections.sectionIndex });
  let next = 0;
  const links = [];
  for (const [s, subjectBodies] of bodies.entries()) {
    const sectionId = sectionRows.find((r) => r.sectionIndex === s)!.id;
    for (let sortOrder = 0; sortOrder < subjectBodies.length; sortOrder++) links.push({ taskId: task!.id, sectionId, questionId: ids[next++]!, sortOrder });
  }
  await db.insert(taskQuestions).values(links);
  return task!.id;
}
