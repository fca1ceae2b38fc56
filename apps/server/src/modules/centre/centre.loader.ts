import { CENTRE_ERRORS } from '@app/contracts';
import { AppError } from '../../lib/errors.js';
import { PAPER_FORMAT } from './centre.central.js';
import type { CentreRepository, StagedExamRow } from './centre.repository.js';

type Row = Record<string, unknown> & { id: number };

/** A paper as the central server seals it (centre.central.ts `stage`): its tables' rows, as JSON. */
export interface Paper {
  format: number;
  scheduleId: number;
  task: (Row & { courseId: number; topicId: number }) | null;
  course: Row | null;
  topic: Row | null;
  sections: Row[];
  taskQuestions: Array<Row & { sectionId: number; questionId: number }>;
  questions: Row[];
  questionVersions: Array<Row & { questionId: number }>;
  questionVersionTexts: Array<Record<string, unknown> & { versionId: number; language: string }>;
  servedSet: Array<{ questionTaskMapId: number; questionId: number; questionVersionId: number | null }>;
  drawnSectionIds: number[];
  window: { classId: number | null; className: string | null; sectionId: number | null; sectionName: string | null };
}

/** What a loaded exam is here: its test and window in this server's tables, and the students who may sign in. */
export interface LoadedExam {
  taskId: number;
  courseId: number;
  scheduleId: number;
  students: number;
}

/** A row's columns without those that are the central server's own (ids, stamps, authors) or set here. */
function columnsOf(row: Record<string, unknown>, drop: string[]): Record<string, unknown> {
  const skip = new Set(['id', 'createdAt', 'updatedAt', 'createdBy', ...drop]);
  return Object.fromEntries(Object.entries(row).filter(([key]) => !skip.has(key)));
}

/** Refuses a paper this server cannot run; the check comes before its key is kept. */
export function assertRunnable(paper: unknown, scheduleId: number): asserts paper is Paper {
  const candidate = paper as Partial<Paper> | null;
  if (!candidate || candidate.format !== PAPER_FORMAT || candidate.scheduleId !== scheduleId || !candidate.task || !candidate.course || !candidate.topic) {
    throw new AppError(CENTRE_ERRORS.CENTRE_PAPER_UNSUPPORTED);
  }
  // A random-draw section's pool is not staged (docs/centre.md).
  if ((candidate.drawnSectionIds ?? []).length > 0) throw new AppError(CENTRE_ERRORS.CENTRE_PAPER_UNSUPPORTED);
}

/**
 * Loads an unlocked paper and its roster into this server's own tables, in this server's institute:
 * the course, topic and test (published), its sections and questions at the served versions with
 * their texts, the window, and an account per rostered student with their central password hash.
 * Central ids map to local ones in `centre_loaded_rows`, so a second load updates the same rows.
 */
export async function loadExam(repo: CentreRepository, exam: StagedExamRow, paper: Paper, localInstituteId: number | null): Promise<LoadedExam> {
  return repo.transaction(async (tx) => {
    const place = await tx.localInstitute(localInstituteId);
    if (!place) throw new AppError(CENTRE_ERRORS.CENTRE_NOT_PAIRED);
    const owner = { clientId: place.clientId, instituteId: place.id };
    const task = paper.task!;
    const courseId = await tx.saveLoaded('course', paper.course!.id, { ...columnsOf(paper.course!, []), ...owner, isPublished: true });
    const topicId = await tx.saveLoaded('topic', paper.topic!.id, { ...columnsOf(paper.topic!, ['parentId']), courseId });
    const taskId = await tx.saveLoaded('task', task.id, {
      ...columnsOf(task, []),
      courseId,
      topicId,
      ownerClientId: owner.clientId,
      ownerInstituteId: owner.instituteId,
      isPublished: true,
    });
    const sectionIds = new Map<number, number>();
    for (const section of paper.sections) sectionIds.set(section.id, await tx.saveLoaded('taskSection', section.id, { ...columnsOf(section, []), taskId }));

    // Each question at the version its attempts are served (the served set): that version is current here.
    const servedVersion = new Map(paper.servedSet.map((entry) => [entry.questionId, entry.questionVersionId]));
    const questionIds = new Map<number, number>();
    for (const question of paper.questions) {
      questionIds.set(
        question.id,
        await tx.saveLoaded('question', question.id, { ...columnsOf(question, ['currentVersionId']), ownerClientId: owner.clientId, ownerInstituteId: owner.instituteId }),
      );
    }
    const versionIds = new Map<number, number>();
    for (const version of paper.questionVersions) {
      const questionId = questionIds.get(version.questionId);
      if (questionId === undefined) continue;
      const localId = await tx.saveLoaded('questionVersion', version.id, { ...columnsOf(version, []), questionId });
      versionIds.set(version.id, localId);
      if (servedVersion.get(version.questionId) === version.id) await tx.setCurrentVersion(questionId, localId);
    }
    for (const text of paper.questionVersionTexts) {
      const versionId = versionIds.get(text.versionId);
      if (versionId !== undefined) await tx.saveVersionText({ ...(text as typeof text & { data: string }), versionId });
    }
    for (const placed of paper.taskQuestions) {
      const sectionId = sectionIds.get(placed.sectionId);
      const questionId = questionIds.get(placed.questionId);
      if (sectionId === undefined || questionId === undefined) continue;
      await tx.saveLoaded('taskQuestion', placed.id, { ...columnsOf(placed, []), taskId, sectionId, questionId });
    }

    // The window, for the same class and section (by name) of this institute.
    const classId = paper.window.className ? await tx.localClass(place.id, paper.window.className) : null;
    const sectionId = classId !== null && paper.window.sectionName ? await tx.localSection(classId, paper.window.sectionName) : null;
    const scheduleId = await tx.saveLoaded('schedule', exam.scheduleId, {
      taskId,
      instituteId: place.id,
      classId,
      sectionId,
      opensAt: exam.opensAt,
      closesAt: exam.closesAt,
      lateStartUntil: exam.lateStartUntil,
    });

    // The students allowed in, and no one else: an account that left the roster is turned off.
    let students = 0;
    for (const entry of await tx.rosterOfExam(exam.scheduleId)) {
      const studentClassId = entry.className ? await tx.localClass(place.id, entry.className) : null;
      const studentSectionId = studentClassId !== null && entry.sectionName ? await tx.localSection(studentClassId, entry.sectionName) : null;
      const localId = await tx.saveLoadedUser(entry.userId, {
        username: entry.username,
        email: entry.email,
        phone: entry.phone,
        passwordHash: entry.passwordHash,
        role: entry.role,
        firstName: entry.firstName,
        lastName: entry.lastName,
        rollNumber: entry.rollNumber,
        languageId: entry.languageId,
        classId: studentClassId,
        sectionId: studentSectionId,
        clientId: owner.clientId,
        instituteId: owner.instituteId,
        isActive: true,
      });
      if (localId !== null) students += 1;
    }
    await tx.disableUnrostered();
    return { taskId, courseId, scheduleId, students };
  });
}
