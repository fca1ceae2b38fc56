import type { PendingEvaluation } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { filterOptions, groupQueue, itemKey, nextAfter, parseMark, workOrder } from './marking-queue';

function item(attemptId: string, taskId: number, mapId: number, extra: Partial<PendingEvaluation> = {}): PendingEvaluation {
  return {
    attemptId,
    candidate: `C-${attemptId}`,
    classId: 1,
    className: '11',
    taskId,
    questionTaskMapID: mapId,
    questionID: mapId,
    TaskName: `Test ${taskId}`,
    questionTitle: `Q${mapId}`,
    questionData: '',
    modelAnswer: null,
    answerData: 'text',
    lineNumber: null,
    marks: 5,
    submittedAt: null,
    teacherMarks: null,
    teacherComment: null,
    ...extra,
  };
}

const queue = [item('a', 1, 10), item('b', 2, 20), item('c', 1, 11), item('d', 1, 10, { classId: 2, className: '12' })];

describe('the marking queue', () => {
  it('groups per test and question, in queue order', () => {
    const groups = groupQueue(queue);
    expect(groups.map((g) => [g.taskId, g.count])).toEqual([
      [1, 3],
      [2, 1],
    ]);
    expect(groups[0]!.questions.map((q) => [q.mapId, q.items.map((i) => i.attemptId)])).toEqual([
      [10, ['a', 'd']],
      [11, ['c']],
    ]);
    expect(workOrder(queue).map(itemKey)).toEqual(['a:10', 'd:10', 'c:11', 'b:20']);
  });

  it('offers the tests, the chosen test’s questions and the classes in the queue', () => {
    const options = filterOptions(queue, 1);
    expect(options.tests).toEqual([
      { id: 1, name: 'Test 1' },
      { id: 2, name: 'Test 2' },
    ]);
    expect(options.questions.map((q) => q.id)).toEqual([10, 11]);
    expect(options.classes).toEqual([
      { id: 1, name: '11' },
      { id: 2, name: '12' },
    ]);
    expect(filterOptions(queue, null).questions.map((q) => q.id)).toEqual([10, 20, 11]);
  });

  it('moves on to the next answer in work order after a save, or back to the one before at the end', () => {
    expect(nextAfter(queue, 'a:10')).toBe('d:10');
    expect(nextAfter(queue, 'c:11')).toBe('b:20');
    expect(nextAfter(queue, 'b:20')).toBe('c:11');
    expect(nextAfter([queue[0]!], 'a:10')).toBeNull();
    expect(nextAfter(queue, 'gone:1')).toBe('a:10');
  });

  it('accepts marks from 0 to the maximum in quarter steps', () => {
    expect(parseMark('3.5', 5)).toBe(3.5);
    expect(parseMark('0', 5)).toBe(0);
    expect(parseMark('4,25', 5)).toBe(4.25);
    expect(parseMark('5', 5)).toBe(5);
    for (const bad of ['5.25', '2.3', '-1', '', 'four', '1e1']) expect(parseMark(bad, 5), bad).toBeNull();
  });
});
