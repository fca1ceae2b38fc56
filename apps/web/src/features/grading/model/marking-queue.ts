import { MARK_STEP, type PendingEvaluation } from '@app/contracts';

/**
 * The marking queue's pure rules: grouping answers per test and question, the filter options the
 * queue offers, which answer comes next after a save, and what a typed mark means.
 */

export const itemKey = (item: Pick<PendingEvaluation, 'attemptId' | 'questionTaskMapID'>): string => `${item.attemptId}:${item.questionTaskMapID}`;

export interface QuestionGroup {
  mapId: number;
  title: string;
  items: PendingEvaluation[];
}

export interface TestGroup {
  taskId: number;
  TaskName: string;
  questions: QuestionGroup[];
  count: number;
}

/** Per test, then per question, keeping the queue's order (oldest submission first) inside each. */
export function groupQueue(items: readonly PendingEvaluation[]): TestGroup[] {
  const tests = new Map<number, TestGroup>();
  for (const item of items) {
    let test = tests.get(item.taskId);
    if (!test) {
      test = { taskId: item.taskId, TaskName: item.TaskName, questions: [], count: 0 };
      tests.set(item.taskId, test);
    }
    let question = test.questions.find((q) => q.mapId === item.questionTaskMapID);
    if (!question) {
      question = { mapId: item.questionTaskMapID, title: item.questionTitle, items: [] };
      test.questions.push(question);
    }
    question.items.push(item);
    test.count += 1;
  }
  return [...tests.values()];
}

/** The queue in the order it is worked through: test by test, question by question. */
export const workOrder = (items: readonly PendingEvaluation[]): PendingEvaluation[] =>
  groupQueue(items).flatMap((test) => test.questions.flatMap((question) => question.items));

export interface FilterOptions {
  tests: Array<{ id: number; name: string }>;
  questions: Array<{ id: number; name: string }>;
  classes: Array<{ id: number; name: string }>;
}

/** Options from the answers in the queue; questions only of the chosen test. */
export function filterOptions(items: readonly PendingEvaluation[], taskId: number | null): FilterOptions {
  const tests = new Map<number, string>();
  const questions = new Map<number, string>();
  const classes = new Map<number, string>();
  for (const item of items) {
    tests.set(item.taskId, item.TaskName);
    if (taskId === null || item.taskId === taskId) questions.set(item.questionTaskMapID, item.questionTitle);
    if (item.classId !== null) classes.set(item.classId, item.className ?? String(item.classId));
  }
  const list = (map: Map<number, string>) => [...map.entries()].map(([id, name]) => ({ id, name }));
  return { tests: list(tests), questions: list(questions), classes: list(classes).sort((a, b) => a.name.localeCompare(b.name)) };
}

/**
 * After the current answer is saved, the one to mark next: the answer after it in work order,
 * else the one before it, else none. In the pending queue a saved answer leaves the list, so the
 * list given may or may not still hold it.
 */
export function nextAfter(before: readonly PendingEvaluation[], currentKey: string): string | null {
  const ordered = workOrder(before);
  const index = ordered.findIndex((item) => itemKey(item) === currentKey);
  if (index < 0) return ordered[0] ? itemKey(ordered[0]) : null;
  const next = ordered[index + 1] ?? ordered[index - 1];
  return next ? itemKey(next) : null;
}

/** A typed mark: a number from 0 to the question's marks in steps of MARK_STEP; null otherwise. */
export function parseMark(value: string, max: number): number | null {
  const text = value.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const mark = Number(text);
  if (!Number.isFinite(mark) || mark < 0 || mark > max) return null;
  return Number.isInteger(mark / MARK_STEP) ? mark : null;
}
