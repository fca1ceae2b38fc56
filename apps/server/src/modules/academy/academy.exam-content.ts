import type { QuestionContent } from '../question-bank/question-bank.service.js';
import type { AcademyRepository, Placement, SectionRow, TestTaskRow } from './academy.repository.js';

export type { SectionRow, TaskRow, TestTaskRow } from './academy.repository.js';
export type { QuestionContent as QuestionRow } from '../question-bank/question-bank.service.js';

/** A question as placed in a test, with the content and key of one of its versions and the marks that apply. */
export interface MappedQuestion {
  mapId: number;
  sectionId: number;
  sortOrder: number;
  marks: number;
  negativeMarks: number;
  question: QuestionContent;
}

/** A test as the exam engine sees it: the task with its course flags, its sections and its questions (keys included). */
export interface TaskBundle {
  task: TestTaskRow;
  sections: SectionRow[];
  maps: MappedQuestion[];
}

/** What the academy asks of the question bank: which version is current, and a version's content. */
export interface QuestionSource {
  currentVersionIds(questionIds: number[]): Promise<Map<number, number>>;
  contentOfVersions(versionIds: number[]): Promise<Map<number, QuestionContent>>;
}

/**
 * What the exam, grading, proctoring and reports modules read about a test. Keys are on the
 * questions: callers decide what reaches a response (the contracts' schemas strip the rest).
 */
export function createExamContent(repo: AcademyRepository, questions: QuestionSource) {
  /** Each placement with the version given for it (an attempt's served versions), else the current one. */
  async function withContent(placements: Placement[], versions?: Map<number, number>): Promise<MappedQuestion[]> {
    const current = await questions.currentVersionIds(placements.filter((p) => !versions?.has(p.mapId)).map((p) => p.questionId));
    const versionOf = (p: Placement) => versions?.get(p.mapId) ?? current.get(p.questionId)!;
    const content = await questions.contentOfVersions(placements.map(versionOf));
    return placements.map((p) => {
      const question = content.get(versionOf(p))!;
      return {
        mapId: p.mapId,
        sectionId: p.sectionId,
        sortOrder: p.sortOrder,
        marks: p.marksOverride ?? question.marks,
        negativeMarks: p.negativeMarksOverride ?? question.negativeMarks,
        question,
      };
    });
  }

  return {
    /**
     * The test with its questions: at the versions given per questionTaskMapID (those an attempt
     * was served), and at each question's current version otherwise.
     */
    async loadTestBundle(taskId: number, versions?: Map<number, number>): Promise<TaskBundle | undefined> {
      const task = await repo.getTestTask(taskId);
      if (!task) return undefined;
      const [sections, placements] = await Promise.all([repo.listSections(taskId), repo.listPlacements(taskId)]);
      return { task, sections, maps: await withContent(placements, versions) };
    },
    getTestTask: (taskId: number) => repo.getTestTask(taskId),
    listSections: (taskId: number) => repo.listSections(taskId),
    /** A question's placement in a test, with its current version (its kind never changes). */
    async findMapByQuestion(taskId: number, questionId: number): Promise<MappedQuestion | undefined> {
      const placement = await repo.findPlacementByQuestion(taskId, questionId);
      return placement ? (await withContent([placement]))[0] : undefined;
    },
    findQuestionMap: (mapId: number) => repo.findMap(mapId),
    /**
     * Of these questions, those a graded test students can take now also holds: practice never
     * shows their keys (until tests carry review settings).
     */
    questionsInOpenGradedTests: (questionIds: number[]) => repo.questionsInOpenGradedTests(questionIds),
    /** Names and score visibility of tasks, by id. */
    async taskNames(taskIds: number[]): Promise<Map<number, { name: string; scoreVisible: boolean }>> {
      const rows = await repo.listTaskNames([...new Set(taskIds)]);
      return new Map(rows.map((r) => [r.id, { name: r.name, scoreVisible: r.scoreVisible }]));
    },
    markTaskCompleted: (values: { userId: number; taskId: number; courseId: number; at: Date }) => repo.markTaskCompleted(values),
  };
}

export type ExamContent = ReturnType<typeof createExamContent>;
