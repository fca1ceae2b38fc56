import type { AcademyRepository, MappedQuestion, SectionRow, TestTaskRow } from './academy.repository.js';

export type { MappedQuestion, QuestionRow, SectionRow, TaskRow, TestTaskRow } from './academy.repository.js';

/** A test as the exam engine sees it: the task with its course flags, its sections and its questions (keys included). */
export interface TaskBundle {
  task: TestTaskRow;
  sections: SectionRow[];
  maps: MappedQuestion[];
}

/**
 * What the exam, grading, proctoring and reports modules read about a test. Keys are on the
 * questions: callers decide what reaches a response (the contracts' schemas strip the rest).
 */
export function createExamContent(repo: AcademyRepository) {
  return {
    async loadTestBundle(taskId: number): Promise<TaskBundle | undefined> {
      const task = await repo.getTestTask(taskId);
      if (!task) return undefined;
      const [sections, maps] = await Promise.all([repo.listSections(taskId), repo.listMappedQuestions(taskId)]);
      return { task, sections, maps };
    },
    getTestTask: (taskId: number) => repo.getTestTask(taskId),
    listSections: (taskId: number) => repo.listSections(taskId),
    findMapByQuestion: (taskId: number, questionId: number) => repo.findMapByQuestion(taskId, questionId),
    findQuestionMap: (mapId: number) => repo.findMap(mapId),
    /** Names and score visibility of tasks, by id. */
    async taskNames(taskIds: number[]): Promise<Map<number, { name: string; scoreVisible: boolean }>> {
      const rows = await repo.listTaskNames([...new Set(taskIds)]);
      return new Map(rows.map((r) => [r.id, { name: r.name, scoreVisible: r.scoreVisible }]));
    },
    markTaskCompleted: (values: { userId: number; taskId: number; courseId: number; at: Date }) => repo.markTaskCompleted(values),
  };
}

export type ExamContent = ReturnType<typeof createExamContent>;
