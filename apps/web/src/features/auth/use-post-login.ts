import { homeRouteFor, menuFor, type LoginResult } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { hasNarrowedMenu, teacherPermissionsQuery } from '../../lib/teacher-permissions';
import { startSession } from './session';
import { menuPathname, paths } from '../../config/paths';
import { isPathPermitted, isRolePath } from '../../config/role-paths';

/**
 * Stores the session and routes per spec 000 §4: the role's home; a session-id login opens the
 * returned course's topic page; a teacher whose permission fetch fails goes to /error, and a
 * teacher without Content Management lands on the first permitted page instead. A deep link
 * opened before sign-in is honoured only when the role may open it (an Institution that opened a
 * student page goes to /reports, not to /error).
 */
export function usePostLogin() {
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from;
  const queryClient = useQueryClient();
  return useCallback(
    async (result: LoginResult, options: { viaSessionId?: boolean } = {}) => {
      queryClient.clear();
      const user = startSession(result);
      if (options.viaSessionId && result.CourseID) {
        navigate(paths.academy.topics.getHref({ courseId: result.CourseID }), { replace: true });
        return;
      }
      let deepLink = from && from !== paths.root.path && isRolePath(user.role, pathnameOf(from)) ? from : undefined;
      let target = deepLink ?? homeRouteFor(user.role);
      if (hasNarrowedMenu(user.role)) {
        try {
          const tabs = await queryClient.fetchQuery(teacherPermissionsQuery);
          if (deepLink && !isPathPermitted(user.role, tabs, pathnameOf(deepLink))) deepLink = undefined;
          target = deepLink ?? homeRouteFor(user.role);
          const urls = menuFor(user.role, tabs).map((item) => menuPathname(item.url));
          if (!deepLink && !urls.includes(target)) target = urls[0] ?? paths.error.getHref();
        } catch {
          target = paths.error.getHref();
        }
      }
      navigate(target, { replace: true });
    },
    [navigate, queryClient, from],
  );
}

/** The path of an in-app link (`/a/b?x=1#y` → `/a/b`). */
function pathnameOf(link: string): string {
  return new URL(link, 'http://app.invalid').pathname;
}
