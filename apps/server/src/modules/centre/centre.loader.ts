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
  /** The window's draw for its random-draw sections, in order (their placements are in `taskQuestions`); decision 076. */
  drawnQuestionTaskMapIds?: number[];
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
  // Each random-draw section comes with its window's draw, whole (a short bank, or an older central server, sends none).
  const drawn = new Set(candidate.drawnQuestionTaskMapIds ?? []);
  for (const sectionId of candidate.drawnSectionIds ?? []) {
    const section = candidate.sections?.find((s) => s.id === sectionId) as (Row & { drawRule?: { count?: number } | null }) | undefined;
    const count = (candidate.taskQuestions ?? []).filter((placed) => placed.sectionId === sectionId && drawn.has(placed.id)).length;
    if (!section?.drawRule?.count || count !== section.drawRule.count) throw new AppError(CENTRE_ERRORS.CENTRE_PAPER_UNSUPPORTED);
  }
}

type LoaderTx = Parameters<Parameters<CentreRepository['transaction']>[0]>[0];

/** Placements of the paper with their questions (unless loaded before), at the served versions with their texts. */
async function loadPlacements(
  tx: LoaderTx,
  paper: Paper,
  placements: Paper['taskQuestions'],
  at: { taskId: number; sectionIds: Map<number, number>; owner: { clientId: string; instituteId: number } },
) {
  if (!placements.length) return;
  const wanted = new Set(placements.map((placed) => placed.questionId));
  // Questions may be another loaded test's already; each comes at the version its attempts are served (the served set).
  const servedVersionIds = new Set(paper.servedSet.map((entry) => entry.questionVersionId));
  const knownQuestions = await tx.loadedIds('question', [...wanted]);
  const newQuestions = paper.questions.filter((q) => wanted.has(q.id) && !knownQuestions.has(q.id));
  const madeQuestions = await tx.insertLoaded(
    'question',
    newQuestions.map((question) => ({
      centralId: question.id,
      values: { ...columnsOf(question, ['currentVersionId']), ownerClientId: at.owner.clientId, ownerInstituteId: at.owner.instituteId },
    })),
  );
  const questionIds = new Map([...knownQuestions, ...madeQuestions]);
  const versions = paper.questionVersions.filter((v) => madeQuestions.has(v.questionId) && servedVersionIds.has(v.id));
  const versionIds = await tx.insertLoaded(
    'questionVersion',
    versions.map((version) => ({ centralId: version.id, values: { ...columnsOf(version, []), questionId: madeQuestions.get(version.questionId)! } })),
  );
  await tx.setCurrentVersions([...madeQuestions.values()]);
  await tx.insertVersionTexts(
    paper.questionVersionTexts
      .filter((text) => versionIds.has(text.versionId))
      .map((text) => ({ ...(text as typeof text & { data: string }), versionId: versionIds.get(text.versionId)! })),
  );
  await tx.insertLoaded(
    'taskQuestion',
    placements
      .filter((placed) => at.sectionIds.has(placed.sectionId) && questionIds.has(placed.questionId))
      .map((placed) => ({
        centralId: placed.id,
        values: { ...columnsOf(placed, []), taskId: at.taskId, sectionId: at.sectionIds.get(placed.sectionId)!, questionId: questionIds.get(placed.questionId)! },
      })),
  );
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
    // The paper's contents are written once, at the first load: an unlocked paper does not change.
    const isNewTask = !(await tx.loadedIds('task', [task.id])).size;
    const taskId = await tx.saveLoaded('task', task.id, {
      ...columnsOf(task, []),
      courseId,
      topicId,
      ownerClientId: owner.clientId,
      ownerInstituteId: owner.instituteId,
      isPublished: true,
    });
    const drawnIds = paper.drawnQuestionTaskMapIds ?? [];
    const isDrawn = new Set(drawnIds);
    if (isNewTask) {
      const sectionIds = await tx.insertLoaded(
        'taskSection',
        paper.sections.map((section) => ({ centralId: section.id, values: { ...columnsOf(section, []), taskId } })),
      );
      await loadPlacements(tx, paper, paper.taskQuestions.filter((placed) => !isDrawn.has(placed.id)), { taskId, sectionIds, owner });
    }
    // The window's draw: its placements once (another window of the same test may have drawn others already).
    if (drawnIds.length) {
      const known = await tx.loadedIds('taskQuestion', drawnIds);
      const sectionIds = await tx.loadedIds('taskSection', paper.sections.map((section) => section.id));
      await loadPlacements(tx, paper, paper.taskQuestions.filter((placed) => isDrawn.has(placed.id) && !known.has(placed.id)), { taskId, sectionIds, owner });
    }

    // The window, for the same class and section (by name) of this institute.
    const onThisClock = (at: Date) => new Date(at.getTime() + exam.clockShiftMs);
    const classId = paper.window.className ? await tx.localClass(place.id, paper.window.className) : null;
    const sectionId = classId !== null && paper.window.sectionName ? await tx.localSection(classId, paper.window.sectionName) : null;
    const scheduleId = await tx.saveLoaded('schedule', exam.scheduleId, {
      taskId,
      instituteId: place.id,
      classId,
      sectionId,
      // On this machine's clock (the error measured at the unlock), so the window is the central one.
      opensAt: onThisClock(exam.opensAt),
      closesAt: onThisClock(exam.closesAt),
      lateStartUntil: exam.lateStartUntil ? onThisClock(exam.lateStartUntil) : null,
    });

    // Every attempt started in the window is served its draw, in the draw's order.
    if (drawnIds.length) {
      const localMaps = await tx.loadedIds('taskQuestion', drawnIds);
      await tx.insertLoadedDraw(scheduleId, drawnIds.map((id) => localMaps.get(id)).filter((id): id is number => id !== undefined));
    }

    // The students allowed in, and no one else: an account that left the roster is turned off.
    const roster = await tx.rosterOfExam(exam.scheduleId);
    const placeOf = async (entry: { className: string | null; sectionName: string | null }) => {
      const classIdOf = entry.className ? await tx.localClass(place.id, entry.className) : null;
      return { classId: classIdOf, sectionId: classIdOf !== null && entry.sectionName ? await tx.localSection(classIdOf, entry.sectionName) : null };
    };
    const places = new Map<string, { classId: number | null; sectionId: number | null }>();
    const accountOf = async (entry: (typeof roster)[number]) => {
      const key = JSON.stringify([entry.className, entry.sectionName]);
      if (!places.has(key)) places.set(key, await placeOf(entry));
      return {
        username: entry.username,
        email: entry.email,
        phone: entry.phone,
        passwordHash: entry.passwordHash,
        role: entry.role,
        firstName: entry.firstName,
        lastName: entry.lastName,
        rollNumber: entry.rollNumber,
        languageId: entry.languageId,
        ...places.get(key)!,
        clientId: owner.clientId,
        instituteId: owner.instituteId,
        isActive: true,
      };
    };
    const known = await tx.loadedIds('user', roster.map((entry) => entry.userId));
    const current = new Map((await tx.usersByIds([...known.values()])).map((row) => [row.id, row]));
    const fresh: Array<{ centralId: number; values: Awaited<ReturnType<typeof accountOf>> }> = [];
    for (const entry of roster) {
      const values = await accountOf(entry);
      const localId = known.get(entry.userId);
      const row = localId === undefined ? undefined : current.get(localId);
      if (!row) {
        fresh.push({ centralId: entry.userId, values });
        continue;
      }
      // Only what changed is written (a staging runs every minute).
      const changed = Object.fromEntries(Object.entries(values).filter(([key, value]) => row[key as keyof typeof row] !== value));
      if (Object.keys(changed).length) await tx.updateUser(row.id, changed);
    }
    const made = await tx.insertLoadedUsers(fresh);
    const students = roster.filter((entry) => known.has(entry.userId) || made.has(entry.userId)).length;
    await tx.disableUnrostered();
    return { taskId, courseId, scheduleId, students };
  });
}
