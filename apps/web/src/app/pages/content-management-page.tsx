import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { parseRouteId, paths } from '../../config/paths';
import { ContentManagementScreen } from '../../features/academy/manage/components/content-management-screen';
import { useViewFocus } from '../route-focus';

/** Staff at /academy/courses (and every academy path): Content Management; `?course=` opens a course. */
export function ContentManagementPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const courseId = parseRouteId(search.get('course') ?? undefined);
  useViewFocus(String(courseId));
  const courseHref = useCallback((id?: number) => paths.academy.management.getHref(id), []);
  const testConfigHref = useCallback((taskId: number) => `${paths.staff.testConfig.getHref()}?${new URLSearchParams({ test: String(taskId) })}`, []);
  return (
    <ContentManagementScreen
      courseId={courseId}
      courseHref={courseHref}
      testConfigHref={testConfigHref}
      onOpenCourse={(id) => void navigate(courseHref(id ?? undefined))}
    />
  );
}
