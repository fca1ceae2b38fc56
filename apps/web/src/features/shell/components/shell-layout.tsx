import { DRAWER_HIDDEN_BELOW_PX, menuFor, NAVBAR_WIDTH, type Role } from '@app/contracts';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation';
import { matchPath, useLocation } from 'react-router';
import { useCountdown } from '../../../hooks/use-countdown';
import { useServerRole } from '../../../hooks/use-server-role';
import { useSessionUser } from '../../../hooks/use-session-user';
import { useTeacherPermissions } from '../../../hooks/use-teacher-permissions';
import { requestLogout } from '../../../lib/session-store';
import { useActiveTest, useProfileInfo, useUpcomingTests } from '../api/navigation-api';
import { useVisitedUrls } from '../use-visited-urls';
import { Footer } from './footer';
import { Header } from './header';
import { Navbar } from './navbar';
import { NotificationPanel } from './notification-panel';
import { ProfileMenu } from './profile-menu';
import { WelcomeDialog } from './welcome-dialog';
import { paths } from '../../../config/paths';

const WELCOME_SHOWN_KEY = 'welcomeShown';
const LARGE_SCREEN = '(min-width:1200px)';
const SMALL_SCREEN = `(max-width:${DRAWER_HIDDEN_BELOW_PX - 0.05}px)`;

/**
 * The role-based shell: side navigation (permanent on large screens, sliding in on small ones,
 * hidden by default below 700 px), header, notification panel, welcome pop-up and footer.
 */
export function ShellLayout({
  darkTheme,
  headerActions,
  navIcons,
  children,
}: {
  darkTheme: Theme;
  headerActions?: ReactNode;
  /** Menu icons beyond the shell's own, by name (the staff pages', app/staff-pages.ts). */
  navIcons?: ComponentProps<typeof Navbar>['icons'];
  children: ReactNode;
}) {
  const { t } = useTranslation('shell');
  const user = useSessionUser();
  const role = user?.role as Role;
  const { pathname } = useLocation();
  const isLarge = useMediaQuery(LARGE_SCREEN);
  const isSmall = useMediaQuery(SMALL_SCREEN, { noSsr: true });
  const [isNavOpen, setIsNavOpen] = useState(!isSmall);
  const [isPanelOpen, setIsPanelOpen] = useState(false);
  const { permittedTabs } = useTeacherPermissions();
  const serverRole = useServerRole(Boolean(user));
  const items = useMemo(() => (user ? menuFor(user.role, permittedTabs, serverRole) : []), [user, permittedTabs, serverRole]);
  const { activeTest, clear } = useActiveTest(Boolean(user));
  const upcomingTests = useUpcomingTests(role === 'Student' || role === 'SchoolStudent');
  const { secondsLeft } = useCountdown(activeTest?.endsAt ?? null, clear);
  const isSchoolStudent = role === 'SchoolStudent';
  const profileInfo = useProfileInfo(Boolean(user));
  const [isWelcomeOpen, setIsWelcomeOpen] = useState(false);
  useVisitedUrls(user?.UserSessionID ?? null, role === 'Student');

  useEffect(() => setIsNavOpen(!isSmall), [isSmall]);

  useEffect(() => {
    if (!isSchoolStudent || !matchPath(paths.academy.management.path, pathname) || !profileInfo.isFetched) return;
    if (sessionStorage.getItem(WELCOME_SHOWN_KEY)) return;
    sessionStorage.setItem(WELCOME_SHOWN_KEY, 'true');
    setIsWelcomeOpen(true);
  }, [isSchoolStudent, pathname, profileInfo.isFetched]);

  if (!user) return null;
  const details = profileInfo.data;
  const logoUrl = isSchoolStudent ? details?.InstitutionLogo : null;
  const closeOnSmall = () => {
    if (!isLarge) setIsNavOpen(false);
  };
  const navbar = <Navbar items={items} icons={navIcons} logoUrl={logoUrl} onNavigate={isSmall ? closeOnSmall : undefined} />;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <ThemeProvider theme={darkTheme}>
        {isLarge ? (
          <Drawer variant="permanent" sx={{ width: NAVBAR_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: NAVBAR_WIDTH, border: 0 } }}>
            {navbar}
          </Drawer>
        ) : isSmall ? (
          <Drawer
            variant="temporary"
            open={isNavOpen}
            onClose={() => setIsNavOpen(false)}
            ModalProps={{ keepMounted: true }}
            // The sliding menu is a modal dialog on a phone: it needs a name of its own.
            slotProps={{ paper: { 'aria-label': t('navigationMenu') } }}
          >
            {navbar}
          </Drawer>
        ) : (
          <Box sx={{ width: isNavOpen ? NAVBAR_WIDTH : 0, flexShrink: 0, transition: 'width 225ms ease' }}>
            <Drawer variant="persistent" open={isNavOpen} sx={{ '& .MuiDrawer-paper': { width: NAVBAR_WIDTH, border: 0 } }}>
              {navbar}
            </Drawer>
          </Box>
        )}
      </ThemeProvider>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Header
          isNavToggleShown={!isLarge}
          onToggleNav={() => setIsNavOpen((open) => !open)}
          hasActiveTest={Boolean(activeTest)}
          onOpenNotifications={() => setIsPanelOpen(true)}
          actions={headerActions}
          account={
            <ProfileMenu
              name={user.displayName}
              photoUrl={details?.ProfilePicture ?? user.photoURL}
              hasProfile={items.some((item) => item.id === 'profile')}
              onLogout={() => void requestLogout()}
            />
          }
        />
        <Box component="main" sx={{ flex: 1, p: { xs: 1.5, sm: 3 }, bgcolor: 'background.default' }}>
          {children}
        </Box>
        <ThemeProvider theme={darkTheme}>
          <Footer role={user.role} />
        </ThemeProvider>
      </Box>
      <NotificationPanel isOpen={isPanelOpen} onClose={() => setIsPanelOpen(false)} activeTest={activeTest} secondsLeft={secondsLeft} upcomingTests={upcomingTests} />
      {isSchoolStudent && (
        <WelcomeDialog isOpen={isWelcomeOpen} onClose={() => setIsWelcomeOpen(false)} html={details?.InstitutionWelComeMsg} logoUrl={logoUrl} />
      )}
    </Box>
  );
}
