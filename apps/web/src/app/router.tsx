import type { Role } from '@app/contracts';
import { Suspense, useMemo } from 'react';
import { matchPath, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { useSessionUser } from '../hooks/use-session-user';
import { PageLoader } from './layouts/page-loader';
import { PlainLayout } from './layouts/plain-layout';
import { PublicLayout } from './layouts/public-layout';
import { RoleFallback } from './layouts/role-fallback';
import { lazyNamed } from '../lib/lazy-named';
import { AuthenticatedLayout, CentreCheckPage } from './pages/pages';
import { ChangePasswordScreen, ForgetPasswordScreen, LoginScreen, SignupScreen, VerifyScreen } from '../features/auth/pages';
import { ProfileScreen, RegisterScreen } from '../features/profile/pages';
import { DigestUnsubscribe } from '../features/reports/family/pages';
import { SetPasswordScreen } from '../features/students/pages';
import { ErrorPage } from './pages/error-page';
import { RouteErrorBoundary } from '../components/errors/route-error-boundary';
import { rootRouteFor } from '../config/role-paths';
import { workspaceRoutes } from './routes/workspace-routes';
import { studentAdaptiveRoutes } from './routes/adaptive-routes';
import { studentScheduleRoutes } from './routes/schedules-routes';
import { studentOmrRoutes } from './routes/omr-routes';
import { institutionRoutes } from './routes/institution-routes';
import { parentRoutes } from './routes/parent-routes';
import { adminRoutes, staffRoutes } from './routes/staff-routes';
import { academyRoutes } from './routes/academy-routes';
import { examFullScreenRoutes, examShellRoutes } from './routes/exam-routes';

// Every page is its own chunk (React.lazy) so the first load, and the test player, stay small.
// The shell (with its quick bar forms) is a chunk of its own: the full-screen test player does not load it.
// So is the query cache (TanStack Query), which every page but the test player uses.
const loadQueryProvider = () => import('./query-provider');
const QueryProvider = lazyNamed(loadQueryProvider, 'QueryProvider');
// Outside the player, start loading it with the app rather than after the first render.
if (!matchPath(paths.exam.player.path, window.location.pathname)) void loadQueryProvider();

const publicRoutes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { path: paths.auth.login.path, element: <LoginScreen /> },
      { path: paths.auth.signup.path, element: <SignupScreen /> },
      { path: paths.auth.forgetPassword.path, element: <ForgetPasswordScreen /> },
      { path: paths.auth.verify.path, element: <VerifyScreen /> },
      { path: paths.auth.changePassword.path, element: <ChangePasswordScreen /> },
      { path: paths.auth.setPassword.path, element: <SetPasswordScreen /> },
      { path: paths.digestUnsubscribe.path, element: <DigestUnsubscribe /> },
    ],
  },
  { path: paths.error.path, element: <ErrorPage /> },
  // Signed in or not: a lab machine is checked before the exam, by anyone.
  {
    path: paths.centreCheck.path,
    element: (
      <RouteErrorBoundary>
        <Suspense fallback={<PageLoader />}>
          <CentreCheckPage />
        </Suspense>
      </RouteErrorBoundary>
    ),
  },
];

/*
 * Feature route slots. Each feature's pages are one RouteObject[] (in app/routes/<domain>.tsx,
 * lazy-loaded), added to its role slot here with one import line. Paths come from
 * config/paths.ts; a role-table path without a page shows "not available in this version"
 * (RoleFallback). Each layout wraps its pages in a RouteErrorBoundary (the route's error element).
 */
const profileRoutes: RouteObject[] = [{ path: paths.profile.path, element: <ProfileScreen /> }];

/** Student and SchoolStudent pages inside the shell: academy, notes, bookmarks, to-do, calendar, reports. */
const studentRoutes: RouteObject[] = [...profileRoutes, ...examShellRoutes, ...academyRoutes, ...workspaceRoutes, ...studentScheduleRoutes, ...studentOmrRoutes, ...studentAdaptiveRoutes];
/** Student pages without the shell (the test player). */
const studentFullScreenRoutes: RouteObject[] = [...examFullScreenRoutes];

function roleRoutes(role: Role): { shell: RouteObject[]; fullScreen: RouteObject[] } {
  switch (role) {
    case 'Student':
    case 'SchoolStudent':
      return { shell: studentRoutes, fullScreen: studentFullScreenRoutes };
    case 'Institution':
      return { shell: institutionRoutes, fullScreen: [] };
    case 'Parent':
      return { shell: parentRoutes, fullScreen: [] };
    case 'ClientAdmin':
    case 'InstituteAdmin':
      return { shell: adminRoutes, fullScreen: [] };
    default:
      return { shell: staffRoutes, fullScreen: [] };
  }
}

function signedInRoutes(role: Role): RouteObject[] {
  const { shell, fullScreen } = roleRoutes(role);
  return [
    {
      element: <QueryProvider />,
      children: [
        ...publicRoutes,
        ...(role === 'Student' || role === 'SchoolStudent' ? [{ element: <PlainLayout />, children: [{ path: paths.auth.register.path, element: <RegisterScreen /> }] }] : []),
        {
          path: paths.root.path,
          element: <AuthenticatedLayout />,
          children: [{ index: true, element: <Navigate to={rootRouteFor(role)} replace /> }, ...shell, { path: '*', element: <RoleFallback /> }],
        },
      ],
    },
    ...fullScreen,
  ];
}

function ToLogin() {
  const { pathname, search } = useLocation();
  const from = pathname === paths.root.path ? undefined : `${pathname}${search}`;
  return <Navigate to={paths.auth.login.getHref()} replace state={from ? { from } : undefined} />;
}

const signedOutRoutes: RouteObject[] = [{ element: <QueryProvider />, children: [...publicRoutes, { path: '*', element: <ToLogin /> }] }];

/** Public routes, then the signed-in user's role route set (spec 000 §2). */
export function AppRoutes() {
  const user = useSessionUser();
  const role = user?.role;
  const routes = useMemo(() => (role ? signedInRoutes(role) : signedOutRoutes), [role]);
  return useRoutes(routes);
}
