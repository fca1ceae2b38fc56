import { MENUS, ROLES, type Role } from '@app/contracts';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { allPathPatterns, menuPathname, parseRouteId, paths } from './paths';

const patterns = allPathPatterns();
const isInTable = (pathname: string) => patterns.some((path) => matchPath({ path, end: true }, pathname) !== null);

describe('paths table', () => {
  it('resolves every menu target of every role to a page of the table', () => {
    const missing = (Object.keys(MENUS) as Role[]).flatMap((role) =>
      MENUS[role]
        .map((item) => menuPathname(item.url))
        .filter((pathname) => !isInTable(pathname))
        .map((pathname) => `${role} ${pathname}`),
    );
    expect(missing).toEqual([]);
  });

  it('covers every role of the contracts', () => {
    expect(Object.keys(MENUS).sort()).toEqual([...ROLES].sort());
  });

  it('builds links that its own patterns match, with the parameters back', () => {
    const topic = paths.academy.topics.getHref({ courseId: 4, topicId: 9 });
    expect(topic).toBe('/academy/courses/topic/4/9');
    expect(matchPath(paths.academy.topics.path, topic)?.params).toEqual({ courseId: '4', topicId: '9' });
    expect(paths.academy.topics.getHref({ courseId: 4 })).toBe('/academy/courses/topic/4');

    const player = paths.exam.player.getHref({ type: 'practice', courseID: 3, taskID: 7 });
    expect(matchPath(paths.exam.player.path, player)?.params).toEqual({ type: 'practice', courseID: '3', taskID: '7' });
  });

  it('stops optional segments at the first missing one and escapes values', () => {
    expect(paths.workspace.notes.getHref()).toBe('/notes');
    expect(paths.workspace.notes.getHref({ id: 'archive' })).toBe('/notes/archive');
    expect(paths.workspace.notes.getHref({ labelHandle: 'x', labelId: 2 })).toBe('/notes');
    expect(paths.workspace.todoLabel.getHref({ labelHandle: 'a b/c' })).toBe('/todo/label/a%20b%2Fc');
  });

  it('puts report parameters in the query, encoded', () => {
    expect(paths.reports.report.getHref()).toBe('/report');
    expect(paths.reports.report.getHref({ courseId: 3, taskId: 7, attemptId: 'a&b' })).toBe(
      '/report?courseId=3&taskId=7&attemptId=a%26b',
    );
  });

  it('reads id segments as positive whole numbers only', () => {
    expect(parseRouteId('42')).toBe(42);
    for (const bad of [undefined, '', '0', '-3', '3.5', '1e3', ' 7', '07', 'abc', '99999999999999999']) expect(parseRouteId(bad)).toBeNull();
  });
});
